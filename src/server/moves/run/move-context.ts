import type { Move } from '@/contracts/move-run';
import type { JobEngine } from '@/server/jobs/job-engine';
import type { MoveStore } from '@/server/store/move-store';
import type { WaveRunner } from '@/server/waves/runner';
import type { GeiOperations } from '../gei/gei-operations';
import type { TargetClient } from '../target-client';
import type { MoveValidation, RepositoryToValidate } from '../validation/validate-move';
import { applyMoveEvent, type MoveEvent } from './move-machine';

/**
 * What a move's target calls are counted as: GraphQL requests and GitHub's points (1 where it said none). The
 * GEI operations' requests are charged to the move (1 request, 1 point) before each is sent; `count` then holds
 * only the points GitHub's answers said beyond that one (and requests of callers that charge afterwards).
 */
export interface TargetCount {
  requests: number;
  points: number;
}

/** The target as one job reaches it for one move: its GEI operations, counted into `count`. */
export interface TargetSide {
  /** The look's job (its claims: one look fetches a log); set by the look. */
  job?: string;
  /** What this side's calls cost since last written (`recordCounted` writes it with the outcome). */
  count: TargetCount;
  ops: GeiOperations;
  client: TargetClient;
  /** The target token's value, for `githubPat` (GEI checks the token that will own the import). */
  token(): Promise<string>;
  /** The target credential's `Authorization`, for uploads. */
  authorization(): Promise<string>;
}

export interface UploadProgress {
  location: string;
  bytesSent: number;
  parts: number;
}

/** Everything a move's jobs work with: the store, the wave runner, the job engine, both GitHubs, the clock. */
export interface MoveContext {
  moves: MoveStore;
  waves: WaveRunner;
  jobs: JobEngine;
  /** The target for `move`'s credential; every request it sends is added to `count`. */
  target(move: Move, count: TargetCount): TargetSide;
  /** The source credential's token value (`accessToken`: the schema requires one, GEI does not use it here). */
  sourceToken(move: Move): Promise<string>;
  /** The source repository's web address, as GEI records it (`sourceRepositoryUrl`). */
  sourceUrl(move: Move, name: string): string;
  validate(move: Move, repositories: RepositoryToValidate[]): Promise<MoveValidation>;
  upload(input: {
    move: Move;
    file: string;
    name: string;
    resume?: UploadProgress;
    onPart: (progress: UploadProgress) => Promise<void>;
    /** Aborts when the job's lease is lost: nothing more is sent. */
    signal?: AbortSignal;
  }): Promise<{ uri: string; bytes: number }>;
  /**
   * Save GitHub's migration log beside the archive (GitHub deletes it after 24 hours): the file, or whether a
   * later fetch may succeed (GitHub unavailable) or not (gone, refused, too large).
   */
  saveLog(input: { url: string; file: string }): Promise<{ file: string } | { retry: boolean }>;
  /** The wait between two status polls of a move's running imports. */
  pollMs: { min: number; max: number };
  /** The wait between two looks at a move whose exports run (the wave's own pace). */
  exportLookMs: number;
  /** How long a start request may be on its way (the outbound bound, with a margin): no adoption before. */
  startBoundMs: number;
  now: () => number;
  log: (message: string) => void;
}

export const stampOf = (context: Pick<MoveContext, 'now'>) => new Date(context.now()).toISOString();

/** Apply events to the move as the store holds it now (row locked), and write the result. */
export function recordMove(context: MoveContext, id: string, ...events: MoveEvent[]) {
  const at = stampOf(context);
  return context.moves.update(id, (move) =>
    events.reduce((next, event) => applyMoveEvent(next, event, at), move),
  );
}

/** Apply `event` and tell whether it changed the move (another gateway may already have made the change). */
export async function recordMoveIf(
  context: MoveContext,
  id: string,
  event: MoveEvent,
): Promise<{ move: Move | undefined; applied: boolean }> {
  let applied = false;
  const at = stampOf(context);
  const move = await context.moves.update(id, (current) => {
    const next = applyMoveEvent(current, event, at);
    applied = next !== current;
    return next;
  });
  return { move, applied };
}

/** The `requests` event of what `count` holds, which starts afresh. */
function takeCount(count: TargetCount): MoveEvent[] {
  if (count.requests === 0 && count.points === 0) return [];
  const event: MoveEvent = { type: 'requests', target: count.requests, targetPoints: count.points };
  count.requests = 0;
  count.points = 0;
  return [event];
}

/**
 * Write outcomes with what the calls that led to them cost, in one change: a move that reads as ended has every
 * request counted.
 */
export const recordCounted = (context: MoveContext, id: string, count: TargetCount, ...events: MoveEvent[]) =>
  recordMove(context, id, ...takeCount(count), ...events);

/** Charge the move what its target calls cost and were not yet written with an outcome. */
export const recordCount = (context: MoveContext, id: string, count: TargetCount) =>
  count.requests > 0 || count.points !== 0 ? recordCounted(context, id, count) : Promise.resolve(undefined);

/** Look at the move now (a user's action, an upload done). */
export const advanceNow = (context: Pick<MoveContext, 'jobs'>, id: string) =>
  context.jobs.send('move-advance', { moveId: id }, { key: id });

/** Later looks asked for within one such window of their due time are one job. */
export const LATER_WINDOW_MS = 5_000;

/** A later look's job key: the move and the window it is due in. */
export const laterKey = (id: string, dueMs: number) => `${id}:later:${Math.ceil(dueMs / LATER_WINDOW_MS)}`;

/**
 * Look at the move again later (status polls, exports under way, a limit's wait). Keyed by when it is due, not by
 * the move alone: one key per move let a look due in an hour (a spent budget) drop every sooner one asked for
 * after it, and the move's polls stopped (issue 46, item 12). A look now has its own key too.
 */
export const advanceLater = (context: Pick<MoveContext, 'jobs' | 'now'>, id: string, afterMs: number) =>
  context.jobs.send('move-advance', { moveId: id }, { key: laterKey(id, context.now() + afterMs), afterMs });
