import { describe, expect, it } from 'vitest';
import type { MoveRepository } from '@/contracts/move-run';
import { buildMove, buildMoveRepository } from '@/testing/move-factories';
import { burndown, estimateText } from './move-burndown';

const T0 = Date.parse('2026-11-28T10:00:00Z');
const MIN = 60_000;
const at = (ms: number) => new Date(T0 + ms).toISOString();
const repo = (name: string, step: MoveRepository['step'], minutes: number) =>
  buildMoveRepository(name, { step, updatedAt: at(minutes * MIN) });
const moveOf = (repositories: MoveRepository[]) => buildMove(repositories, { createdAt: at(0) });

describe('a move’s burndown', () => {
  it('starts with everything remaining, moves one count per finish (same moment: one point), ends now', () => {
    const move = moveOf([
      repo('a', 'done', 10),
      repo('b', 'failed', 10),
      repo('c', 'aborted', 15),
      repo('d', 'importing', 20),
      repo('e', 'done', 18),
    ]);
    expect(burndown(move, T0 + 30 * MIN)).toEqual([
      { at: T0, done: 0, failed: 0, remaining: 5 },
      { at: T0 + 10 * MIN, done: 1, failed: 1, remaining: 3 },
      { at: T0 + 15 * MIN, done: 1, failed: 2, remaining: 2 },
      { at: T0 + 18 * MIN, done: 2, failed: 2, remaining: 1 },
      { at: T0 + 30 * MIN, done: 2, failed: 2, remaining: 1 },
    ]);
  });
});

describe('the estimate in words', () => {
  it('says the pace and GitHub’s five imports when measured, and that it is rough before', () => {
    const base = { finishAt: at(90 * MIN), low: at(80 * MIN), high: at(100 * MIN) };
    const paced = estimateText(
      {
        ...base,
        basis: { method: 'finish-pace', finished: 12, remaining: 28, paceMs: 130_000, importMs: 25 * MIN },
      },
      T0,
    );
    expect(paced).toMatch(
      /^Expected to finish around .+ \(likely between .+ and .+\): 12 finished, 28 to go, one finishing every 2 min 10 s; an import takes 25 min 00 s and GitHub runs 5 at once\.$/,
    );
    const rough = estimateText(
      { ...base, basis: { method: 'step-progress', finished: 1, remaining: 9, progress: 0.42 } },
      T0,
    );
    expect(rough).toMatch(
      /fewer than two repositories have finished, so this rests on the steps behind the move \(42 %\) and is rough\.$/,
    );
  });
});

describe('an estimate whose range is inside one minute', () => {
  it('gives the moment alone', () => {
    const same = at(90 * MIN);
    const text = estimateText(
      {
        finishAt: same,
        low: same,
        high: same,
        basis: { method: 'step-progress', finished: 0, remaining: 2, progress: 0.5 },
      },
      T0,
    );
    expect(text).toMatch(/^Expected to finish around [^(]+: fewer than two/);
  });
});
