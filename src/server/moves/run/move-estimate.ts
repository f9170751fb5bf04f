import {
  FINAL_REPOSITORY_STEPS,
  MOVE_REPOSITORY_STEPS,
  type Move,
  type MoveEstimate,
  type MoveRepository,
} from '@/contracts/move-run';

/** GitHub runs this many imports at once per target organization (GEI's documented concurrency). */
const IMPORTS_AT_ONCE = 5;
/** Below this share of the steps behind it, a move's progress says too little to extrapolate from. */
const LEAST_PROGRESS = 0.02;

const FINAL = new Set(FINAL_REPOSITORY_STEPS);
/** How far a step is along a repository's way (0 waiting … 1 validated or ended). */
const STEP_SHARE = new Map(
  MOVE_REPOSITORY_STEPS.slice(0, MOVE_REPOSITORY_STEPS.indexOf('done')).map((step, index, steps) => [
    step,
    index / steps.length,
  ]),
);

/** The value at fraction `q` of sorted `values` (linear between neighbours). */
function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

const whenFinished = (repo: MoveRepository) => Date.parse(repo.updatedAt ?? '');
const iso = (ms: number) => new Date(Math.round(ms)).toISOString();

/**
 * When a running move will be done (`MoveEstimate`), from its own record only: pure, no request. A move not
 * running (paused, ended) has none: a paused move's clock is the user's.
 */
export function estimateMove(move: Move, now: number): MoveEstimate | undefined {
  if (move.state !== 'running' || move.repositories.length === 0) return undefined;
  const finishedAt = move.repositories
    .filter((repo) => FINAL.has(repo.step))
    .map(whenFinished)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const remaining = move.repositories.length - finishedAt.length;
  if (remaining === 0) return undefined;
  const imports = move.repositories
    .map(
      (repo) =>
        Date.parse(repo.migration?.endedAt ?? '') - Date.parse(repo.migration?.startRequestedAt ?? ''),
    )
    .filter((ms) => Number.isFinite(ms) && ms >= 0)
    .sort((a, b) => a - b);
  const importMs = imports.length > 0 ? quantile(imports, 0.5) : undefined;
  // However fast the rest has gone, the imports left go five at a time.
  const floorMs = importMs === undefined ? 0 : Math.ceil(remaining / IMPORTS_AT_ONCE) * importMs;

  if (finishedAt.length >= 2) {
    const gaps = finishedAt.slice(1).map((at, index) => at - finishedAt[index]!);
    gaps.sort((a, b) => a - b);
    const from = Math.max(now, finishedAt.at(-1)!);
    const after = (gap: number) => from + Math.max(remaining * gap, floorMs);
    const paceMs = quantile(gaps, 0.5);
    return {
      finishAt: iso(after(paceMs)),
      low: iso(after(quantile(gaps, 0.25))),
      high: iso(after(quantile(gaps, 0.75))),
      basis: {
        method: 'finish-pace',
        finished: finishedAt.length,
        remaining,
        paceMs: Math.round(paceMs),
        ...(importMs === undefined ? {} : { importMs: Math.round(importMs) }),
      },
    };
  }

  const shares = move.repositories.map((repo) =>
    FINAL.has(repo.step) ? 1 : (STEP_SHARE.get(repo.step) ?? 0),
  );
  const progress = shares.reduce((sum, share) => sum + share, 0) / move.repositories.length;
  const elapsed = now - Date.parse(move.createdAt);
  if (!(progress >= LEAST_PROGRESS) || !(elapsed > 0)) return undefined;
  const leftMs = Math.max((elapsed / progress) * (1 - progress), floorMs);
  // Steps are far from equal in length (an import is most of it): the range is wide until finishes are measured.
  return {
    finishAt: iso(now + leftMs),
    low: iso(now + leftMs * 0.5),
    high: iso(now + leftMs * 2),
    basis: {
      method: 'step-progress',
      finished: finishedAt.length,
      remaining,
      progress: Math.round(progress * 1_000) / 1_000,
      ...(importMs === undefined ? {} : { importMs: Math.round(importMs) }),
    },
  };
}
