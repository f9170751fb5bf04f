import { describe, expect, it } from 'vitest';
import type { BurnProjection } from '@/lib/burn-rate';
import type { RateLimitCategory } from '@/contracts/github/rate-limit';
import { sortByUrgency, URGENCY_LABEL, urgencyOf } from './urgency';

function category(name: string, remaining: number, limit = 100): RateLimitCategory {
  return { name, limit, remaining, used: limit - remaining, reset: 1_700_003_600 };
}

describe('urgencyOf', () => {
  it.each([
    [100, 100, 'ok'],
    [26, 100, 'ok'],
    [25, 100, 'low'],
    [11, 100, 'low'],
    [10, 100, 'critical'],
    [1, 100, 'critical'],
    [0, 100, 'exhausted'],
    [1250, 5000, 'low'],
    [1251, 5000, 'ok'],
    [500, 5000, 'critical'],
    [501, 5000, 'low'],
  ] as const)('%i of %i left is %s', (remaining, limit, level) => {
    expect(urgencyOf({ remaining, limit })).toBe(level);
  });

  it('is ok for a category with no limit at all (GitHub sends limit 0 for some)', () => {
    expect(urgencyOf({ remaining: 0, limit: 0 })).toBe('ok');
  });

  it('warns when the pace seen runs the budget out before the reset, even with plenty left', () => {
    const runsOut: BurnProjection = {
      kind: 'runs-out',
      runsOutAt: 1,
      beforeResetMs: 18 * 60_000,
      perMinute: 90,
    };
    expect(urgencyOf({ remaining: 4000, limit: 5000 }, runsOut)).toBe('runs-out');
    expect(urgencyOf({ remaining: 4000, limit: 5000 }, { kind: 'lasts', perMinute: 1 })).toBe('ok');
    // The share thresholds still win when they are more urgent.
    expect(urgencyOf({ remaining: 400, limit: 5000 }, runsOut)).toBe('critical');
  });

  it('has a label for each level', () => {
    expect(URGENCY_LABEL).toEqual({
      ok: 'OK',
      'runs-out': 'Runs out before reset',
      low: 'Running low',
      critical: 'Critical',
      exhausted: 'Exhausted',
    });
  });
});

describe('sortByUrgency', () => {
  it('puts exhausted first, then critical, low and ok', () => {
    const sorted = sortByUrgency([
      category('ok', 90),
      category('low', 20),
      category('gone', 0),
      category('critical', 5),
    ]);
    expect(sorted.map((entry) => entry.name)).toEqual(['gone', 'critical', 'low', 'ok']);
  });

  it('within a level, puts categories projected to run out first, soonest first', () => {
    const projections: Record<string, BurnProjection> = {
      later: { kind: 'runs-out', runsOutAt: 2_000, beforeResetMs: 1, perMinute: 1 },
      sooner: { kind: 'runs-out', runsOutAt: 1_000, beforeResetMs: 1, perMinute: 1 },
      lasting: { kind: 'lasts', perMinute: 1 },
    };
    const sorted = sortByUrgency(
      [category('lasting', 50), category('later', 90), category('plain', 40), category('sooner', 95)],
      projections,
    );
    expect(sorted.map((entry) => entry.name)).toEqual(['sooner', 'later', 'plain', 'lasting']);
  });

  it('then by the share remaining, then by name', () => {
    const sorted = sortByUrgency([
      category('b', 60),
      category('a', 60),
      category('big', 3000, 5000),
      category('none', 0, 0),
      category('c', 40),
    ]);
    expect(sorted.map((entry) => entry.name)).toEqual(['c', 'a', 'b', 'big', 'none']);
  });

  it('does not reorder its input', () => {
    const input = [category('ok', 90), category('gone', 0)];
    sortByUrgency(input);
    expect(input.map((entry) => entry.name)).toEqual(['ok', 'gone']);
  });
});
