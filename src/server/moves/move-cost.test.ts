import { describe, expect, it } from 'vitest';
import { importPhaseSeconds, importSeconds, moveCost } from './move-cost';
import { moveExports } from './move-exports';

const repo = (name: string, sizeKb: number) => ({
  name,
  sizeKb,
  language: null,
  visibility: 'private' as const,
  archived: false,
  pushedAt: null,
});

describe('a move’s cost', () => {
  it('spreads imports over GitHub’s 5 in progress, never under the longest one', () => {
    expect(importSeconds(0)).toEqual({ min: 150, max: 480 });
    // Ten small repositories: twice the duration of one, at 5 at once.
    expect(importPhaseSeconds(Array(10).fill(0))).toEqual({ min: 300, max: 960 });
    // One large repository and four small ones: the large one sets the time.
    const large = 10 * 1024 * 1024;
    expect(importPhaseSeconds([large, 0, 0, 0, 0]).max).toBe(importSeconds(large).max);
    expect(importPhaseSeconds([])).toEqual({ min: 0, max: 0 });
  });

  it('counts the source’s REST requests with the wave planner’s arithmetic for batches of one', () => {
    const ready = Array.from({ length: 12 }, (_, i) => repo(`r${i}`, 100));
    const exports = moveExports(ready, 250, { maxSizeKb: 1_000_000, concurrency: 3 });
    // 3 listing pages; per repository 3..5 requests (start, status, archive link) and 1 unlock.
    expect(exports.requests).toMatchObject({ listing: 3, perBatch: 36, perBatchMax: 60, extras: 12 });
    expect(exports.requests.total).toBe(3 + 36 + 12);
    expect(exports.requests.totalMax).toBe(3 + 60 + 12);
  });

  it("adds the target’s GraphQL points: pre-flight, one source and a start each, polls for all, validation by 50 (the count query's chunk)", () => {
    const sizes = Array(45).fill(0);
    const exports = moveExports(
      sizes.map((_, i) => repo(`r${i}`, 0)),
      45,
      { maxSizeKb: 1, concurrency: 2 },
    );
    const cost = moveCost({
      sizesKb: sizes,
      exports,
      sourceCredential: 'default',
      targetCredential: 'default',
    });
    expect(cost.target.parts).toEqual({
      preflight: 1 + 1,
      starts: 1 + 45,
      // 45 × 150 s / 5 = 1,350 s polled every 60 s at least; 45 × 480 s / 5 = 4,320 s every 15 s at most.
      statusPolls: { min: 23, max: 288 },
      validation: 1,
    });
    expect(cost.target.graphqlPoints).toEqual({ min: 2 + 46 + 1 + 23, max: 2 + 46 + 1 + 288 });
    expect(cost.source.graphqlRequests).toEqual({ min: 1, max: 1 });
    expect(cost.target.importChargeMin).toBe(45);
    expect(cost.target.budget).toBeUndefined();
    const budgeted = moveCost({
      sizesKb: sizes,
      exports,
      sourceCredential: 'default',
      targetCredential: 'default',
      targetBudget: { limit: 5000, remaining: 400, used: 4600, resetAt: '2026-01-01T10:00:00Z', cost: 1 },
      sourceGraphqlBudget: { limit: 5000, remaining: 0, resetAt: '2026-01-01T10:30:00Z' },
    });
    // Validation's one query (1 point) on a spent source: it waits for the reset.
    expect(budgeted.source.graphqlBudget).toEqual({
      limit: 5000,
      remaining: 0,
      resetAt: '2026-01-01T10:30:00Z',
      leftAfter: -1,
    });
    expect(cost.source.graphqlBudget).toBeUndefined();
    // The most the move spends (points and the imports' least charge) set against what is left this hour.
    expect(budgeted.target.budget).toEqual({
      limit: 5000,
      remaining: 400,
      resetAt: '2026-01-01T10:00:00Z',
      leftAfterMax: 400 - (2 + 46 + 1 + 288) - 45,
    });
    expect(cost.seconds.min).toBe(Math.max(exports.estimatedSeconds, 1350));
    expect(cost.seconds.max).toBe(exports.estimatedSeconds + 4320);
  });

  it('costs nothing on the target for nothing ready', () => {
    const exports = moveExports([], 14, { maxSizeKb: 1, concurrency: 2 });
    const cost = moveCost({ sizesKb: [], exports, sourceCredential: 'a', targetCredential: 'b' });
    expect(cost.target.graphqlPoints).toEqual({ min: 0, max: 0 });
    expect(cost.seconds).toEqual({ min: 0, max: 0 });
    expect(cost.source.restRequests).toEqual({ min: 1, max: 1 });
  });
});
