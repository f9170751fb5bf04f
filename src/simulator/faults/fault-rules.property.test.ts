import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesPath, parseFaultRules } from './fault-rules';

/** SIM_FAULTS and POST /__sim/faults take outside input: the parser never throws and is idempotent. */
describe('parseFaultRules', () => {
  const almostRule = fc.record(
    {
      kind: fc.oneof(
        fc.constantFrom('latency', 'status', 'drop', 'primary-rate-limit', 'registrar-503-burst'),
        fc.string(),
      ),
      status: fc.oneof(fc.constantFrom(500, 502, 503), fc.integer()),
      latencyMs: fc.oneof(fc.nat(1000), fc.double()),
      path: fc.oneof(fc.constantFrom('rate_limit', 'orgs/*/migrations', '**'), fc.string({ maxLength: 20 })),
      method: fc.oneof(fc.constantFrom('get', 'POST'), fc.string({ maxLength: 6 })),
      count: fc.oneof(fc.nat(10), fc.double()),
      probability: fc.double(),
    },
    { requiredKeys: ['kind'] },
  );

  it('never throws on any JSON, and what it accepts it accepts again unchanged', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), almostRule, fc.array(almostRule, { maxLength: 3 })), (input) => {
        const result = parseFaultRules(input);
        if (!result.ok) {
          expect(result.error.length).toBeGreaterThan(0);
          return;
        }
        expect(parseFaultRules(result.rules)).toEqual(result);
        for (const rule of result.rules) if (rule.path) expect(rule.path.split('/')).not.toContain('..');
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('matchesPath', () => {
  const segment = fc.stringMatching(/^[a-z0-9_-]{1,8}$/);
  it('matches a path against itself, ** against anything, and * segment by segment', () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), (segments) => {
        const path = segments.join('/');
        expect(matchesPath(path, path)).toBe(true);
        expect(matchesPath('**', path)).toBe(true);
        expect(matchesPath(segments.map(() => '*').join('/'), path)).toBe(true);
        expect(matchesPath(`${path}/*`, path)).toBe(false);
      }),
    );
  });

  /** The old backtracking matcher: right on small inputs, exponential on many `**`. */
  function reference(pattern: string, path: string): boolean {
    const want = pattern.split('/').filter(Boolean);
    const have = path.split('/').filter(Boolean);
    const walk = (i: number, j: number): boolean => {
      if (i === want.length) return j === have.length;
      if (want[i] === '**') {
        for (let k = j; k <= have.length; k += 1) if (walk(i + 1, k)) return true;
        return false;
      }
      return j < have.length && (want[i] === '*' || want[i] === have[j]) && walk(i + 1, j + 1);
    };
    return walk(0, 0);
  }

  it('agrees with a straightforward backtracking matcher on small inputs', () => {
    const part = fc.constantFrom('a', 'b', '*', '**');
    fc.assert(
      fc.property(
        fc.array(part, { maxLength: 6 }),
        fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 6 }),
        (want, have) => {
          expect(matchesPath(want.join('/'), have.join('/'))).toBe(reference(want.join('/'), have.join('/')));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
