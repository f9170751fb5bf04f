import { randomUUID } from 'node:crypto';
import type { GeiMigration } from '@/contracts/github/gei';
import type { Move, MoveRepository } from '@/contracts/move-run';
import { CredentialRefusedError } from '@/server/waves/github-client';
import { GeiRefusedError } from '../gei/gei-errors';
import { TargetCredentialError, TargetRateLimitedError } from '../target-errors';
import {
  advanceLater,
  recordCount,
  recordCounted,
  recordMove,
  recordMoveIf,
  type MoveContext,
  type TargetCount,
  type TargetSide,
} from './move-context';
import {
  IMPORT_STEPS,
  LOG_RETRY_MS,
  logClaimExpiry,
  logOwed,
  moveActions,
  type MoveEvent,
} from './move-machine';
import { claimSourceStep } from './source-claims';
import { deleteValidatedTrials } from './trial-cleanup';

/** Points left under which status polls slow down to the longest wait. */
export const LOW_POINTS = 500;
/** A start written this long before the migration GitHub lists for the name: that one is older, not ours. */
const ADOPT_MARGIN_MS = 60_000;

/**
 * One look at a move (job `move-advance`; any gateway, at least once): follow its wave, then do what is due —
 * uploads handed to their own jobs, starts (decided and written first), adoption of starts whose answer was lost,
 * ONE status request for all running imports, logs saved, validation of the newly succeeded together, unlocks —
 * and ask for the next look. Every outcome is written as an event under the move's row lock.
 */
export async function advanceMove(
  context: MoveContext,
  id: string,
  job: string = randomUUID(),
): Promise<void> {
  let move = await context.moves.get(id);
  if (!move) return;
  if (move.waveId) {
    const wave = await context.waves.get(move.waveId);
    if (wave) move = (await recordMove(context, id, { type: 'wave', wave })) ?? move;
  }
  const actions = moveActions(move);
  for (const name of actions.upload)
    await context.jobs.send(
      'move-upload',
      { moveId: id, name },
      { key: `${id}:${name}`, expireInSeconds: UPLOAD_EXPIRY_S },
    );

  const count: TargetCount = { requests: 0, points: 0 };
  const target: TargetSide = { ...context.target(move, count), job };
  try {
    if (actions.start.length + actions.adopt.length > 0)
      move = await startImports(context, move, target, actions);
    if (!move) return;
    const polled = actions.poll.length > 0 ? await pollImports(context, move, target) : undefined;
    if (polled) move = polled.move ?? move;
    move = (await fetchLogsAgain(context, move, target)) ?? move;
    await validateSucceeded(context, move, job);
    await unlockValidated(context, move, job);
    await archiveUnlocked(context, move, job);
    await deleteValidatedTrials(context, move, target, job);
    move = (await context.moves.get(id)) ?? move;
    // The look got through after GitHub's wait had passed: no longer waiting.
    if (move.waiting && Date.parse(move.waiting.until) <= context.now())
      move = (await recordMove(context, id, { type: 'waiting' })) ?? move;
    await scheduleNext(context, move, polled?.remaining);
  } finally {
    await recordCount(context, id, count);
  }
}

/** Long uploads: a part may take minutes; the job's progress is written per part, so a successor resumes. */
export const UPLOAD_EXPIRY_S = 6 * 3_600;

const repoNamed = (move: Move, name: string) => move.repositories.find((repo) => repo.name === name);

/** The migration source, created once per move (a second made by a race is harmless and unused). */
async function migrationSource(context: MoveContext, move: Move, target: TargetSide): Promise<string> {
  if (move.migrationSourceId) return move.migrationSourceId;
  const { id } = await target.ops.createMigrationSource({
    ownerId: move.target.organizationId ?? '',
    name: `Ferry move ${move.id}`,
    url: context.sourceUrl(move, ''),
  });
  const recorded = await recordCounted(context, move.id, target.count, { type: 'migration-source', id });
  return recorded?.migrationSourceId ?? id;
}

/**
 * The move's migration source before its first start, created by one look: two looks starting side by side each
 * created one (issue 46, item 7). A look that finds another's claim asks for a look soon and starts nothing.
 */
async function ensureMigrationSource(
  context: MoveContext,
  move: Move,
  target: TargetSide,
): Promise<Move | undefined> {
  const job = target.job ?? 'look';
  const claimed = (await recordMoveIf(context, move.id, { type: 'migration-source-claimed', job })).move;
  if (!claimed || claimed.migrationSourceId) return claimed;
  if (claimed.migrationSourceClaim?.job !== job) {
    await advanceLater(context, move.id, context.exportLookMs);
    return claimed;
  }
  await migrationSource(context, claimed, target);
  return context.moves.get(move.id);
}

/** GitHub refused the target credential itself: the move stops with GitHub's reason. */
const credentialRefusal = (error: unknown): string | undefined => {
  if (error instanceof TargetCredentialError) return error.message;
  if (error instanceof GeiRefusedError && error.refusal === 'credential')
    return `GitHub says: ${error.message}`;
  return undefined;
};

async function startImports(
  context: MoveContext,
  move: Move,
  target: TargetSide,
  actions: { start: string[]; adopt: string[] },
): Promise<Move | undefined> {
  let current: Move | undefined = move;
  try {
    if (actions.start.length > 0 && !move.migrationSourceId) {
      current = await ensureMigrationSource(context, move, target);
      // Another look creates it now: the starts are the next look's.
      if (!current?.migrationSourceId) return current;
    }
    for (const name of actions.adopt) {
      const repo = current && repoNamed(current, name);
      if (!current || !repo || startMayBeInFlight(context, repo)) continue;
      if (!(await adopt(context, current, target, repo))) await start(context, current, target, repo);
      current = await context.moves.get(move.id);
    }
    for (const name of actions.start) {
      if (!current) break;
      // The decision is written before the start is sent; only the job that wrote it sends.
      const decided = await recordMoveIf(context, current.id, {
        type: 'start-requested',
        name,
        at: new Date(context.now()).toISOString(),
      });
      current = decided.move;
      const repo = current && repoNamed(current, name);
      if (decided.applied && current && repo) {
        await start(context, current, target, repo);
        current = await context.moves.get(move.id);
      }
    }
  } catch (error) {
    const refused = credentialRefusal(error);
    if (!refused) throw error;
    context.log(`move ${move.id} stopped: ${refused}`);
    return recordCounted(context, move.id, target.count, { type: 'move-failed', error: refused });
  }
  return context.moves.get(move.id);
}

/**
 * A start decided less than one request's bound ago may still be on its way (another gateway's look sent it and
 * waits for GitHub): looking it up now could find nothing yet and start a second one, which GitHub refuses
 * ("already exists") while the first runs. It is left to a later look. A decision dated in the future (clocks of
 * two machines apart) is not waited for.
 */
function startMayBeInFlight(context: MoveContext, repo: MoveRepository): boolean {
  const age = context.now() - Date.parse(repo.migration?.startRequestedAt ?? '');
  return age >= 0 && age < context.startBoundMs;
}

/**
 * Whether GitHub's `migration` is this move's import of `repo`: started from the move's own migration source
 * (GitHub's record, on no one's clock), or, where GitHub named no source, listed since the start was written.
 */
function isOurs(move: Move, repo: MoveRepository, migration: GeiMigration): boolean {
  if (migration.sourceId) return migration.sourceId === move.migrationSourceId;
  const since = Date.parse(repo.migration?.startRequestedAt ?? '') - ADOPT_MARGIN_MS;
  return !migration.createdAt || Date.parse(migration.createdAt) >= since;
}

/**
 * A start whose answer was never written (`lost`), or one GitHub refused because the name already holds an import
 * (`name-taken`: an earlier start of ours that outlived its bound landed first): the migration GitHub lists for
 * the name that is this move's is adopted.
 */
async function adopt(
  context: MoveContext,
  move: Move,
  target: TargetSide,
  repo: MoveRepository,
  why: 'lost' | 'name-taken' = 'lost',
): Promise<boolean> {
  const found = await target.ops.findMigrations({
    ownerLogin: move.target.login,
    repositoryName: repo.targetName,
  });
  const ours = found.find((migration) =>
    why === 'lost' ? isOurs(move, repo, migration) : migration.sourceId === move.migrationSourceId,
  );
  if (!ours) return false;
  const cause = why === 'lost' ? "its start's answer was lost" : 'a second start found the name taken by it';
  context.log(`move ${move.id}: ${repo.name}'s import ${ours.id} adopted (${cause})`);
  // It may have ended while nobody followed it (no poll will see the end): its log is saved now.
  const ended = ours.state === 'SUCCEEDED' || ours.state.startsWith('FAILED');
  const log =
    ended && ours.migrationLogUrl ? await saveLogOf(context, move, target, repo, ours.migrationLogUrl) : [];
  await recordCounted(
    context,
    move.id,
    target.count,
    { type: 'started', name: repo.name, id: ours.id, state: ours.state },
    ...log,
  );
  return true;
}

/**
 * GitHub's log of an ended import saved beside the archive. A failure is written (`log-failed`): one GitHub may
 * still answer (unavailable) is fetched again at later looks (`logOwed`), one that cannot succeed is not.
 */
async function saveLogOf(
  context: MoveContext,
  move: Move,
  target: TargetSide,
  repo: MoveRepository,
  url: string,
): Promise<MoveEvent[]> {
  if (!repo.archive || repo.migration?.logFile) return [];
  // Two gateways' looks see the end side by side: one fetches the log (the other's rename found it gone).
  if (target.job) {
    const { move: now } = await recordMoveIf(context, move.id, {
      type: 'log-claimed',
      name: repo.name,
      job: target.job,
    });
    const current = now?.repositories.find((found) => found.name === repo.name);
    if (current?.migration?.logFile || (current?.logClaim && current.logClaim.job !== target.job)) return [];
  }
  const saved = await context.saveLog({ url, file: repo.archive.file }).catch((error: unknown) => {
    context.log(`move ${move.id}: ${repo.name}'s log not saved (${String(error)})`);
    return { retry: true };
  });
  return 'file' in saved
    ? [{ type: 'log-saved', name: repo.name, file: saved.file }]
    : [{ type: 'log-failed', name: repo.name, final: !saved.retry }];
}

/** Logs whose fetch failed, due again: ONE status request for their imports (fresh log URLs), then each fetch. */
async function fetchLogsAgain(context: MoveContext, move: Move, target: TargetSide) {
  const due = move.repositories.filter((repo) => logOwed(repo, context.now()));
  if (due.length === 0) return undefined;
  const { states } = await target.ops.migrationStates(due.map((repo) => repo.migration?.id ?? ''));
  const events: MoveEvent[] = [];
  for (const repo of due) {
    const url = states.get(repo.migration?.id ?? '')?.migrationLogUrl;
    events.push(
      ...(url
        ? await saveLogOf(context, move, target, repo, url)
        : [{ type: 'log-failed' as const, name: repo.name, final: false }]),
    );
  }
  return recordCounted(context, move.id, target.count, ...events);
}

async function start(context: MoveContext, move: Move, target: TargetSide, repo: MoveRepository) {
  const sourceId = await migrationSource(context, move, target);
  try {
    const started = await target.ops.startRepositoryMigration({
      sourceId,
      ownerId: move.target.organizationId ?? '',
      repositoryName: repo.targetName,
      sourceRepositoryUrl: context.sourceUrl(move, repo.name),
      archiveUrl: repo.upload?.uri ?? '',
      accessToken: await context.sourceToken(move),
      githubPat: await target.token(),
      targetRepoVisibility: repo.visibility,
    });
    await recordCounted(context, move.id, target.count, { type: 'started', name: repo.name, ...started });
  } catch (error) {
    // The name holds this move's own import (an earlier start that outlived its bound): that one is followed.
    if (
      error instanceof GeiRefusedError &&
      error.refusal === 'name-taken' &&
      (await adopt(context, { ...move, migrationSourceId: sourceId }, target, repo, 'name-taken'))
    )
      return;
    // GitHub's limit answered instead of a start: nothing was started, so no lookup is owed before the next one.
    if (error instanceof TargetRateLimitedError)
      await recordCounted(context, move.id, target.count, { type: 'start-unanswered', name: repo.name });
    // GitHub refused this repository's start (the name taken, a bad archive): it fails with GitHub's words.
    if (error instanceof GeiRefusedError && error.refusal !== 'credential')
      await recordCounted(context, move.id, target.count, {
        type: 'repository-failed',
        name: repo.name,
        error: `GitHub says: ${error.message}`,
      });
    else throw error;
  }
}

/** ONE status request for every running import of the move; logs of those that ended saved at once. */
async function pollImports(
  context: MoveContext,
  move: Move,
  target: TargetSide,
): Promise<{ move: Move | undefined; remaining?: number }> {
  const running = move.repositories.filter((repo) => IMPORT_STEPS.has(repo.step) && repo.migration?.id);
  const { states, rateLimit } = await target.ops.migrationStates(
    running.map((repo) => repo.migration?.id ?? ''),
  );
  const events: MoveEvent[] = [];
  for (const repo of running) {
    const status = states.get(repo.migration?.id ?? '');
    if (!status) continue;
    events.push({
      type: 'migration-state',
      name: repo.name,
      state: status.state,
      failureReason: status.failureReason,
    });
    const ended = status.state === 'SUCCEEDED' || status.state.startsWith('FAILED');
    if (ended && status.migrationLogUrl)
      events.push(...(await saveLogOf(context, move, target, repo, status.migrationLogUrl)));
  }
  const recorded = events.length > 0 ? await recordCounted(context, move.id, target.count, ...events) : move;
  return { move: recorded, remaining: rateLimit?.remaining };
}

/** The newly succeeded imports validated together (one aliased query per 50 per side). */
async function validateSucceeded(context: MoveContext, move: Move, job: string) {
  const names = moveActions(move).validate;
  if (names.length === 0) return;
  // Another gateway's look may be validating them now: only those this look's claim took are counted here.
  const claimed = await recordMove(context, move.id, { type: 'validation-claimed', names, job });
  const due = (claimed?.repositories ?? []).flatMap((repo) =>
    names.includes(repo.name) && repo.archive && !repo.validation && repo.validationClaim?.job === job
      ? [{ name: repo.name, targetName: repo.targetName, archive: repo.archive.file }]
      : [],
  );
  if (due.length === 0) return;
  let result: Awaited<ReturnType<MoveContext['validate']>>;
  try {
    result = await context.validate(move, due);
  } catch (error) {
    // Not validated (a limit, GitHub down): the claim goes back, so the next look — any gateway's — validates
    // at once instead of after the claim's expiry (five minutes at "Validating" with nothing under way).
    await recordMove(context, move.id, { type: 'validation-released', names, job });
    throw error;
  }
  await recordMove(
    context,
    move.id,
    {
      type: 'requests',
      source: result.cost.source.requests,
      target: result.cost.target.requests,
      targetPoints: result.cost.target.points,
    },
    ...result.repositories.map((repo): MoveEvent => ({
      type: 'validated',
      name: repo.name,
      validation: repo.validation,
    })),
  );
}

/** Validated repositories' sources unlocked through the wave that locked them (counted by the wave). */
async function unlockValidated(context: MoveContext, move: Move, job: string) {
  const current = (await context.moves.get(move.id)) ?? move;
  for (const name of moveActions(current).unlock) {
    const repo = repoNamed(current, name);
    if (!current.waveId || repo?.batchId === undefined) continue;
    if (!(await claimSourceStep(context, current, name, job))) continue;
    await context.waves.unlock(current.waveId, repo.batchId);
    // The wave counted the unlock: the move takes its count with the outcome (it may be the move's last look).
    const wave = await context.waves.get(current.waveId);
    await recordMove(
      context,
      current.id,
      { type: 'source-unlocked', name },
      ...(wave ? [{ type: 'wave' as const, wave }] : []),
    );
  }
}

/**
 * Unlocked sources archived (`afterValidation: 'archive'`) through the wave's client, each written down only once
 * GitHub confirmed it; a gateway killed before that archives again on the next look (GitHub answers 200 again).
 * GitHub's refusal (no admin rights, the repository gone) fails the repository with GitHub's words; a retry
 * validates and archives again. A refused credential stops this look's archives: the next would be refused alike.
 */
async function archiveUnlocked(context: MoveContext, move: Move, job: string) {
  const current = (await context.moves.get(move.id)) ?? move;
  for (const name of moveActions(current).archive) {
    if (!current.waveId) continue;
    if (!(await claimSourceStep(context, current, name, job))) continue;
    let refusal: string | undefined;
    let stop = false;
    try {
      const answer = await context.waves.archiveRepository(current.waveId, name);
      if (answer && !answer.archived) refusal = `GitHub says (${answer.status}): ${answer.message}`;
    } catch (error) {
      if (!(error instanceof CredentialRefusedError)) throw error;
      refusal = `GitHub says: ${error.message}`;
      stop = true;
    }
    const wave = await context.waves.get(current.waveId);
    await recordMove(
      context,
      current.id,
      refusal
        ? { type: 'repository-failed', name, error: `The source could not be archived: ${refusal}` }
        : { type: 'source-archived', name },
      ...(wave ? [{ type: 'wave' as const, wave }] : []),
    );
    if (stop) return;
  }
}

/**
 * The next look: imports running → a status poll in `pollMs.min`… `max` (the longest when the points left are
 * low, more often while many run); exports under way → the wave's pace; nothing running → none (the minute's
 * sweep and the users' actions look again).
 */
async function scheduleNext(context: MoveContext, move: Move, remaining: number | undefined) {
  // A log whose fetch failed is owed even by an ended move: looked at again when the next fetch is due.
  const logs = move.repositories.some((repo) => logOwed(repo, context.now(), false));
  // A log another look took and has not saved (it may have died): looked at again when its claim expires.
  const claims = move.repositories.flatMap((repo) => logClaimExpiry(repo) ?? []);
  if (claims.length > 0)
    await advanceLater(context, move.id, Math.max(1_000, Math.min(...claims) - context.now()));
  if (move.state === 'cancelled' || move.state === 'completed') {
    // An ended move may still owe unlocks (a cancel's, a user's "Unlock anyway"): looked at again soon.
    if (moveActions(move).unlock.length > 0) await advanceLater(context, move.id, context.exportLookMs);
    else if (logs) await advanceLater(context, move.id, LOG_RETRY_MS);
    return;
  }
  const importing = move.repositories.some((repo) => IMPORT_STEPS.has(repo.step));
  if (importing) {
    const { min, max } = context.pollMs;
    const wait = remaining !== undefined && remaining < LOW_POINTS ? max : min;
    await advanceLater(context, move.id, wait);
    return;
  }
  const exporting = move.repositories.some((repo) => repo.step === 'waiting' || repo.step === 'exporting');
  // Work that became due during this look (the wave verified an archive as an unlock or archive was written,
  // an unlock made an archive due) is not left to the minute's sweep.
  const due = moveActions(move);
  const owed =
    due.start.length + due.adopt.length + due.unlock.length + due.archive.length + due.deleteTrial.length > 0;
  const verified = move.state === 'running' && move.repositories.some((repo) => repo.step === 'verified');
  if ((exporting && move.state === 'running') || owed || verified)
    await advanceLater(context, move.id, context.exportLookMs);
}

/** A target limit on a look: the next look after GitHub's wait (the job itself ends without a retry storm). */
export function limitWaitMs(error: unknown): number | undefined {
  return error instanceof TargetRateLimitedError ? error.retryAfterSeconds * 1_000 : undefined;
}
