import { randomUUID } from 'node:crypto';
import type { AccountBudget } from '@/contracts/budgets';
import type { Actor } from '@/contracts/session';
import type { Wave, WavePlanRequest, WavePreview } from '@/contracts/waves';
import { notAdministered, outsideOf, SelfServiceRefusal } from '@/server/auth/write-access';
import type { JobEngine } from '@/server/jobs/job-engine';
import type { OutboundBounds, UpstreamFetch } from '@/server/outbound/bounded-fetch';
import type { HandedUrlCheck } from '@/server/outbound/handed-url';
import type { GithubClient } from './github-client';
import { knownRefusal } from './known-refusal';
import { observedSpeed } from './observed-speed';
import { newWave } from './new-wave';
import { accountCost, filterRepos, preview } from './planner';
import { createRepositoryListings } from './repository-listing';
import { downloadedBytes, removeArchive } from './steps/archive-batch';
import { clearStaleLocks } from './steps/archive-lock';
import { archiveRepository } from './steps/archive-repository';
import { unlockBatch } from './steps/unlock-batch';
import { advance, record, type WaveContext } from './wave-context';
import { WaveInputError } from './wave-input-error';
import type { WaveEvent } from './wave-machine';
import type { WaveRepository } from './wave-repository';
import { watchedRepository } from './watched-repository';
import { workWaveJobs } from './wave-workers';

/** A request the user can fix (unknown organization, nothing selected): answered 422. */
export { WaveInputError };

/**
 * Runs waves as jobs (src/server/jobs): every step of a batch is a job any gateway of the team may take, and
 * reads the wave from the store and writes its outcome there (row locked) before the next job is sent. Nothing a
 * page shows lives in one process. The workers of the queues are in `wave-workers.ts` (which step a job runs:
 * `batch-step.ts`); a plan's listing of repositories in `repository-listing.ts`. Steps (./steps):
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
  /** Where archive redirects may point (`handedUrlChecks(…).archive`). */
  checkStorage: HandedUrlCheck;
  /** The GitHub API base (a relative archive redirect resolves against it). */
  githubBaseUrl: string;
  /** `ARCHIVE_DIR` (shared by a team's gateways). */
  archiveDir: string;
  /** Least real time between two status checks of one export. */
  minCheckMs?: number;
  maxCheckMs?: number;
  /** One request's bound (`UPSTREAM_TOTAL_MS`, at most 10 s): a retried start looks again after it. */
  startSettleMs?: number;
  /** Archives this gateway downloads at once. */
  maxDownloads?: number;
  /** Batch steps this gateway runs at once. */
  stepWorkers?: number;
  now?: () => number;
  log?: (message: string) => void;
}

/** A self-service person's wave takes the repositories they administer only: the first other one is named. */
function refuseOthers(
  repos: Parameters<typeof filterRepos>[0],
  request: WavePlanRequest,
  only: readonly string[] | undefined,
) {
  const other = outsideOf(
    only,
    filterRepos(repos, request.filters).map((repo) => repo.name),
  );
  if (other && only) throw new SelfServiceRefusal(notAdministered(other, only, 'waves'));
}

export function createWaveRunner(options: RunnerOptions) {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string) => console.log(`[waves] ${message}`));
  const repository = watchedRepository(options.repository, options.onChange);
  const client = options.client;
  const clientOf = (credential: string | undefined) =>
    credential && options.clientFor ? options.clientFor(credential) : client;
  const listings = createRepositoryListings({ clientOf, now });
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

  /** Archive locks a killed gateway left in the shared folder (at start, then with each minute's sweep). */
  const clearLocks = () =>
    clearStaleLocks(options.archiveDir).then(
      (removed) => void (removed > 0 && log(`${removed} stale archive lock(s) removed`)),
      (error: unknown) => log(`stale archive locks not cleared: ${String(error)}`),
    );

  function open(): Promise<WaveContext> {
    ready ??= (async () => {
      const made: WaveContext = {
        repository,
        client,
        clientFor: (wave) => clientOf(wave.options.credential),
        jobs: await options.jobs(),
        fetchStorage: options.fetchStorage,
        storageBounds: options.storageBounds,
        checkStorage: options.checkStorage,
        githubBaseUrl: options.githubBaseUrl,
        archiveDir: options.archiveDir,
        minCheckMs: options.minCheckMs ?? 1_000,
        maxCheckMs: options.maxCheckMs ?? 30_000,
        startSettleMs: options.startSettleMs,
        now,
        log,
      };
      await workWaveJobs(made, {
        stepWorkers: options.stepWorkers ?? 4,
        maxDownloads: options.maxDownloads ?? 2,
        track,
        clearLocks,
      });
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

  /** A wave already stopped by GitHub's refusal of this credential for this owner refuses a new one. */
  async function refuseKnownRefusal(request: WavePlanRequest) {
    const refused = knownRefusal(await repository.list(), request);
    if (refused) throw new WaveInputError(refused);
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
    forget: () => listings.forget(),
    /** `only`: a self-service person's repositories — a selection that takes another is refused, naming it. */
    async plan(request: WavePlanRequest, only?: readonly string[]): Promise<WavePreview> {
      await refuseKnownRefusal(request);
      const { repos } = await listings.list(request.owner, request.options.credential);
      refuseOthers(repos, request, only);
      const waves = await repository.list();
      const plan = preview(repos, request.filters, request.caps, request.options, observedSpeed(waves) ?? 1);
      // The account pays, not the token: other waves on any of its tokens draw on the same budget.
      const budget = await options.accountBudget?.(request.options.credential).catch(() => undefined);
      return budget ? { ...plan, budget: accountCost(plan.requests, budget, waves) } : plan;
    },
    /** What `requests` would leave of the budget `credential`'s account spends, beside its unfinished waves. */
    async accountCost(credential: string | undefined, requests: WavePreview['requests']) {
      const budget = await options.accountBudget?.(credential).catch(() => undefined);
      return budget ? accountCost(requests, budget, await repository.list()) : undefined;
    },
    /** `by`: who starts it (kept on the wave) and, for a self-service person, the repositories they may take. */
    async create(request: WavePlanRequest, by?: { actor: Actor; only?: readonly string[] }): Promise<Wave> {
      const made = await open();
      await refuseKnownRefusal(request);
      const listing = await listings.list(request.owner, request.options.credential);
      refuseOthers(listing.repos, request, by?.only);
      const planned = newWave(request, listing, now(), randomUUID().slice(0, 8));
      const wave = by ? { ...planned, startedBy: by.actor } : planned;
      await repository.save(wave);
      await advance(made, wave.id);
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
    /** Archive one repository of the wave's owner through its client (a move's choice after validation). */
    async archiveRepository(id: string, name: string) {
      const made = await open();
      const wave = await repository.get(id);
      return wave ? archiveRepository(made, wave, name) : undefined;
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
