import type { TargetMigration } from './state';

/**
 * The GEI state machine, derived from the clock (nothing runs in the background): a migration is `QUEUED` until
 * a slot is free (at most `MAX_IN_PROGRESS` per organization, "You can run up to 5 repository migrations at the
 * same time"; first come first served), `IN_PROGRESS` for `runMs`, `PENDING_VALIDATION` for `validationMs`, then
 * `SUCCEEDED`, `FAILED` or `FAILED_VALIDATION` as its outcome says. An abort ends it `FAILED` at once.
 */
export const MAX_IN_PROGRESS = 5;

export type MigrationState =
  'QUEUED' | 'IN_PROGRESS' | 'PENDING_VALIDATION' | 'SUCCEEDED' | 'FAILED' | 'FAILED_VALIDATION';

/** A new migration waits this long before the queue picks it up: `startRepositoryMigration` answers QUEUED. */
export const QUEUE_PICKUP_MS = 5_000;

export const ABORTED_REASON = 'The migration was aborted.';

/** Durations grow with the archive: 20 s + 1 s per 64 KiB in progress (≤ 2 h), validation 10 s + a tenth. */
export function durationsFor(archiveBytes: number): { runMs: number; validationMs: number } {
  const runMs = Math.min(2 * 3_600_000, 20_000 + Math.floor(archiveBytes / 65_536) * 1_000);
  return { runMs, validationMs: 10_000 + Math.round(runMs / 10) };
}

export interface Timeline {
  startAt: number;
  validatingAt: number;
  /** When it ends; Infinity for a stuck one. */
  endAt: number;
}

/** When the slot a migration would hold ends (an abort frees it early). */
function slotEnd(migration: TargetMigration, startAt: number): number {
  const end = startAt + migration.runMs;
  return migration.abortedAt !== undefined ? Math.max(startAt, Math.min(end, migration.abortedAt)) : end;
}

/**
 * Start times for one organization's migrations, in creation order: each starts when it was created, once the
 * one before it has started (FIFO) and fewer than `MAX_IN_PROGRESS` earlier ones are still in progress.
 */
export function planTimelines(migrations: TargetMigration[], capacity = MAX_IN_PROGRESS): Timeline[] {
  // Ends of the slots taken so far, ascending. Starts are FIFO, so every earlier slot began by `t`: those still
  // running at `t` are the ends after it, and the `capacity`-th latest end is when one of them frees.
  const ends: number[] = [];
  let previousStart = -Infinity;
  return migrations.map((migration) => {
    let t = Math.max(migration.createdAt + QUEUE_PICKUP_MS, previousStart);
    const blocking = ends[ends.length - capacity];
    if (blocking !== undefined && blocking > t) t = blocking;
    // Failed at its start (no archive to import): over when created, taking no slot.
    if (migration.failsAtOnce)
      return { startAt: migration.createdAt, validatingAt: migration.createdAt, endAt: migration.createdAt };
    // Aborted while queued: it never takes a slot, and the queue behind it moves up.
    if (migration.abortedAt !== undefined && migration.abortedAt <= t) {
      const at = migration.abortedAt;
      return { startAt: at, validatingAt: at, endAt: at };
    }
    previousStart = t;
    const validatingAt = slotEnd(migration, t);
    ends.splice(insertionIndex(ends, validatingAt), 0, validatingAt);
    const endAt = migration.stuck ? Infinity : validatingAt + migration.validationMs;
    return {
      startAt: t,
      validatingAt,
      endAt: migration.abortedAt !== undefined ? Math.min(endAt, migration.abortedAt) : endAt,
    };
  });
}

function insertionIndex(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((sorted[mid] as number) <= value) low = mid + 1;
    else high = mid;
  }
  return low;
}

export function stateAt(migration: TargetMigration, timeline: Timeline, now: number): MigrationState {
  if (
    migration.abortedAt !== undefined &&
    now >= migration.abortedAt &&
    migration.abortedAt <= timeline.endAt
  )
    return 'FAILED';
  if (now < timeline.startAt) return 'QUEUED';
  if (now < timeline.validatingAt) return 'IN_PROGRESS';
  if (now < timeline.endAt) return 'PENDING_VALIDATION';
  return migration.outcome.ok ? 'SUCCEEDED' : migration.outcome.state;
}

export function failureReasonAt(
  migration: TargetMigration,
  timeline: Timeline,
  state: MigrationState,
): string | null {
  if (state !== 'FAILED' && state !== 'FAILED_VALIDATION') return null;
  if (migration.abortedAt !== undefined && migration.abortedAt <= timeline.endAt) return ABORTED_REASON;
  return migration.outcome.ok ? null : migration.outcome.reason;
}

/** Each migration's timeline and state at `now`, for one organization's list in creation order. */
export function statesAt(
  migrations: TargetMigration[],
  now: number,
): { migration: TargetMigration; timeline: Timeline; state: MigrationState }[] {
  const timelines = planTimelines(migrations);
  return migrations.map((migration, index) => {
    const timeline = timelines[index] as Timeline;
    return { migration, timeline, state: stateAt(migration, timeline, now) };
  });
}
