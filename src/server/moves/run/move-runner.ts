import type { Actor } from '@/contracts/session';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import {
  TRIAL_NAME_INFIX,
  type Move,
  type MoveManifestRow,
  type MoveRepository,
  type MoveStartRequest,
  type MoveSummary,
} from '@/contracts/move-run';
import type { GatewayConfig } from '@/server/config';
import type { JobContext, JobEngine } from '@/server/jobs/job-engine';
import type { UpstreamFetch } from '@/server/outbound/bounded-fetch';
import type { HandedUrlCheck } from '@/server/outbound/handed-url';
import type { MoveStore } from '@/server/store/move-store';
import type { WaveRunner } from '@/server/waves/runner';
import type { Mover } from '../mover';
import { advanceNow, recordMove, type MoveContext, type TargetCount } from './move-context';
import { moveContextOf } from './move-context-of';
import { IMPORT_STEPS, isFinalStep, type MoveEvent } from './move-machine';
import { workMoveJobs } from './move-workers';
import { moveWaveRequest, newMove } from './new-move';
import { removeLeftScratch } from '../validation/scratch';

export interface MoveRunnerOptions {
  config: GatewayConfig;
  moves: MoveStore;
  waves: WaveRunner;
  mover: Mover;
  jobs: () => Promise<JobEngine>;
  fetchGithub: UpstreamFetch;
  fetchTarget: UpstreamFetch;
  /** Where a migration's log URL may point (`handedUrlChecks(…).log`). */
  checkLog: HandedUrlCheck;
  /** Waits between status polls (default 15–60 s: GitHub's budget, gh-gei polls every 10 s). */
  pollMs?: { min: number; max: number };
  exportLookMs?: number;
  /** Part size of uploads (default GitHub's 100 MiB; tests pass less). */
  partBytes?: number;
  uploads?: number;
  now?: () => number;
  log?: (message: string) => void;
}

export function summaryOf(move: Move): MoveSummary {
  return {
    id: move.id,
    createdAt: move.createdAt,
    state: move.state,
    source: move.source.login,
    target: move.target.login,
    repositories: move.repositories.length,
    done: move.repositories.filter((repo) => repo.step === 'done').length,
    failed: move.repositories.filter((repo) => repo.step === 'failed').length,
    ...(move.waveId ? { waveId: move.waveId } : {}),
    ...(move.trial ? { trial: true } : {}),
  };
}

/** The manifest's rows: paths relative to `archiveDir` and links to Ferry's routes, never the server's paths. */
export function manifestOf(move: Move, archiveDir = ''): MoveManifestRow[] {
  const inArchives = (file: string) => {
    const relative = path.relative(archiveDir, file);
    return !archiveDir || relative.startsWith('..') || path.isAbsolute(relative)
      ? path.basename(file)
      : relative;
  };
  return move.repositories.map((repo) => ({
    repository: repo.name,
    targetRepository: `${move.target.login}/${repo.targetName}`,
    step: repo.step,
    archiveSha256: repo.archive?.sha256 ?? null,
    archiveFile: repo.archive ? inArchives(repo.archive.file) : null,
    archiveBytes: repo.archive?.bytes ?? null,
    migrationId: repo.migration?.id ?? null,
    logUrl: repo.migration?.logFile
      ? `/api/moves/${encodeURIComponent(move.id)}/repositories/${encodeURIComponent(repo.name)}/log`
      : null,
    validation: repo.validation?.result ?? null,
    sourceLock: repo.sourceLock ?? null,
    sourceArchived: repo.sourceArchived === true,
  }));
}

/** A move's repository an action names that does not exist, or cannot take that action now. */
export class MoveActionError extends Error {
  override name = 'MoveActionError';
  constructor(
    message: string,
    readonly status: 404 | 409,
  ) {
    super(message);
  }
}

/** Abort on GitHub the imports `move` had under way (best effort: each refusal is logged, not thrown). */
async function abortImports(made: MoveContext, id: string, move: Move, log: (message: string) => void) {
  const running = move.repositories.filter((repo) => IMPORT_STEPS.has(repo.step) && repo.migration?.id);
  if (running.length === 0) return;
  const count: TargetCount = { requests: 0, points: 0 };
  const { ops } = made.target(move, count);
  for (const repo of running)
    await ops
      .abortRepositoryMigration(repo.migration?.id ?? '')
      .catch((error: unknown) =>
        log(
          `${repo.name}: its import was not aborted (${error instanceof Error ? error.message : String(error)})`,
        ),
      );
  if (count.requests > 0)
    await recordMove(made, id, { type: 'requests', target: count.requests, targetPoints: count.points });
}

/**
 * Runs moves as jobs (run/move-workers.ts) on the engine the waves use: the move's exports are a wave's batches
 * of one; uploads, starts, status, validation and unlocks are its own steps (advance-move.ts, upload-move.ts).
 */
/**
 * "Unlock anyway": a source the move left locked (its validation failed, a cancel kept it) is unlocked by the
 * look `act` asks for (one unlock, paced). Refused (409) for a source not locked by the move, or still in a step.
 */
async function unlockAnyway(
  runner: {
    repositoryOf: (id: string, name: string) => Promise<{ move: Move; repo: MoveRepository } | undefined>;
    act: (id: string, event: MoveEvent) => Promise<Move | undefined>;
  },
  id: string,
  name: string,
): Promise<Move | undefined> {
  const found = await runner.repositoryOf(id, name);
  if (!found) return undefined;
  const { repo } = found;
  if (repo.sourceLock !== 'locked' || repo.batchId === undefined)
    throw new MoveActionError(`${repo.name}'s source is not locked by this move.`, 409);
  const move = await runner.act(id, { type: 'unlock-asked', name: repo.name });
  if (!move?.repositories.find((found) => found.name === repo.name)?.unlockAsked)
    throw new MoveActionError(`${repo.name} is ${repo.step}: its source is unlocked once that ends.`, 409);
  return move;
}

/** Who starts a move, and (self-service) the repositories they may move. */
export interface StartedBy {
  actor: Actor;
  only?: readonly string[] | undefined;
}

export function createMoveRunner(options: MoveRunnerOptions) {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string) => console.log(`[moves] ${message}`));
  let ready: Promise<MoveContext> | undefined;
  let inFlight = 0;

  const track =
    <T>(handler: (data: T, job: JobContext) => Promise<void>) =>
    async (data: T, job: JobContext) => {
      inFlight++;
      try {
        await handler(data, job);
      } finally {
        inFlight--;
      }
    };

  function open(): Promise<MoveContext> {
    ready ??= (async () => {
      const made = moveContextOf(options, await options.jobs(), now, log);
      // Validation's scratch folders (bare repositories, up to GBs) that a killed gateway on this machine left.
      await removeLeftScratch(tmpdir()).then(
        (removed) =>
          void (removed.length > 0 && log(`${removed.length} scratch folder(s) of ended processes removed`)),
        (error: unknown) => log(`scratch folders not cleared: ${String(error)}`),
      );
      await workMoveJobs(made, { uploads: options.uploads ?? 2, track });
      return made;
    })();
    const opening = ready;
    opening.catch(() => {
      if (ready === opening) ready = undefined;
    });
    return opening;
  }

  async function act(id: string, event: MoveEvent): Promise<Move | undefined> {
    const made = await open();
    const move = await recordMove(made, id, event);
    if (move) await advanceNow(made, id);
    return move;
  }

  /** The move's repository `name`, or the reason it cannot be acted on. */
  async function repositoryOf(id: string, name: string) {
    const move = await options.moves.get(id);
    if (!move) return undefined;
    const repo = move.repositories.find((found) => found.name === name);
    if (!repo) throw new MoveActionError(`The move has no repository ${name.slice(0, 100)}.`, 404);
    return { move, repo };
  }

  return {
    async start() {
      await open();
    },
    async stop() {
      const opened = ready;
      ready = undefined;
      await (await opened?.catch(() => undefined))?.jobs.stop();
    },
    /**
     * Plan again (the pre-flight re-run), create the wave of its exports, write the move, look at it. `by`: who
     * starts it (recorded); `only`: a self-service person's repositories (mover.preview).
     */
    async create(request: MoveStartRequest, by?: StartedBy): Promise<Move> {
      const made = await open();
      const short = randomUUID().slice(0, 8);
      // A trial plans under its own names, which carry the move's id: they collide with nothing.
      const trialSuffix = request.trial ? `${TRIAL_NAME_INFIX}${short}` : undefined;
      // The inventory kept by its preview (blocked repositories stay out); never read again.
      const planned = request.inventory === 'refresh' ? { ...request, inventory: true as const } : request;
      const preview = await options.mover.preview(planned, trialSuffix, by?.only);
      const waveRequest = moveWaveRequest(request, preview);
      // The move's wave is its starter's too (the selection was checked by the preview above).
      const wave = await options.waves.create(waveRequest, by ? { actor: by.actor } : undefined);
      const at = new Date(now()).toISOString();
      const move = newMove({
        id: `${at.slice(0, 10)}-${short}`,
        at,
        request,
        preview,
        waveId: wave.id,
        ...(trialSuffix === undefined ? {} : { trialSuffix }),
        ...(by ? { startedBy: by.actor } : {}),
      });
      await options.moves.save(move);
      await advanceNow(made, move.id);
      return move;
    },
    list: async () => (await options.moves.list()).map(summaryOf),
    get: (id: string) => options.moves.get(id),
    /** Paused: no new upload or start, and the wave starts no new export (exports running finish). */
    async pause(id: string) {
      const move = await act(id, { type: 'pause' });
      if (move?.waveId) await options.waves.pause(move.waveId);
      return move;
    },
    async resume(id: string) {
      const move = await act(id, { type: 'resume' });
      if (move?.waveId) await options.waves.resume(move.waveId);
      return move;
    },
    /**
     * Nothing more starts, and every import GitHub still runs for the move is aborted there (else each would
     * land a repository nobody validates). One that ended meanwhile is GitHub's refusal: left as it is.
     */
    async cancel(id: string, choice: { keepLocked?: boolean } = {}) {
      const before = await options.moves.get(id);
      const move = await act(id, { type: 'cancel', unlock: choice.keepLocked !== true });
      if (move?.waveId) await options.waves.cancel(move.waveId);
      // The sources it locked and did not validate are unlocked by the look `act` asked for (paced).
      if (before && move?.state === 'cancelled') await abortImports(await open(), id, before, log);
      return move && (await options.moves.get(id));
    },
    /** "Unlock anyway": a source left locked (failed validation, a cancel that kept it) is unlocked by a look. */
    unlock: (id: string, name: string) => unlockAnyway({ repositoryOf, act }, id, name),
    async retry(id: string, name: string) {
      const found = await repositoryOf(id, name);
      if (!found) return undefined;
      const { move, repo } = found;
      if (repo.step !== 'failed' && repo.step !== 'aborted')
        throw new MoveActionError(
          `${repo.name} is ${repo.step}: only a failed or aborted repository is retried.`,
          409,
        );
      if (move.state === 'cancelled' || move.state === 'failed')
        throw new MoveActionError(`The move is ${move.state}: start a new one.`, 409);
      // A failed export: its wave batch goes again first (the move then follows it back from `waiting`).
      if (!repo.archive && !repo.migration && move.waveId && repo.batchId !== undefined)
        await options.waves.retry(move.waveId, repo.batchId);
      return act(id, { type: 'retry', name: repo.name });
    },
    async abort(id: string, name: string) {
      const found = await repositoryOf(id, name);
      if (!found) return undefined;
      const { move, repo } = found;
      if (isFinalStep(repo.step))
        throw new MoveActionError(`${repo.name} is ${repo.step}: there is nothing to abort.`, 409);
      const made = await open();
      // An import under way on GitHub is aborted there first (GitHub's refusal comes back as an error).
      if (IMPORT_STEPS.has(repo.step) && repo.migration?.id) {
        const count: TargetCount = { requests: 0, points: 0 };
        try {
          await made.target(move, count).ops.abortRepositoryMigration(repo.migration.id);
        } finally {
          if (count.requests > 0)
            await recordMove(made, id, {
              type: 'requests',
              target: count.requests,
              targetPoints: count.points,
            });
        }
      }
      return act(id, { type: 'abort', name: repo.name });
    },
    async manifest(id: string, archiveDir?: string) {
      const move = await options.moves.get(id);
      return move ? manifestOf(move, archiveDir) : undefined;
    },
    /** Wait until no move runs and this process has no step in hand (tests and benchmarks). */
    async settled(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const open = (await options.moves.list()).some((move) => move.state === 'running');
        if (!open && inFlight === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('Moves did not finish in time.');
    },
  };
}

export type MoveRunner = ReturnType<typeof createMoveRunner>;
