import { describe, expect, it } from 'vitest';
import { MAX_PATTERN_LENGTH, patternProblem, uncheckedPatterns } from './safe-pattern';

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

describe('uncheckedPatterns', () => {
  it('names each flagged pattern by the field’s title, else its property, and leaves safe ones out', () => {
    const schema = {
      type: 'object',
      properties: {
        host: { type: 'string', title: 'Host name', pattern: '^([a-z0-9]+(-[a-z0-9]+)*\\.)+[a-z]{2,}$' },
        handle: { type: 'string', pattern: '^(a+)+$' },
        cc: { type: 'string', pattern: '^[A-Z]{2}$' },
        contact: { type: 'object', properties: { fax: { type: 'string', pattern: '^(\\d+\\s?)*$' } } },
      },
      // Data, not a schema: never read as one.
      examples: [{ pattern: '^(a+)+$' }],
    };
    const found = uncheckedPatterns(schema);
    expect(found.map(({ field, pattern }) => [field, pattern])).toEqual([
      ['Host name', '^([a-z0-9]+(-[a-z0-9]+)*\\.)+[a-z]{2,}$'],
      ['handle', '^(a+)+$'],
      ['fax', '^(\\d+\\s?)*$'],
    ]);
    for (const { problem } of found) expect(problem).toMatch(/repeated group/);
  });

  it('says "the body" for a top-level pattern and stops at its bound on a huge schema', () => {
    const [top, ...rest] = uncheckedPatterns({ type: 'string', pattern: '^(a|aa)*$' });
    expect(rest).toEqual([]);
    expect([top?.field, top?.pattern]).toEqual(['the body', '^(a|aa)*$']);
    const huge = { anyOf: Array.from({ length: 100_000 }, () => ({ pattern: '^(a+)+$' })) };
    expect(uncheckedPatterns(huge).length).toBeLessThan(20_000);
  });
});
