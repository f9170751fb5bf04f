import { FINAL_REPOSITORY_STEPS, type Move, type MoveEstimate } from '@/contracts/move-run';
import { formatClockTime, formatDateTime, formatDuration, formatNumber } from '@/lib/format';

export interface BurndownPoint {
  at: number;
  done: number;
  failed: number;
  remaining: number;
}

const FINAL = new Set(FINAL_REPOSITORY_STEPS);

/**
 * A move's burndown from its record: at its start every repository remains; each one that finished since (done,
 * or failed / aborted / cancelled, at its last change) moves one count; the last point is `now`. Pure.
 */
export function burndown(move: Move, now: number): BurndownPoint[] {
  const total = move.repositories.length;
  const start = Date.parse(move.createdAt);
  const ends = move.repositories
    .filter((repo) => FINAL.has(repo.step))
    .map((repo) => ({
      at: Math.max(start, Date.parse(repo.updatedAt ?? move.updatedAt)),
      done: repo.step === 'done',
    }))
    .filter((end) => Number.isFinite(end.at))
    .sort((a, b) => a.at - b.at);
  const points: BurndownPoint[] = [{ at: start, done: 0, failed: 0, remaining: total }];
  let done = 0;
  let failed = 0;
  for (const end of ends) {
    if (end.done) done++;
    else failed++;
    const point = { at: end.at, done, failed, remaining: total - done - failed };
    // Several ending in one moment are one point.
    if (points.at(-1)!.at === end.at) points[points.length - 1] = point;
    else points.push(point);
  }
  const last = points.at(-1)!;
  if (now > last.at) points.push({ ...last, at: now });
  return points;
}

/** A moment said plainly: the clock time today, the date and time otherwise. */
export function momentText(at: number, now: number): string {
  return new Date(at).toDateString() === new Date(now).toDateString()
    ? formatClockTime(at)
    : formatDateTime(at);
}

/** The estimate in words, with what it rests on (what the page says and a screen reader hears). */
export function estimateText(estimate: MoveEstimate, now: number): string {
  const when = (iso: string) => momentText(Date.parse(iso), now);
  const { basis } = estimate;
  const [low, high] = [when(estimate.low), when(estimate.high)];
  // A range inside one minute says nothing more than the moment itself.
  const range = low === high ? '' : ` (likely between ${low} and ${high})`;
  const head = `Expected to finish around ${when(estimate.finishAt)}${range}`;
  const imports =
    basis.importMs === undefined
      ? ''
      : `; an import takes ${formatDuration(basis.importMs)} and GitHub runs 5 at once`;
  if (basis.method === 'finish-pace') {
    return `${head}: ${formatNumber(basis.finished)} finished, ${formatNumber(basis.remaining)} to go, one finishing every ${formatDuration(basis.paceMs ?? 0)}${imports}.`;
  }
  const share = Math.round((basis.progress ?? 0) * 100);
  return `${head}: fewer than two repositories have finished, so this rests on the steps behind the move (${share} %) and is rough${imports}.`;
}
