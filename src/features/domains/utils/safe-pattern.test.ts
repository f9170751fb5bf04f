import { describe, expect, it } from 'vitest';
import { MAX_PATTERN_LENGTH, patternProblem } from './safe-pattern';

describe('patternProblem', () => {
  it.each([
    '^[A-Z]{2}$',
    '^[A-Z0-9]{8}$',
    '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
    '^(?:yes|1)$',
    '^\\+\\d{1,3}\\.\\d{4,14}$',
    '^(?<cc>[A-Z]{2})-\\d+$',
    '[(+*)]+',
  ])('runs %s', (pattern) => {
    expect(patternProblem(pattern)).toBeUndefined();
  });

  it.each([
    ['^(a+)+$', /repeated group/],
    ['^(a*)*b$', /repeated group/],
    ['^(a|aa)+$', /repeated group/],
    ['^(?:\\w+\\s?)*$', /repeated group/],
    ['^((ab)*c)+$', /repeated group/],
    ['^(a+){2,}$', /repeated group/],
    ['^\\d*\\d*\\d*\\d*x$', /more than 3 unbounded repeats/],
    ['^(a)\\1$', /backreference/],
    ['^(?<x>a)\\k<x>$', /backreference/],
    ['^[a-', /Invalid regular expression/],
    ['a'.repeat(MAX_PATTERN_LENGTH + 1), /longer than/],
  ])('refuses %s', (pattern, reason) => {
    expect(patternProblem(pattern)).toMatch(reason);
  });

  it('takes a pattern at the length bound', () => {
    expect(patternProblem('a'.repeat(MAX_PATTERN_LENGTH))).toBeUndefined();
  });
});
