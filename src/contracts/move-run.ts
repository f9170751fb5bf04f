import type { Actor } from './session';
import type { RepositoryValidation } from './moves-validation';
import type { MovePlanRequest, TargetVisibility } from './moves';

/**
 * A move that runs (issue 36): `POST /api/moves` takes a `MovePlanRequest` (as the preview) plus what happens to
 * the source after validation, and answers a `Move`; `GET /api/moves/{id}` answers the same shape. Each
 * repository goes through its own steps; the move's `state` is the whole.
 */

/** `completed`: every repository reached `done` or `failed` and none runs; `failed`: the move itself stopped. */
export const MOVE_STATES = ['running', 'paused', 'completed', 'failed', 'cancelled'] as const;
export type MoveState = (typeof MOVE_STATES)[number];

/**
 * A repository's step, in order: `waiting` (its export has not started), `exporting` (the wave's batch of one
 * runs, downloads and verifies), `verified` (Ferry holds the verified archive), `uploading` → `uploaded`
 * (GitHub-owned storage), `queued` / `importing` (GEI's QUEUED, IN_PROGRESS and PENDING_VALIDATION), `validating`
 * (three-way), then `done` (validated; the source as chosen) or `failed` (`error` says why, in GitHub's words where
 * it gave them). `aborted`: the user aborted its import; `cancelled`: the move was cancelled before it finished.
 */
export const MOVE_REPOSITORY_STEPS = [
  'waiting',
  'exporting',
  'verified',
  'uploading',
  'uploaded',
  'queued',
  'importing',
  'validating',
  'done',
  'failed',
  'aborted',
  'cancelled',
] as const;
export type MoveRepositoryStep = (typeof MOVE_REPOSITORY_STEPS)[number];

/** Steps after which nothing more happens to a repository (unless the user retries it). */
export const FINAL_REPOSITORY_STEPS: readonly MoveRepositoryStep[] = [
  'done',
  'failed',
  'aborted',
  'cancelled',
];

/** GEI's migration states (`RepositoryMigration.state`). */
export const GEI_MIGRATION_STATES = [
  'QUEUED',
  'IN_PROGRESS',
  'PENDING_VALIDATION',
  'SUCCEEDED',
  'FAILED',
  'FAILED_VALIDATION',
  'NOT_STARTED',
] as const;
export type GeiMigrationState = (typeof GEI_MIGRATION_STATES)[number];

/**
 * What happens to the source repository once its target validated (it stays locked on any difference):
 * `archive` unlocks it (GitHub refuses changes to a locked repository), then archives it (read-only).
 */
export const AFTER_VALIDATION = ['unlock', 'keep-locked', 'archive'] as const;
export type AfterValidation = (typeof AFTER_VALIDATION)[number];

export interface MoveStartRequest extends MovePlanRequest {
  /** Default `unlock`. */
  afterValidation?: AfterValidation;
  /**
   * A trial move: each repository exported **without locking** its source, imported under a name that cannot
   * collide (`{name}-ferry-trial-{id}`), validated as a real move, its log saved, then the trial repository
   * deleted from the target (`keepTrial`: kept for people to look at). It never unlocks, archives or reclaims.
   */
  trial?: boolean;
  keepTrial?: boolean;
}

/** What a trial's target names end with: the move's short id after it (GitHub's names are at most 100). */
export const TRIAL_NAME_INFIX = '-ferry-trial-';
export const REPOSITORY_NAME_MAX = 100;

/** The trial's name of `name` with `suffix` (the real name cut so the whole stays within GitHub's 100). */
export const trialNameOf = (name: string, suffix: string) =>
  `${name.slice(0, REPOSITORY_NAME_MAX - suffix.length)}${suffix}`;

export interface MoveRepository {
  name: string;
  targetName: string;
  visibility: TargetVisibility;
  step: MoveRepositoryStep;
  /** The wave batch that exports it (one repository per archive). */
  batchId?: number;
  /** The verified archive (file in `ARCHIVE_DIR`, its digest). */
  archive?: { file: string; bytes: number; sha256: string };
  /**
   * Upload to GitHub-owned storage: `uri` (`gei://archive/…`) once complete; while a multipart upload runs, the
   * next part's `location` and the bytes sent so far, so a restarted gateway resumes from there.
   */
  upload?: {
    uri?: string;
    location?: string;
    bytesSent?: number;
    parts?: number;
    /**
     * The `move-upload` job that holds this upload and when it took it: a second job for the same archive (two
     * gateways' looks each sent one) stands aside instead of uploading it again at the same time.
     */
    job?: string;
    claimedAt?: string;
  };
  /** GEI's migration: set before the start is sent (`startRequestedAt`), its id once GitHub answered. */
  migration?: {
    startRequestedAt?: string;
    id?: string;
    state?: GeiMigrationState;
    failureReason?: string;
    /** The log saved beside the archive (GitHub deletes its copy after 24 hours). */
    logFile?: string;
    /** When Ferry saw the import end: GitHub keeps its log 24 hours from then. */
    endedAt?: string;
    /** Fetches of the log that failed (tried again at later looks, up to 5), and the last one's time. */
    logAttempts?: number;
    logTriedAt?: string;
  };
  validation?: RepositoryValidation;
  /**
   * The `move-advance` job validating it and when it took it: two gateways looking at the move at once validate
   * it once (the other look leaves it; the holder's own job, back after a kill, goes on).
   */
  validationClaim?: { job: string; at: string };
  /** The look that unlocks or archives its source now (one look does each, on any gateway of a team). */
  sourceClaim?: { job: string; at: string };
  /** The look that fetches its import's log now (one fetch per log, whichever gateway looks). */
  logClaim?: { job: string; at: string };
  /** The source repository: locked by its export, unlocked after validation passed (or as chosen). */
  sourceLock?: 'locked' | 'unlocked';
  /** A user asked for its source unlocked although its validation failed or the move ended ("Unlock anyway"). */
  unlockAsked?: true;
  /** GitHub confirmed the source archived (`afterValidation: 'archive'`, once unlocked). */
  sourceArchived?: true;
  /** A trial's repository deleted from the target once validated (GitHub answered 204, or 404: already gone). */
  trialDeleted?: true;
  /** Why it failed, in GitHub's words where it gave them. */
  error?: string;
  /** Attempts of the current step after a failure (back-off). */
  attempts?: number;
  updatedAt?: string;
}

export interface Move {
  id: string;
  createdAt: string;
  updatedAt: string;
  state: MoveState;
  source: { kind: 'org'; login: string; credential?: string };
  target: { login: string; credential?: string; organizationId?: string; databaseId?: number };
  request: MoveStartRequest;
  afterValidation: AfterValidation;
  /** A trial move (`MoveStartRequest.trial`): the suffix of its target names, and whether they are kept. */
  trial?: { suffix: string; keep: boolean };
  /** Who started it (issue 51: a self-service person acts on their own moves only; its jobs act for them). */
  startedBy?: Actor;
  /**
   * Cancelled: whether the sources it locked and did not validate are unlocked (`unlock`, the default) or kept
   * locked as the user chose (`keep-locked`).
   */
  afterCancel?: 'unlock' | 'keep-locked';
  /** The wave that exports the move's repositories (batches of one). */
  waveId?: string;
  /** GEI's migration source, created once per move. */
  migrationSourceId?: string;
  /** The look that creates the migration source (one look, whichever gateway). */
  migrationSourceClaim?: { job: string; at: string };
  repositories: MoveRepository[];
  /** What each side counted for this move: source REST requests (the wave's) and target GraphQL requests/points. */
  requests: {
    source: number;
    target: number;
    targetPoints: number;
    /** Of `source`: the validation's GraphQL requests (the rest are the wave's REST requests). */
    sourceGraphql?: number;
    /** Of `source`: the listing pages the start read again (0 when the listing kept 5 minutes served it). */
    sourcePreflight?: number;
  };
  /** Why a `failed` move stopped (a refused credential, say). */
  error?: string;
  /** Its next look waits for GitHub: the account's limit (held for every gateway) lifts at `until`. */
  /** GitHub asked the move to wait: until when, GitHub's words, and what for ("the source’s GraphQL budget"). */
  waiting?: { until: string; reason: string; for?: string };
  /** When a running move will be done, from its own measured pace: computed for each answer, never stored. */
  estimate?: MoveEstimate;
}

/**
 * A running move's expected end (`finishAt`) and its likely range (`low` … `high`), with what it rests on:
 * - `finish-pace`: the gaps between repositories finishing (done, failed, aborted) once two have — the middle one
 *   for `finishAt`, the quartiles for the range — never sooner than GitHub's 5 imports at once allow at the
 *   imports' measured length;
 * - `step-progress`: before that, how far the repositories have come through their steps in the time so far.
 */
export interface MoveEstimate {
  finishAt: string;
  low: string;
  high: string;
  basis: {
    method: 'finish-pace' | 'step-progress';
    finished: number;
    remaining: number;
    /** `finish-pace`: the middle gap between two finishes (ms). */
    paceMs?: number;
    /** The middle import's length, start sent to GitHub's end (ms), once one ended. */
    importMs?: number;
    /** `step-progress`: the share of the steps behind the move (0–1). */
    progress?: number;
  };
}

/** `GET /api/moves`: one line per move. */
export interface MoveSummary {
  id: string;
  createdAt: string;
  state: MoveState;
  source: string;
  target: string;
  repositories: number;
  done: number;
  failed: number;
  /** The wave exporting its repositories: pages that list waves show it under the move, not beside it. */
  waveId?: string;
  /** A trial move (`Move.trial`). */
  trial?: true;
}

/** One line of a move's manifest (`GET /api/moves/{id}/manifest` as JSON, `…/manifest.csv`). */
export interface MoveManifestRow {
  repository: string;
  targetRepository: string;
  step: MoveRepositoryStep;
  archiveSha256: string | null;
  /** The archive's path relative to `ARCHIVE_DIR` (never the server's absolute path), and its size. */
  archiveFile: string | null;
  archiveBytes: number | null;
  migrationId: string | null;
  /** Where the saved migration log is served (`GET /api/moves/{id}/repositories/{name}/log`), once saved. */
  logUrl: string | null;
  validation: 'passed' | 'failed' | null;
  sourceLock: 'locked' | 'unlocked' | null;
  sourceArchived: boolean;
}

/**
 * How long a repository may stay at a step before it is reported (issue 46, item 12: polls that had stopped left
 * repositories at "Queued" and "Validating" for good, with nothing said). Exports, uploads and imports of big
 * repositories take hours; every other step, minutes.
 */
export const STEP_SILENCE_MS: Partial<Record<MoveRepositoryStep, number>> = {
  exporting: 6 * 3_600_000,
  uploading: 6 * 3_600_000,
  queued: 3_600_000,
  importing: 6 * 3_600_000,
  verified: 30 * 60_000,
  uploaded: 30 * 60_000,
  validating: 30 * 60_000,
};

/**
 * How long a validation's claim holds: the `move-advance` job's expiry (300 s), past which its look is certainly
 * over. A killed validator's job comes back under the same id and validates at once; a page says when another
 * look may take it over.
 */
export const VALIDATION_CLAIM_MS = 300_000;

/** How long `repo` has been at its step, when that is longer than the step can take; else undefined. */
export function silentForMs(repo: MoveRepository, at: number, fallback?: string): number | undefined {
  const limit = STEP_SILENCE_MS[repo.step];
  const forMs = at - Date.parse(repo.updatedAt ?? fallback ?? '');
  return limit !== undefined && forMs > limit ? forMs : undefined;
}

/**
 * GitHub's known hang (gh-gei#1296): an import left in `PENDING_VALIDATION` this long seldom ends by itself. Its
 * validation takes minutes, so half an hour is far past it; aborting and starting again is the way out.
 */
export const PENDING_VALIDATION_HANG_MS = 30 * 60_000;

/** How long an import has sat in `PENDING_VALIDATION` past the hang's threshold; else undefined. */
export function hungForMs(repo: MoveRepository, at: number, fallback?: string): number | undefined {
  if (repo.step !== 'importing' || repo.migration?.state !== 'PENDING_VALIDATION') return undefined;
  // `updatedAt` moves when GitHub's state does (and when a look claims the repository, which only shortens it).
  const forMs = at - Date.parse(repo.updatedAt ?? fallback ?? '');
  return forMs > PENDING_VALIDATION_HANG_MS ? forMs : undefined;
}

/**
 * An import GitHub holds or runs that has had no change for longer than its step takes, or that hangs in
 * `PENDING_VALIDATION` ("Abort all stuck", and the row's way out: Abort, then Retry).
 */
export function isStuckImport(repo: MoveRepository, at: number, fallback?: string): boolean {
  return (
    (repo.step === 'queued' || repo.step === 'importing') &&
    (silentForMs(repo, at, fallback) !== undefined || hungForMs(repo, at, fallback) !== undefined)
  );
}

/**
 * Many at once (issue 48): `POST /api/moves/{id}/repositories/bulk` takes one action and the names the user
 * confirmed; each name goes through that action's own route code (retry, abort, unlock). A name no longer eligible
 * is skipped with its reason, never an error: sending the same request twice acts once.
 */
export const MOVE_BULK_ACTIONS = ['retry', 'abort', 'unlock'] as const;
export type MoveBulkAction = (typeof MOVE_BULK_ACTIONS)[number];
/** Names one bulk request may carry (a move's repositories are far fewer in practice). */
export const MOVE_BULK_MAX_NAMES = 1_000;

export interface MoveBulkRequest {
  action: MoveBulkAction;
  names: string[];
}

export interface MoveBulkAnswer {
  /** The move after the actions. */
  move: Move;
  /** The names acted on, in the order sent. */
  acted: string[];
  /** The names left, each with why (no longer eligible, GitHub's refusal, a limit that stopped the rest). */
  skipped: { name: string; reason: string }[];
}
