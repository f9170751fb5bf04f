import type { RepositoryValidation } from '@/contracts/moves-validation';
import {
  silentForMs,
  VALIDATION_CLAIM_MS,
  FINAL_REPOSITORY_STEPS,
  type GeiMigrationState,
  type Move,
  type MoveRepository,
  type MoveRepositoryStep,
} from '@/contracts/move-run';
import type { Wave, WaveBatch } from '@/contracts/waves';

/**
 * A move as an explicit state machine (pure): every change is an event applied by `applyMoveEvent`; the jobs only
 * decide which events to produce from what the wave, GitHub and the disk say, and `moveActions` tells them what
 * is due. Per repository:
 *
 *   waiting → exporting → verified (the wave's batch of one) → uploading → uploaded → queued → importing →
 *   validating → done,   or failed (GitHub's reason, or the differences) / aborted / cancelled.
 *
 * A start is written (`startRequestedAt`) before it is sent, so a job that finds it without an id looks the
 * migration up on GitHub and adopts it: never a second start.
 */
export type MoveEvent =
  | { type: 'pause' }
  | { type: 'resume' }
  /** `unlock: false`: the sources it locked stay locked (the user's choice); else they are unlocked. */
  | { type: 'cancel'; unlock?: boolean }
  /** A user's "Unlock": a source left locked (validation failed, the move ended) is unlocked anyway. */
  | { type: 'unlock-asked'; name: string }
  | { type: 'retry'; name: string }
  | { type: 'abort'; name: string }
  /** The wave that exports the move's repositories, as the store holds it now. */
  | { type: 'wave'; wave: Wave }
  /** A `move-upload` job takes the archive's upload (one job at a time uploads it; see `UPLOAD_CLAIM_MS`). */
  | { type: 'upload-claimed'; name: string; job: string }
  | { type: 'upload-progress'; name: string; location: string; bytesSent: number; parts: number }
  | { type: 'uploaded'; name: string; uri: string }
  | { type: 'migration-source'; id: string }
  /** A look takes the creation of the move's migration source (`SOURCE_CLAIM_MS`). */
  | { type: 'migration-source-claimed'; job: string }
  | { type: 'start-requested'; name: string; at: string }
  | { type: 'started'; name: string; id: string; state: GeiMigrationState }
  /** GitHub answered a start without starting (its limit): the decision is undone, the next look starts again. */
  | { type: 'start-unanswered'; name: string }
  /** The repository's own step failed for good (GitHub refused its start, its upload could not be made). */
  | { type: 'repository-failed'; name: string; error: string }
  | {
      type: 'migration-state';
      name: string;
      state: GeiMigrationState;
      failureReason?: string | null;
    }
  | { type: 'log-saved'; name: string; file: string }
  /** A fetch of the log failed: tried again later (`LOG_ATTEMPTS`), or never again when `final` (gone, refused). */
  | { type: 'log-failed'; name: string; final: boolean }
  /** A look takes the validation of these repositories (one look validates each; see `VALIDATION_CLAIM_MS`). */
  | { type: 'validation-claimed'; names: string[]; job: string }
  /** That look could not validate them (a limit, GitHub down): its claim goes back. */
  | { type: 'validation-released'; names: string[]; job: string }
  /** A look takes the unlock (or archive) of this repository's source (one look does it; `SOURCE_CLAIM_MS`). */
  | { type: 'source-claimed'; name: string; job: string }
  /** A look takes the fetch of this import's log (one fetch per log; `LOG_CLAIM_MS`). */
  | { type: 'log-claimed'; name: string; job: string }
  | { type: 'validated'; name: string; validation: RepositoryValidation }
  | { type: 'source-unlocked'; name: string }
  /** GitHub confirmed the (unlocked) source archived: `afterValidation: 'archive'`. */
  | { type: 'source-archived'; name: string }
  /** A trial's repository deleted from the target (GitHub's 204, or 404: already gone). */
  | { type: 'trial-deleted'; name: string }
  | { type: 'requests'; source?: number; target?: number; targetPoints?: number }
  /** The move itself cannot go on (a refused target credential): nothing more is started. */
  | { type: 'move-failed'; error: string }
  /** Its looks wait for GitHub (a limit held for the account) until `until`; without `until`: no longer. */
  | { type: 'waiting'; until?: string; reason?: string; for?: string };

const FINAL = new Set<MoveRepositoryStep>(FINAL_REPOSITORY_STEPS);
/** Steps before the archive is Ferry's: the wave decides them. */
const EXPORT_STEPS = new Set<MoveRepositoryStep>(['waiting', 'exporting']);
/** Steps with an import on GitHub that may still end. */
export const IMPORT_STEPS = new Set<MoveRepositoryStep>(['queued', 'importing']);
const ENDED_MOVE = new Set<Move['state']>(['completed', 'failed', 'cancelled']);

export const isFinalStep = (step: MoveRepositoryStep) => FINAL.has(step);

/** GEI's states at which an import is over (its log exists). */
export const importEnded = (state: GeiMigrationState | undefined) =>
  state === 'SUCCEEDED' || state === 'FAILED' || state === 'FAILED_VALIDATION';

/** Fetches of an ended import's log before Ferry gives up on it (the first at the poll that saw the end). */
export const LOG_ATTEMPTS = 5;
/** How long GitHub keeps an ended import's log. */
export const LOG_KEPT_MS = 24 * 3_600_000;
/** The least wait between two fetches of one log (looks come every few seconds while imports run). */
export const LOG_RETRY_MS = 60_000;

/**
 * Is a fetch of this repository's log owed (`at`: now)? Its import ended less than 24 h ago, Ferry holds its
 * archive (the log goes beside it), no log is saved, an earlier fetch failed fewer than `LOG_ATTEMPTS` times, and
 * the last was `LOG_RETRY_MS` ago. `due: false` asks only whether one is still owed at all (to look again).
 */
export function logOwed(repo: MoveRepository, at: number, due = true): boolean {
  const migration = repo.migration;
  if (!migration?.id || !repo.archive || migration.logFile || !importEnded(migration.state)) return false;
  const attempts = migration.logAttempts ?? 0;
  if (attempts >= LOG_ATTEMPTS) return false;
  // No fetch written yet: owed only when the look that took it died (its claim has expired).
  if (attempts === 0 && (!repo.logClaim || at - Date.parse(repo.logClaim.at) < LOG_CLAIM_MS)) return false;
  if (!(at - Date.parse(migration.endedAt ?? '') < LOG_KEPT_MS)) return false;
  return !due || !(at - Date.parse(migration.logTriedAt ?? '') < LOG_RETRY_MS);
}

/** A source Ferry locked (its export) and may unlock: no step of the move is still under way for it. */
const unlockable = (repo: MoveRepository) =>
  repo.sourceLock === 'locked' &&
  repo.batchId !== undefined &&
  (repo.step === 'failed' ||
    repo.step === 'aborted' ||
    repo.step === 'cancelled' ||
    repo.step === 'done' ||
    repo.step === 'validating');

/**
 * An unlock owed outside validation: one a user asked for ("Unlock anyway"), or a cancelled move's sources that
 * it locked and did not validate (unless the user chose to keep them locked). A failed validation keeps its lock
 * by design until a user asks.
 */
export function unlockOwed(move: Move, repo: MoveRepository): boolean {
  if (!unlockable(repo)) return false;
  if (repo.unlockAsked) return true;
  return (
    move.state === 'cancelled' &&
    move.afterCancel !== 'keep-locked' &&
    repo.step === 'cancelled' &&
    repo.validation?.result !== 'failed'
  );
}

/**
 * What a validated repository still owes as the move chose: the unlock, then (archive) the archive; a trial's,
 * never its source (never locked), only the trial repository's deletion from the target unless it is kept.
 */
function sourceOwes(move: Move, repo: MoveRepository): 'unlock' | 'archive' | 'deleteTrial' | undefined {
  if (move.trial) return move.trial.keep || repo.trialDeleted ? undefined : 'deleteTrial';
  if (move.afterValidation === 'keep-locked') return undefined;
  if (repo.sourceLock !== 'unlocked') return 'unlock';
  return move.afterValidation === 'archive' && !repo.sourceArchived ? 'archive' : undefined;
}

/** Validated, with nothing owed to the source any more: done. */
const settledSource = (move: Move, repo: MoveRepository): MoveRepository =>
  repo.step === 'validating' && repo.validation?.result === 'passed' && !sourceOwes(move, repo)
    ? { ...repo, step: 'done' }
    : repo;

/**
 * How long an upload's claim holds without a part written: the upload job's expiry (6 h), past which its job is
 * certainly over. A killed holder's job comes back under the same id and goes on at once; only a job lost for
 * good waits this long before another job takes the upload.
 */
export const UPLOAD_CLAIM_MS = 6 * 3_600 * 1_000;

/** May `job` upload this repository's archive now: none holds it, it holds it, or its holder is long silent. */
function claimable(repo: MoveRepository, job: string, at: string): boolean {
  if (repo.step === 'verified') return true;
  if (repo.step !== 'uploading') return false;
  const holder = repo.upload?.job;
  if (holder === undefined || holder === job) return true;
  const since = Date.parse(repo.updatedAt ?? repo.upload?.claimedAt ?? '');
  return !(Date.parse(at) - since < UPLOAD_CLAIM_MS);
}

function withRepository(move: Move, name: string, change: (repo: MoveRepository) => MoveRepository): Move {
  let changed = false;
  const repositories = move.repositories.map((repo) => {
    if (repo.name !== name) return repo;
    const next = change(repo);
    if (next !== repo) changed = true;
    return next;
  });
  return changed ? { ...move, repositories } : move;
}

/** The step GEI's state puts an import at (SUCCEEDED: validation is next; FAILED*: failed). */
export function stepOfState(state: GeiMigrationState): MoveRepositoryStep {
  switch (state) {
    case 'QUEUED':
    case 'NOT_STARTED':
      return 'queued';
    case 'IN_PROGRESS':
    case 'PENDING_VALIDATION':
      return 'importing';
    case 'SUCCEEDED':
      return 'validating';
    case 'FAILED':
    case 'FAILED_VALIDATION':
      return 'failed';
  }
}

/** Each named repository awaiting validation that no other look holds is claimed by `job`. */
function claimValidation(move: Move, names: readonly string[], job: string, at: string): Move {
  const wanted = new Set(names);
  let changed = false;
  const repositories = move.repositories.map((repo) => {
    if (!wanted.has(repo.name) || repo.step !== 'validating' || repo.validation) return repo;
    const held = repo.validationClaim;
    if (held && held.job !== job && Date.parse(at) - Date.parse(held.at) < VALIDATION_CLAIM_MS) return repo;
    changed = true;
    return { ...repo, validationClaim: { job, at }, updatedAt: at };
  });
  return changed ? { ...move, repositories } : move;
}

/**
 * How long a look's claim on a source's unlock or archive holds against other looks: one write, paced at a
 * second per account, takes seconds; a look killed holding it leaves it to the next look after this.
 */
export const SOURCE_CLAIM_MS = 120_000;
/** A log's fetch is one bounded GET: a look that took it and died leaves it to any look after this. */
export const LOG_CLAIM_MS = 30_000;

/**
 * When a log another look took (and did not save) is owed again, if one is: its claim's expiry. The move's
 * next look is asked for then, so a look killed holding a log never leaves it unsaved (an ended move too).
 */
export function logClaimExpiry(repo: MoveRepository): number | undefined {
  const migration = repo.migration;
  if (!repo.logClaim || !migration?.id || migration.logFile || (migration.logAttempts ?? 0) > 0)
    return undefined;
  return importEnded(migration.state) ? Date.parse(repo.logClaim.at) + LOG_CLAIM_MS : undefined;
}

function claimed(
  repo: MoveRepository,
  field: 'sourceClaim' | 'logClaim',
  job: string,
  at: string,
): MoveRepository {
  const held = repo[field];
  const holds = field === 'logClaim' ? LOG_CLAIM_MS : SOURCE_CLAIM_MS;
  if (held && held.job !== job && Date.parse(at) - Date.parse(held.at) < holds) return repo;
  return { ...repo, [field]: { job, at }, updatedAt: at };
}

/** The next part's place written; the upload's holder kept. */
function progressed(
  repo: MoveRepository,
  event: { location: string; bytesSent: number; parts: number },
): MoveRepository {
  const { job, claimedAt } = repo.upload ?? {};
  return {
    ...repo,
    step: 'uploading',
    upload: {
      ...(job ? { job, claimedAt } : {}),
      location: event.location,
      bytesSent: event.bytesSent,
      parts: event.parts,
    },
  };
}

/** A repository's export as its wave batch says (batches of one: the batch whose only repository it is). */
function followBatch(repo: MoveRepository, batch: WaveBatch | undefined, locks: boolean): MoveRepository {
  if (!batch || !EXPORT_STEPS.has(repo.step)) return repo;
  // A trial's exports lock nothing: its sources are never said to be locked.
  const lock = locks ? { sourceLock: 'locked' as const } : {};
  switch (batch.state) {
    case 'queued':
      return repo.step === 'waiting' ? repo : { ...repo, step: 'waiting' };
    case 'starting':
    case 'exporting':
    case 'downloading':
    case 'verifying':
    case 'failed':
      return repo.step === 'exporting' ? repo : { ...repo, step: 'exporting', ...lock };
    case 'verified':
      return batch.file && batch.sha256
        ? {
            ...repo,
            step: 'verified',
            ...lock,
            archive: { file: batch.file, bytes: batch.bytes ?? 0, sha256: batch.sha256 },
            error: undefined,
          }
        : repo;
    case 'isolated':
    case 'invalid':
      return {
        ...repo,
        step: 'failed',
        error: `The export failed: ${batch.error ?? batch.verification?.message ?? 'no reason given'}`,
      };
    case 'cancelled':
      return { ...repo, step: 'cancelled' };
    case 'split':
      return repo;
  }
}

function followWave(move: Move, wave: Wave): Move {
  // Looks overlap (the move's two job keys, several gateways): one may write the wave as it read it before another
  // wrote a later one. The wave's count only grows, so a snapshot that counted fewer is older: nothing to follow.
  const fromWave =
    move.requests.source - (move.requests.sourceGraphql ?? 0) - (move.requests.sourcePreflight ?? 0);
  if (wave.requests < fromWave) return move;
  const byName = new Map<string, WaveBatch>();
  // Batches of one; a retried batch keeps its id, so the latest of a name is the one to follow.
  for (const batch of wave.batches) if (batch.repos.length === 1) byName.set(batch.repos[0] ?? '', batch);
  const repositories = move.repositories.map((repo) => {
    const batch = byName.get(repo.name);
    const followed = followBatch(repo, batch, !move.trial);
    return followed.batchId === undefined && batch ? { ...followed, batchId: batch.id } : followed;
  });
  const source = wave.requests + (move.requests.sourceGraphql ?? 0) + (move.requests.sourcePreflight ?? 0);
  const same =
    repositories.every((repo, index) => repo === move.repositories[index]) && source === move.requests.source;
  return same ? move : { ...move, repositories, requests: { ...move.requests, source } };
}

/** What a retry of one repository starts again from, by where it stopped. */
function retried(repo: MoveRepository): MoveRepository {
  if (repo.step !== 'failed' && repo.step !== 'aborted') return repo;
  const base = { ...repo, error: undefined, attempts: 0 };
  // The import succeeded but validation found differences: count again (the target may have been fixed).
  if (repo.migration?.state === 'SUCCEEDED')
    return { ...base, step: 'validating', validation: undefined, validationClaim: undefined };
  // Ferry holds the archive: upload it again (GitHub deleted the copy its import used) and start afresh.
  if (repo.archive)
    return { ...base, step: 'verified', upload: undefined, migration: undefined, validation: undefined };
  // The export failed: the wave's batch is retried (the runner asks the wave).
  return { ...base, step: 'exporting' };
}

/** Completed once every repository is at an end; a paused move stays paused until resumed. */
function settle(move: Move): Move {
  if (move.state !== 'running') return move;
  return move.repositories.every((repo) => FINAL.has(repo.step)) ? { ...move, state: 'completed' } : move;
}

/** An import's state as GitHub's status answer says it (the step it puts the repository at, when it ended). */
function followedImport(
  repo: MoveRepository,
  event: Extract<MoveEvent, { type: 'migration-state' }>,
  at: string,
): MoveRepository {
  if (!IMPORT_STEPS.has(repo.step) || !repo.migration) return repo;
  const step = stepOfState(event.state);
  if (repo.migration.state === event.state && repo.step === step) return repo;
  const failureReason = event.failureReason ?? undefined;
  const endedAt = repo.migration.endedAt ?? (importEnded(event.state) ? at : undefined);
  return {
    ...repo,
    updatedAt: at,
    step,
    migration: {
      ...repo.migration,
      state: event.state,
      ...(failureReason ? { failureReason } : {}),
      ...(endedAt ? { endedAt } : {}),
    },
    ...(step === 'failed'
      ? { error: `GitHub says: ${failureReason ?? `the import ended ${event.state}`}` }
      : {}),
  };
}

/** One more failed fetch of the log (`final`: it cannot succeed, so none is owed any more). */
function logFailed(repo: MoveRepository, final: boolean, at: string): MoveRepository {
  if (!repo.migration || repo.migration.logFile) return repo;
  const logAttempts = final ? LOG_ATTEMPTS : (repo.migration.logAttempts ?? 0) + 1;
  return { ...repo, updatedAt: at, migration: { ...repo.migration, logAttempts, logTriedAt: at } };
}

export function applyMoveEvent(move: Move, event: MoveEvent, at: string): Move {
  let next = settle(reduce(move, event, at));
  // An ended move waits for nothing.
  if (next.waiting && ENDED_MOVE.has(next.state)) next = { ...next, waiting: undefined };
  return next === move ? move : { ...next, updatedAt: at };
}

type ClaimEvent = Extract<
  MoveEvent,
  {
    type:
      | 'unlock-asked'
      | 'migration-source-claimed'
      | 'validation-claimed'
      | 'validation-released'
      | 'source-claimed'
      | 'log-claimed'
      | 'waiting';
  }
>;

/** Who does a step now (claims of one look among a team's), what a user asked of a source, what the move waits for. */
function reduceClaim(move: Move, event: ClaimEvent, at: string): Move {
  const touch = (repo: MoveRepository): MoveRepository => ({ ...repo, updatedAt: at });
  switch (event.type) {
    case 'unlock-asked':
      return withRepository(move, event.name, (repo) =>
        unlockable(repo) && !repo.unlockAsked ? touch({ ...repo, unlockAsked: true }) : repo,
      );
    case 'migration-source-claimed': {
      const held = move.migrationSourceClaim;
      if (move.migrationSourceId) return move;
      if (held && held.job !== event.job && Date.parse(at) - Date.parse(held.at) < SOURCE_CLAIM_MS)
        return move;
      return { ...move, migrationSourceClaim: { job: event.job, at } };
    }
    case 'validation-claimed':
      return claimValidation(move, event.names, event.job, at);
    case 'validation-released': {
      const names = new Set(event.names);
      let released = move;
      for (const repo of move.repositories)
        if (names.has(repo.name) && repo.validationClaim?.job === event.job)
          released = withRepository(released, repo.name, (r) => ({ ...r, validationClaim: undefined }));
      return released;
    }
    case 'source-claimed':
      return withRepository(move, event.name, (repo) =>
        (repo.step === 'validating' && repo.validation?.result === 'passed') || unlockOwed(move, repo)
          ? claimed(repo, 'sourceClaim', event.job, at)
          : repo,
      );
    case 'log-claimed':
      return withRepository(move, event.name, (repo) =>
        repo.migration?.id && !repo.migration.logFile ? claimed(repo, 'logClaim', event.job, at) : repo,
      );
    case 'waiting':
      if (!event.until) return move.waiting ? { ...move, waiting: undefined } : move;
      return {
        ...move,
        waiting: {
          until: event.until,
          reason: event.reason ?? 'GitHub asked Ferry to wait.',
          ...(event.for ? { for: event.for } : {}),
        },
      };
  }
}

/** A source unlocked, then (`afterValidation: archive`) archived, or a trial's repository deleted: GitHub confirmed. */
function reduceSourceStep(
  move: Move,
  event: Extract<MoveEvent, { type: 'source-unlocked' | 'source-archived' | 'trial-deleted' }>,
  at: string,
): Move {
  const touch = (repo: MoveRepository): MoveRepository => ({ ...repo, updatedAt: at });
  switch (event.type) {
    case 'source-unlocked':
      return withRepository(move, event.name, (repo) =>
        repo.sourceLock === 'unlocked'
          ? repo
          : touch(
              settledSource(move, {
                ...repo,
                sourceLock: 'unlocked',
                sourceClaim: undefined,
                unlockAsked: undefined,
              }),
            ),
      );
    case 'trial-deleted':
      return withRepository(move, event.name, (repo) =>
        repo.trialDeleted || !move.trial
          ? repo
          : touch(settledSource(move, { ...repo, trialDeleted: true, sourceClaim: undefined })),
      );
    case 'source-archived':
      // Only once unlocked: GitHub refuses to change a locked repository, so an earlier confirmation is not one.
      return withRepository(move, event.name, (repo) =>
        repo.sourceArchived || repo.sourceLock !== 'unlocked'
          ? repo
          : touch(settledSource(move, { ...repo, sourceArchived: true, sourceClaim: undefined })),
      );
  }
}

function reduce(move: Move, event: MoveEvent, at: string): Move {
  const touch = (repo: MoveRepository): MoveRepository => ({ ...repo, updatedAt: at });
  switch (event.type) {
    case 'pause':
      return move.state === 'running' ? { ...move, state: 'paused' } : move;
    case 'resume':
      return move.state === 'paused' ? { ...move, state: 'running' } : move;
    case 'cancel':
      if (ENDED_MOVE.has(move.state)) return move;
      // The runner aborts on GitHub the imports still under way (`cancel` in move-runner.ts).
      return {
        ...move,
        state: 'cancelled',
        afterCancel: event.unlock === false ? 'keep-locked' : 'unlock',
        repositories: move.repositories.map((repo) =>
          FINAL.has(repo.step) ? repo : touch({ ...repo, step: 'cancelled' }),
        ),
      };
    case 'unlock-asked':
    case 'migration-source-claimed':
    case 'validation-claimed':
    case 'validation-released':
    case 'source-claimed':
    case 'log-claimed':
    case 'waiting':
      return reduceClaim(move, event, at);
    case 'retry': {
      if (move.state === 'cancelled' || move.state === 'failed') return move;
      const next = withRepository(move, event.name, (repo) => {
        const again = retried(repo);
        return again === repo ? repo : touch(again);
      });
      return next !== move && move.state === 'completed' ? { ...next, state: 'running' } : next;
    }
    case 'abort':
      return withRepository(move, event.name, (repo) =>
        FINAL.has(repo.step) ? repo : touch({ ...repo, step: 'aborted', error: 'Aborted by a user.' }),
      );
    case 'wave':
      return followWave(move, event.wave);
    case 'upload-claimed':
      return withRepository(move, event.name, (repo) =>
        claimable(repo, event.job, at)
          ? touch({ ...repo, step: 'uploading', upload: { ...repo.upload, job: event.job, claimedAt: at } })
          : repo,
      );
    case 'upload-progress':
      return withRepository(move, event.name, (repo) =>
        repo.step === 'verified' || repo.step === 'uploading' ? touch(progressed(repo, event)) : repo,
      );
    case 'uploaded':
      return withRepository(move, event.name, (repo) =>
        repo.step === 'verified' || repo.step === 'uploading'
          ? touch({ ...repo, step: 'uploaded', upload: { uri: event.uri } })
          : repo,
      );
    case 'migration-source':
      return move.migrationSourceId
        ? move
        : { ...move, migrationSourceId: event.id, migrationSourceClaim: undefined };
    case 'start-requested':
      return withRepository(move, event.name, (repo) =>
        repo.step === 'uploaded' && !repo.migration?.startRequestedAt
          ? touch({ ...repo, migration: { startRequestedAt: event.at } })
          : repo,
      );
    case 'start-unanswered':
      return withRepository(move, event.name, (repo) =>
        repo.step === 'uploaded' && repo.migration?.startRequestedAt && !repo.migration.id
          ? touch({ ...repo, migration: undefined })
          : repo,
      );
    case 'started':
      return withRepository(move, event.name, (repo) =>
        repo.step === 'uploaded' && !repo.migration?.id
          ? touch({
              ...repo,
              step: stepOfState(event.state),
              migration: {
                ...repo.migration,
                id: event.id,
                state: event.state,
                // Adopted after it ended: its log is owed from now.
                ...(importEnded(event.state) ? { endedAt: at } : {}),
              },
            })
          : repo,
      );
    case 'repository-failed':
      return withRepository(move, event.name, (repo) =>
        FINAL.has(repo.step) ? repo : touch({ ...repo, step: 'failed', error: event.error }),
      );
    case 'migration-state':
      return withRepository(move, event.name, (repo) => followedImport(repo, event, at));
    case 'log-saved':
      return withRepository(move, event.name, (repo) =>
        repo.migration && !repo.migration.logFile
          ? touch({ ...repo, migration: { ...repo.migration, logFile: event.file } })
          : repo,
      );
    case 'log-failed':
      // The look is done with it: the next fetch is any later look's.
      return withRepository(move, event.name, (repo) => {
        const failed = logFailed(repo, event.final, at);
        return failed.logClaim ? { ...failed, logClaim: undefined } : failed;
      });
    case 'validated':
      return withRepository(move, event.name, (repo) => {
        if (repo.step !== 'validating' || repo.validation) return repo;
        const { validation } = event;
        if (validation.result === 'failed')
          return touch({
            ...repo,
            step: 'failed',
            validation,
            error: validation.reason ?? 'Validation found differences: the source stays locked.',
          });
        // Passed: done now unless the source is still to be unlocked (and archived).
        return touch(settledSource(move, { ...repo, validation }));
      });
    case 'trial-deleted':
    case 'source-unlocked':
    case 'source-archived':
      return reduceSourceStep(move, event, at);
    case 'requests': {
      const graphql = event.source ?? 0;
      const kept = move.requests.sourceGraphql;
      return {
        ...move,
        requests: {
          ...move.requests,
          source: move.requests.source + graphql,
          target: move.requests.target + (event.target ?? 0),
          targetPoints: move.requests.targetPoints + (event.targetPoints ?? 0),
          ...(graphql > 0 || kept !== undefined ? { sourceGraphql: (kept ?? 0) + graphql } : {}),
        },
      };
    }
    case 'move-failed':
      if (ENDED_MOVE.has(move.state)) return move;
      return {
        ...move,
        state: 'failed',
        error: event.error,
        repositories: move.repositories.map((repo) =>
          FINAL.has(repo.step) || IMPORT_STEPS.has(repo.step) ? repo : touch({ ...repo, step: 'cancelled' }),
        ),
      };
  }
}

/** What is due for a move now; the jobs do it and write the outcome as events. */
export interface MoveActions {
  /** Verified archives to upload (or uploads to resume). */
  upload: string[];
  /** Uploaded archives whose import is to be started. */
  start: string[];
  /** Starts written but never answered: look the migration up before anything else. */
  adopt: string[];
  /** Import ids to ask the state of, all in one request. */
  poll: string[];
  /** Imports that succeeded, to validate together. */
  validate: string[];
  /** Validated repositories whose source is to be unlocked. */
  unlock: string[];
  /** Validated, unlocked repositories whose source is to be archived (`afterValidation: 'archive'`). */
  archive: string[];
  /** A trial's validated repositories to delete from the target (unless kept). */
  deleteTrial: string[];
  /** Ended imports whose log fetch failed, due again (`logOwed`): whatever the move's state. */
  log: string[];
}

/**
 * What is due now. A paused move starts nothing new (no upload, no start) but still follows, validates and
 * unlocks what already runs on GitHub; an ended move has nothing due, except imports a failed move left running.
 */
export function moveActions(move: Move, at?: number): MoveActions {
  const actions: MoveActions = {
    upload: [],
    start: [],
    adopt: [],
    poll: [],
    validate: [],
    unlock: [],
    archive: [],
    deleteTrial: [],
    log:
      at === undefined ? [] : move.repositories.filter((repo) => logOwed(repo, at)).map((repo) => repo.name),
  };
  for (const repo of move.repositories) if (unlockOwed(move, repo)) actions.unlock.push(repo.name);
  if (move.state === 'cancelled' || move.state === 'completed') return actions;
  const opening = move.state === 'running';
  for (const repo of move.repositories) {
    const { name } = repo;
    if (opening && (repo.step === 'verified' || repo.step === 'uploading')) actions.upload.push(name);
    if (opening && repo.step === 'uploaded') {
      if (repo.migration?.startRequestedAt && !repo.migration.id) actions.adopt.push(name);
      else if (!repo.migration?.startRequestedAt) actions.start.push(name);
    }
    if (IMPORT_STEPS.has(repo.step) && repo.migration?.id) actions.poll.push(repo.migration.id);
    if (repo.step === 'validating' && !repo.validation) actions.validate.push(name);
    if (repo.step === 'validating' && repo.validation?.result === 'passed') {
      const owed = sourceOwes(move, repo);
      if (owed && !actions[owed].includes(name)) actions[owed].push(name);
    }
  }
  if (move.state === 'failed')
    return {
      ...actions,
      validate: [],
      unlock: actions.unlock.filter((name) =>
        move.repositories.some((r) => r.name === name && r.unlockAsked),
      ),
      archive: [],
    };
  return actions;
}

/** A running move's repositories unchanged for longer than their step can take (issue 46, item 12). */
export function silentRepositories(move: Move, at: number) {
  if (move.state !== 'running') return [];
  return move.repositories.flatMap((repo) => {
    const forMs = silentForMs(repo, at, move.updatedAt);
    return forMs === undefined ? [] : [{ name: repo.name, step: repo.step, forMs }];
  });
}

/** Repositories still to be looked at by a job (the sweep's test for an unfinished move). */
export const moveOpen = (move: Move) => move.state === 'running' || move.state === 'paused';
