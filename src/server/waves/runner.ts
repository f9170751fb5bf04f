import { randomUUID } from 'node:crypto';
import type { AccountBudget } from '@/contracts/budgets';
import { parseRepositoryList } from '@/contracts/github/repository';
import type { PlannedRepo, Wave, WavePlanRequest, WavePreview } from '@/contracts/waves';
import type { JobEngine } from '@/server/jobs/job-engine';
import type { OutboundBounds, UpstreamFetch } from '@/server/outbound/bounded-fetch';
import { parseLinkHeader } from '@/lib/link-header';
import {
  CredentialRefusedError,
  unexpectedAnswer,
  type GithubAnswer,
  type GithubClient,
} from './github-client';
import { observedSpeed } from './observed-speed';
import { accountCost, arrangedBatches, filterRepos, planBatches, PER_PAGE, preview } from './planner';
import { advanceWave } from './steps/advance-wave';
import { archiveBatch, downloadedBytes, removeArchive } from './steps/archive-batch';
import { clearStaleLocks } from './steps/archive-lock';
import { checkExport } from './steps/check-export';
import { adoptOrStart, startBatch } from './steps/start-batch';
import { finishBatch, unlockBatch } from './steps/unlock-batch';
import { createWave, owesWork, waveStopReason, type WaveEvent } from './wave-machine';
import { advance, record, type BatchJob, type WaveContext } from './wave-context';
import type { WaveRepository } from './wave-repository';

/**
 * Runs waves as jobs (src/server/jobs): every step of a batch is a job any gateway of the team may take, and
 * reads the wave from the store and writes its outcome there (row locked) before the next job is sent. Nothing a
 * page shows lives in one process. Steps (./steps):
 *
 * - `wave-step`: a queued batch starts (`start-batch.ts`: the decision written first, so a crash is adopted,
 *   never started twice); a running export is checked (`check-export.ts`) after its expected end, then with
 *   back-off;
 * - `wave-file`: an exported batch's archive is downloaded and verified under its file lock (`archive-batch.ts`);
 * - `wave-step` also runs what a verified batch owes GitHub (unlocks, deletion of its copy: `unlock-batch.ts`)
 *   when the sweep finds it owed;
 * - `wave-advance`: what may start now starts (`advance-wave.ts`); `wave-sweep`, each minute, advances every
 *   unfinished wave, so work a lost job left behind is found again.
 */
export interface RunnerOptions {
  repository: WaveRepository;
  client: GithubClient;
  /**
   * The client of a named credential (a wave's `options.credential`); throws `WaveInputError` when none of
   * that name may export. Without it every wave uses `client`.
   */
  clientFor?: (credential: string) => GithubClient;
  /** The budget a credential (none: the default) spends, as last read; a plan is costed against it. */
  accountBudget?: (credential: string | undefined) => Promise<AccountBudget | undefined>;
  /** A wave was written (any step, any gateway's action): alerts compare before and after. */
  onChange?: (before: Wave, after: Wave) => void;
  /** The job engine over the store (opened on first use). */
  jobs: () => Promise<JobEngine>;
  /** How archive storage is reached (no credentials are sent). */
  fetchStorage: UpstreamFetch;
  /** Bounds of one archive download (`archiveBounds`). */
  storageBounds: OutboundBounds;
  /** Where archive redirects may point (`storageTrust`). */
  isTrustedStorage: (url: URL) => boolean;
  /** The GitHub API base (a relative archive redirect resolves against it). */
  githubBaseUrl: string;
  /** `ARCHIVE_DIR` (shared by a team's gateways). */
  archiveDir: string;
  /** Least real time between two status checks of one export. */
  minCheckMs?: number;
  maxCheckMs?: number;
  /** Archives this gateway downloads at once. */
  maxDownloads?: number;
  /** Batch steps this gateway runs at once. */
  stepWorkers?: number;
  now?: () => number;
  log?: (message: string) => void;
}

const LIST_TTL_MS = 5 * 60_000;

export function createWaveRunner(options: RunnerOptions) {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string) => console.log(`[waves] ${message}`));
  const repository = watchedRepository(options.repository, options.onChange);
  const client = options.client;
  const clientOf = (credential: string | undefined) =>
    credential && options.clientFor ? options.clientFor(credential) : client;
  const listings = new Map<string, { at: number; repos: PlannedRepo[]; pages: number }>();
  let ready: Promise<WaveContext> | undefined;
  /** Handlers running in this process (tests and benchmarks wait for them). */
  let inFlight = 0;

  const track =
    <T>(handler: (data: T, job: { retryCount: number }) => Promise<void>) =>
    async (data: T, job: { retryCount: number }) => {
      inFlight++;
      try {
        await handler(data, job);
      } finally {
        inFlight--;
      }
    };

  async function batchOf(job: BatchJob) {
    const wave = await repository.get(job.waveId);
    const batch = wave?.batches.find((b) => b.id === job.batchId);
    if (!wave || !batch || wave.state === 'cancelled' || wave.state === 'completed') return undefined;
    return { wave, batch };
  }

  /** Archive locks a killed gateway left in the shared folder (at start, then with each minute's sweep). */
  const clearLocks = () =>
    clearStaleLocks(options.archiveDir).then(
      (removed) => void (removed > 0 && log(`${removed} stale archive lock(s) removed`)),
      (error: unknown) => log(`stale archive locks not cleared: ${String(error)}`),
    );

  function open(): Promise<WaveContext> {
    ready ??= (async () => {
      const jobs = await options.jobs();
      const made: WaveContext = {
        repository,
        client,
        clientFor: (wave) => clientOf(wave.options.credential),
        jobs,
        fetchStorage: options.fetchStorage,
        storageBounds: options.storageBounds,
        isTrustedStorage: options.isTrustedStorage,
        githubBaseUrl: options.githubBaseUrl,
        archiveDir: options.archiveDir,
        minCheckMs: options.minCheckMs ?? 1_000,
        maxCheckMs: options.maxCheckMs ?? 30_000,
        now,
        log,
      };
      /** GitHub refused the wave's credential: the wave stops with the reason (the refusal charged), no retry. */
      const stopOnRefusal =
        (handler: (job: BatchJob, meta: { retryCount: number }) => Promise<void>) =>
        async (job: BatchJob, meta: { retryCount: number }) => {
          try {
            await handler(job, meta);
          } catch (error) {
            if (!(error instanceof CredentialRefusedError)) throw error;
            log(`wave ${job.waveId} stopped: ${error.message}`);
            await record(
              made,
              job.waveId,
              { type: 'requests', count: 1 },
              { type: 'credential-refused', batchId: job.batchId, reason: error.message },
            );
          }
        };
      await jobs.work<BatchJob>(
        'wave-step',
        options.stepWorkers ?? 4,
        track(
          stopOnRefusal(async (job, meta) => {
            const found = await batchOf(job);
            if (!found) return;
            const { wave, batch } = found;
            if (batch.state === 'queued') await startBatch(made, wave, batch);
            // Only a start's own retry (its request certainly over) or the sweep's last resort adopts.
            else if (batch.state === 'starting' && (meta.retryCount > 0 || job.reconcile))
              await adoptOrStart(made, wave, batch);
            else if (batch.state === 'exporting')
              await checkExport(made, wave, batch, job.backoffMs, job.seen);
            else if (owesWork(wave, batch)) await finishBatch(made, wave, batch);
          }),
        ),
      );
      await jobs.work<BatchJob>(
        'wave-file',
        options.maxDownloads ?? 2,
        track(
          stopOnRefusal(async (job) => {
            const found = await batchOf(job);
            const state = found?.batch.state;
            if (
              found &&
              (state === 'downloading' || state === 'verifying' || owesWork(found.wave, found.batch))
            )
              await archiveBatch(made, found.wave, found.batch);
          }),
        ),
      );
      await jobs.work<{ waveId: string; sweep?: boolean }>(
        'wave-advance',
        1,
        track(async ({ waveId, sweep }) => {
          const wave = await repository.get(waveId);
          if (wave) await advanceWave(made, wave, sweep);
        }),
      );
      await jobs.work<object>(
        'wave-sweep',
        1,
        track(async () => {
          for (const wave of await repository.list()) {
            if (wave.state === 'running' || wave.state === 'paused' || wave.state === 'stopped') {
              await jobs.send('wave-advance', { waveId: wave.id, sweep: true }, { key: wave.id });
            }
          }
          await clearLocks();
        }),
      );
      await jobs.every('wave-sweep', '* * * * *');
      void clearLocks();
      return made;
    })();
    // A failed start (the job engine could not start) is not kept: the next call tries again.
    const opening = ready;
    opening.catch(() => {
      if (ready === opening) ready = undefined;
    });
    return opening;
  }

  async function listRepos(
    owner: WavePlanRequest['owner'],
    credential: string | undefined,
  ): Promise<{ repos: PlannedRepo[]; pages: number }> {
    const github = clientOf(credential);
    const cacheKey = `${credential ?? ''}:${owner.kind}:${owner.login.toLowerCase()}`;
    const cached = listings.get(cacheKey);
    if (cached && now() - cached.at < LIST_TTL_MS) return cached;
    const repos: PlannedRepo[] = [];
    let pages = 0;
    let next: string | undefined =
      owner.kind === 'org'
        ? `orgs/${encodeURIComponent(owner.login)}/repos?per_page=${PER_PAGE}&type=all`
        : `user/repos?per_page=${PER_PAGE}&affiliation=owner`;
    while (next) {
      const answer: GithubAnswer<unknown> = await github.get<unknown>(next);
      pages++;
      if (answer.status === 404)
        throw new WaveInputError(`No organization ${owner.login} that this token owns.`);
      if (answer.status !== 200 || !Array.isArray(answer.body)) throw unexpectedAnswer(answer);
      repos.push(...parseRepositoryList(answer.body));
      next = parseLinkHeader(answer.headers.get('link')).next;
    }
    const entry = { at: now(), repos, pages };
    listings.set(cacheKey, entry);
    return entry;
  }

  /**
   * A wave stopped because GitHub refused this credential for this owner is the rule, known: a new one is
   * refused before it sends anything, until that wave is resumed (it works now) or cancelled.
   */
  async function refuseKnownRefusal(request: WavePlanRequest) {
    const same = (wave: Wave) =>
      (wave.options.credential ?? '') === (request.options.credential ?? '') &&
      wave.owner.kind === request.owner.kind &&
      wave.owner.login.toLowerCase() === request.owner.login.toLowerCase();
    const stopped = (await repository.list()).find((wave) => same(wave) && waveStopReason(wave));
    const reason = stopped && waveStopReason(stopped);
    if (stopped && reason) {
      throw new WaveInputError(
        `GitHub refused this credential for exports of ${request.owner.login || 'your repositories'} (wave ${stopped.id}): ${reason} Resume that wave once the credential may export, or cancel it.`,
      );
    }
  }

  async function act(id: string, event: WaveEvent): Promise<Wave | undefined> {
    const made = await open();
    const wave = await record(made, id, event);
    if (wave) await advance(made, id);
    return wave;
  }

  return {
    /** Take this gateway's share of the team's wave jobs (unfinished waves carry on from the store). */
    async start() {
      await open();
    },
    async stop() {
      const opened = ready;
      ready = undefined;
      await (await opened?.catch(() => undefined))?.jobs.stop();
    },
    /** Drop cached repository listings (the simulator behind was reset). */
    forget() {
      listings.clear();
    },
    async plan(request: WavePlanRequest): Promise<WavePreview> {
      await refuseKnownRefusal(request);
      const { repos } = await listRepos(request.owner, request.options.credential);
      const waves = await repository.list();
      const plan = preview(repos, request.filters, request.caps, request.options, observedSpeed(waves) ?? 1);
      // The account pays, not the token: other waves on any of its tokens draw on the same budget.
      const budget = await options.accountBudget?.(request.options.credential).catch(() => undefined);
      return budget ? { ...plan, budget: accountCost(plan.requests, budget, waves) } : plan;
    },
    async create(request: WavePlanRequest): Promise<Wave> {
      const made = await open();
      await refuseKnownRefusal(request);
      const { repos, pages } = await listRepos(request.owner, request.options.credential);
      const selected = filterRepos(repos, request.filters);
      const batches = request.batches
        ? arrangedBatches(selected, request.batches)
        : planBatches(selected, request.caps);
      if (typeof batches === 'string') throw new WaveInputError(batches);
      if (batches.length === 0) throw new WaveInputError('No repository matches these filters.');
      const id = `${new Date(now()).toISOString().slice(0, 10)}-${randomUUID().slice(0, 8)}`;
      const wave = { ...createWave(id, request, batches, new Date(now()).toISOString()), requests: pages };
      await repository.save(wave);
      await advance(made, id);
      return wave;
    },
    async list() {
      return (await repository.list()).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
    get: (id: string) => repository.get(id),
    /** Bytes on disk of each download under way (read from the shared archive folder). */
    progress: (wave: Wave) => downloadedBytes(options.archiveDir, wave),
    pause: (id: string) => act(id, { type: 'pause' }),
    resume: (id: string) => act(id, { type: 'resume' }),
    cancel: (id: string) => act(id, { type: 'cancel' }),
    async retry(id: string, batchId: number) {
      const wave = await repository.get(id);
      const batch = wave?.batches.find((b) => b.id === batchId);
      if (batch?.state === 'invalid' && batch.file) await removeArchive(batch.file);
      return act(id, { type: 'retry', batchId });
    },
    async unlock(id: string, batchId: number) {
      const made = await open();
      const wave = await repository.get(id);
      const batch = wave?.batches.find((b) => b.id === batchId);
      if (!wave || !batch) return undefined;
      return unlockBatch(made, wave, batch);
    },
    /** Wait until no wave is running and this process has no step in hand (tests and benchmarks). */
    async settled(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const open = (await repository.list()).some((wave) => wave.state === 'running');
        if (!open && inFlight === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('Waves did not finish in time.');
    },
  };
}

export type WaveRunner = ReturnType<typeof createWaveRunner>;

/** A request the user can fix (unknown organization, nothing selected): answered 422. */
export class WaveInputError extends Error {}

/** The repository, telling `onChange` what each write changed (the wave as read in the same transaction). */
function watchedRepository(
  repository: WaveRepository,
  onChange: ((before: Wave, after: Wave) => void) | undefined,
): WaveRepository {
  if (!onChange) return repository;
  return {
    ...repository,
    async update(id, change) {
      let before: Wave | undefined;
      const after = await repository.update(id, (current) => {
        before = current;
        return change(current);
      });
      if (before && after && before !== after) onChange(before, after);
      return after;
    },
  };
}
