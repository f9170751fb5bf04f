import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPattern, compileGlob, GlobError, matchGlob, namePredicate } from './name-glob';

/**
 * The reference: the glob written as a RegExp, as the planner did before (exponential on hostile patterns,
 * exact on small ones). Only valid globs are generated, so the two must agree on every name.
 */
function referenceRegExp(glob: string): RegExp {
  let source = '';
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index] ?? '';
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else if (char === '[') {
      const close = glob.indexOf(']', index + 1);
      const body = glob.slice(index + 1, close);
      source += body.startsWith('!') ? `[^${body.slice(1)}]` : `[${body}]`;
      index = close;
    } else source += char.replace(/[.+^${}()|\\\]-]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'i');
}

const piece = fc.constantFrom('a', 'b', 'A', '-', '.', '*', '?', '[ab]', '[!a]', '[a-c]', '[0-9]', '[B-D]');
const glob = fc.array(piece, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));
const name = fc
  .array(fc.constantFrom('a', 'b', 'c', 'B', 'D', '0', '5', '-', '.', '_'), { maxLength: 12 })
  .map((chars) => chars.join(''));

/** The bound matchGlob promises: every step consumes a name character or restarts one further on. */
const bound = (pattern: string, subject: string) =>
  (subject.length + 1) * (compileGlob(pattern).tokens.length + 1);

describe('name globs', () => {
  it('match exactly what the RegExp reference matches', () => {
    fc.assert(
      fc.property(glob, name, (pattern, subject) => {
        expect(matchGlob(compileGlob(pattern), subject)).toBe(referenceRegExp(pattern).test(subject));
      }),
      { numRuns: 3000 },
    );
  });

  it('never take more than (name + 1) × (tokens + 1) steps, for any pattern and name', () => {
    const anyPattern = fc
      .string({ maxLength: 40 })
      .filter((value) => !(value.includes('[') || /\s/.test(value)));
    fc.assert(
      fc.property(fc.oneof(glob, anyPattern), fc.string({ maxLength: 100 }), (pattern, subject) => {
        const steps = { count: 0 };
        matchGlob(compileGlob(pattern), subject, steps);
        expect(steps.count).toBeLessThanOrEqual(bound(pattern, subject));
      }),
      { numRuns: 2000 },
    );
  });

  it('answer the worst cases at the 500-character cap within the bound (counted, not timed)', () => {
    const longName = 'a'.repeat(100);
    const worst = [
      `${'*'.repeat(499)}!`,
      `${'*a'.repeat(250)}`,
      `${'a*'.repeat(249)}b!`,
      `*${'?'.repeat(98)}*!`,
      `${'*[a-z]'.repeat(83)}!`,
    ];
    for (const pattern of worst) {
      expect(pattern.length).toBeLessThanOrEqual(500);
      const steps = { count: 0 };
      expect(matchGlob(compileGlob(pattern), longName, steps)).toBe(false);
      expect(steps.count).toBeLessThanOrEqual(bound(pattern, longName));
      // With stars collapsed and one restart per name character, the count stays far below the cap.
      expect(steps.count).toBeLessThanOrEqual(101 * 501);
    }
    // The pattern that took 3.5 s as a RegExp: a handful of steps.
    const steps = { count: 0 };
    matchGlob(compileGlob('***************!'), 'a'.repeat(100), steps);
    expect(steps.count).toBeLessThanOrEqual(2 * 101);
  });

  it('refuse what can never be meant, naming the glob', () => {
    expect(() => compileGlob('[z-a]')).toThrow(GlobError);
    expect(() => compileGlob('[z-a]')).toThrow('“[z-a]”');
    expect(() => compileGlob('api-[0-9')).toThrow('not closed');
    expect(() => compileGlob('a\u0000b')).toThrow('control character');
    expect(checkPattern('api-*, [z-a]')?.glob).toBe('[z-a]');
    expect(checkPattern('api-* [a-z]*')).toBeUndefined();
  });

  it('keep POSIX details: ] first in a set, - at an edge, ! and ^ negate, any case', () => {
    expect(namePredicate('[]a]')(']')).toBe(true);
    expect(namePredicate('[-a]x')('-x')).toBe(true);
    expect(namePredicate('x[^0-9]')('xa')).toBe(true);
    expect(namePredicate('x[!0-9]')('x5')).toBe(false);
    expect(namePredicate('[A-C]*')('banana')).toBe(true);
    expect(namePredicate('API-*')('api-1')).toBe(true);
    expect(namePredicate('')('anything')).toBe(true);
  });
});
