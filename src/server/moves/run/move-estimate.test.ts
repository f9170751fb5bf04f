import { describe, expect, it } from 'vitest';
import type { Move, MoveRepository } from '@/contracts/move-run';
import { buildMove, buildMoveRepository } from '@/testing/move-factories';
import { estimateMove } from './move-estimate';
import { publicMove } from './public-move';

const T0 = Date.parse('2026-11-28T10:00:00Z');
const MIN = 60_000;
const at = (ms: number) => new Date(T0 + ms).toISOString();
const repo = (name: string, change: Partial<MoveRepository> = {}) =>
  buildMoveRepository(name, { updatedAt: at(0), ...change });
const moveOf = (repositories: MoveRepository[], state: Move['state'] = 'running') =>
  buildMove(repositories, { createdAt: at(0), state });

describe('when a running move will be done', () => {
  it('from the gaps between finishes: the middle one for the end, the quartiles for the range', () => {
    // Finished at 10, 12, 14, 18, 20 minutes (gaps 2, 2, 4, 2): 5 left.
    const done = [10, 12, 14, 18, 20].map((m, i) => repo(`d${i}`, { step: 'done', updatedAt: at(m * MIN) }));
    const left = [1, 2, 3, 4, 5].map((n) => repo(`w${n}`, { step: 'importing' }));
    const estimate = estimateMove(moveOf([...done, ...left]), T0 + 20 * MIN);
    expect(estimate).toEqual({
      finishAt: at(30 * MIN),
      low: at(30 * MIN),
      high: at(20 * MIN + 5 * 2.5 * MIN),
      basis: { method: 'finish-pace', finished: 5, remaining: 5, paceMs: 2 * MIN },
    });
  });

  it('never sooner than GitHub’s 5 imports at once allow at the imports’ measured length', () => {
    const importOf = (start: number, end: number) => ({
      startRequestedAt: at(start * MIN),
      endedAt: at(end * MIN),
    });
    const done = [30, 31].map((m, i) =>
      repo(`d${i}`, { step: 'done', updatedAt: at(m * MIN), migration: importOf(m - 30, m) }),
    );
    const left = Array.from({ length: 10 }, (_, n) => repo(`w${n}`, { step: 'uploaded' }));
    const estimate = estimateMove(moveOf([...done, ...left]), T0 + 31 * MIN)!;
    // One minute between the two finishes says 10 more minutes; 10 imports of 30 min, five at a time, take 60.
    expect(estimate.finishAt).toBe(at(91 * MIN));
    expect(estimate.basis).toMatchObject({ importMs: 30 * MIN, finished: 2, remaining: 10 });
  });

  it('before two finishes, from the steps behind it, with a wide range; with too little behind it, none', () => {
    const half = [repo('a', { step: 'importing' }), repo('b', { step: 'importing' })];
    const estimate = estimateMove(moveOf(half), T0 + 40 * MIN)!;
    expect(estimate.basis).toMatchObject({ method: 'step-progress', finished: 0, remaining: 2 });
    const progress = estimate.basis.progress!;
    expect(progress).toBeGreaterThan(0.5);
    expect(progress).toBeLessThan(0.9);
    const leftMs = Date.parse(estimate.finishAt) - (T0 + 40 * MIN);
    expect(Date.parse(estimate.low) - (T0 + 40 * MIN)).toBeCloseTo(leftMs / 2, -2);
    expect(Date.parse(estimate.high) - (T0 + 40 * MIN)).toBeCloseTo(leftMs * 2, -2);
    expect(estimateMove(moveOf([repo('a'), repo('b')]), T0 + 40 * MIN)).toBeUndefined();
  });

  it('a move not running, or with nothing left, has none; the answer carries it and never a stored one', () => {
    const done = [repo('a', { step: 'done' })];
    expect(estimateMove(moveOf([repo('a', { step: 'importing' })], 'paused'), T0 + MIN)).toBeUndefined();
    expect(estimateMove(moveOf(done), T0 + MIN)).toBeUndefined();
    const stale = { ...moveOf(done), estimate: { finishAt: at(0), low: at(0), high: at(0) } } as Move;
    expect(publicMove(stale, T0 + MIN).estimate).toBeUndefined();
  });
});
