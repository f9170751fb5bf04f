import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { migrationStateOf, readMigrations, repositorySetKey } from '@/contracts/github/migration';
import { githubPath } from '@/contracts/github/operations';
import { parseRepositoryList } from '@/contracts/github/repository';
import { isRecord, stringOf } from '@/contracts/json';
import type { PlannedRepo, Wave, WaveBatch, WavePlanRequest, WavePreview } from '@/contracts/waves';
import type { OutboundBounds, UpstreamFetch } from '@/server/outbound/bounded-fetch';
import { parseLinkHeader } from '@/lib/link-header';
import { downloadArchive } from './downloader';
import { RateLimitedError, type GithubAnswer, type GithubClient } from './github-client';
import {
  arrangedBatches,
  filterRepos,
  modelledExportSeconds,
  planBatches,
  PER_PAGE,
  preview,
} from './planner';
import { verifyArchive } from './verifier';
import { applyEvent, batchesToStart, createWave, type WaveEvent } from './wave-machine';
import type { WaveRepository } from './wave-repository';

/**
 * Runs waves: turns what GitHub and the disk say into state-machine events (wave-machine.ts), persisting each
 * before acting on it. One tick every `tickMs`:
 *
 * 1. a batch left `starting` by a crash (start decided, outcome unknown) is looked up among the owner's
 *    migrations (same repositories, created since the decision) and adopted; only if none exists is it started;
 * 2. exports due for a check are read with their ETag (free 304 while nothing changes); a check is due at the
 *    export's expected end (the duration model scaled by the speed observed so far), then with back-off;
 * 3. new batches start, at most `concurrency` exporting, one write at a time (the client spaces them);
 * 4. exported batches are downloaded (streaming, resumable), then verified.
 */
export interface RunnerOptions {
  repository: WaveRepository;
  client: GithubClient;
  /** How archive storage is reached (no credentials are sent). */
  fetchStorage: UpstreamFetch;
  /** Bounds of one archive download (`archiveBounds`). */
  storageBounds: OutboundBounds;
  /** Where archive redirects may point (`storageTrust`). */
  isTrustedStorage: (url: URL) => boolean;
  /** The GitHub API base (a relative archive redirect resolves against it). */
  githubBaseUrl: string;
  dataDir: string;
  tickMs?: number;
  /** Least real time between two status checks of one export. */
  minCheckMs?: number;
  maxCheckMs?: number;
  maxDownloads?: number;
  now?: () => number;
  log?: (message: string) => void;
}

const LIST_TTL_MS = 5 * 60_000;

export function createWaveRunner(options: RunnerOptions) {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string) => console.log(`[waves] ${message}`));
  const tickMs = options.tickMs ?? 1_000;
  const minCheckMs = options.minCheckMs ?? 1_000;
  const maxCheckMs = options.maxCheckMs ?? 30_000;
  const maxDownloads = options.maxDownloads ?? 2;
  const client = options.client;

  const waves = new Map<string, Wave>();
  const chains = new Map<string, Promise<unknown>>();
  /** batch key → when to check its export next, and the current back-off. */
  const checks = new Map<string, { at: number; backoffMs: number }>();
  const downloads = new Map<string, { downloaded: number; total?: number }>();
  const busy = new Set<string>();
  const listings = new Map<string, { at: number; repos: PlannedRepo[]; pages: number }>();
  /** Observed real seconds per modelled second; unknown until an export has been seen to finish. */
  let speedFactor: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let loaded: Promise<void> | undefined;
  let ticking = false;
  let stopped = false;

  const key = (wave: Wave, batch: WaveBatch) => `${wave.id}:${batch.id}`;
  const prefix = (wave: Wave) =>
    wave.owner.kind === 'org'
      ? githubPath('migrations/list-for-org', { org: wave.owner.login })
      : githubPath('migrations/list-for-authenticated-user');

  function load(): Promise<void> {
    loaded ??= options.repository.list().then((all) => {
      for (const wave of all) waves.set(wave.id, wave);
    });
    return loaded;
  }

  /** Apply events to a wave and persist the result before anything acts on it (one writer per wave). */
  function update(id: string, ...events: WaveEvent[]): Promise<Wave> {
    const run = (chains.get(id) ?? Promise.resolve()).then(async () => {
      const current = waves.get(id);
      if (!current) throw new Error(`No wave ${id}`);
      const stamp = new Date(now()).toISOString();
      const next = events.reduce((wave, event) => applyEvent(wave, event, stamp), current);
      if (next !== current) {
        await options.repository.save(next);
        waves.set(id, next);
      }
      return next;
    });
    chains.set(
      id,
      run.catch(() => undefined),
    );
    return run;
  }

  /** Count GitHub requests against the wave (persisted with its next change). */
  /**
   * Charge the wave what GitHub counted for one answer: one request, nothing for a 304, nothing for a
   * refusal (thrown). Counted from the answer itself, not from the client's totals: calls overlap (checks,
   * starts and downloads run side by side), and a delta of totals charged each call with the others' too.
   */
  async function counted<T>(wave: Wave, call: () => Promise<GithubAnswer<T>>): Promise<GithubAnswer<T>> {
    const answer = await call();
    if (!answer.notModified && answer.status !== 304) await update(wave.id, { type: 'requests', count: 1 });
    return answer;
  }

  async function listRepos(
    owner: WavePlanRequest['owner'],
  ): Promise<{ repos: PlannedRepo[]; pages: number }> {
    const cacheKey = `${owner.kind}:${owner.login.toLowerCase()}`;
    const cached = listings.get(cacheKey);
    if (cached && now() - cached.at < LIST_TTL_MS) return cached;
    const repos: PlannedRepo[] = [];
    let pages = 0;
    let next: string | undefined =
      owner.kind === 'org'
        ? `orgs/${encodeURIComponent(owner.login)}/repos?per_page=${PER_PAGE}&type=all`
        : `user/repos?per_page=${PER_PAGE}&affiliation=owner`;
    while (next) {
      const answer: GithubAnswer<unknown> = await client.get<unknown>(next);
      pages++;
      if (answer.status === 404)
        throw new WaveInputError(`No organization ${owner.login} that this token owns.`);
      if (answer.status !== 200 || !Array.isArray(answer.body)) {
        throw new Error(`GitHub answered HTTP ${answer.status} to the repository list.`);
      }
      repos.push(...parseRepositoryList(answer.body));
      next = parseLinkHeader(answer.headers.get('link')).next;
    }
    const entry = { at: now(), repos, pages };
    listings.set(cacheKey, entry);
    return entry;
  }

  async function plan(request: WavePlanRequest): Promise<WavePreview> {
    const { repos } = await listRepos(request.owner);
    return preview(repos, request.filters, request.caps, request.options, speedFactor ?? 1);
  }

  async function create(request: WavePlanRequest): Promise<Wave> {
    await load();
    const { repos, pages } = await listRepos(request.owner);
    const selected = filterRepos(repos, request.filters);
    const batches = request.batches
      ? arrangedBatches(selected, request.batches)
      : planBatches(selected, request.caps);
    if (typeof batches === 'string') throw new WaveInputError(batches);
    if (batches.length === 0) throw new WaveInputError('No repository matches these filters.');
    const id = `${new Date(now()).toISOString().slice(0, 10)}-${randomUUID().slice(0, 8)}`;
    const wave = { ...createWave(id, request, batches, new Date(now()).toISOString()), requests: pages };
    await options.repository.save(wave);
    waves.set(id, wave);
    schedule(0);
    return wave;
  }

  function startBody(wave: Wave, batch: WaveBatch) {
    const o = wave.options;
    return {
      repositories: batch.repos,
      lock_repositories: o.lockRepositories,
      exclude_metadata: o.excludeMetadata,
      exclude_git_data: o.excludeGitData,
      exclude_attachments: o.excludeAttachments,
      exclude_releases: o.excludeReleases,
      exclude_owner_projects: o.excludeOwnerProjects,
      exclude: ['repositories'],
    };
  }

  async function start(wave: Wave, batch: WaveBatch) {
    // Persist the decision first: after a crash, this is what says "look for it before starting again".
    const decided = await update(wave.id, {
      type: 'start-requested',
      batchId: batch.id,
      at: new Date(now()).toISOString(),
    });
    const current = decided.batches.find((b) => b.id === batch.id);
    if (!current) return;
    await send(decided, current);
  }

  async function send(wave: Wave, batch: WaveBatch) {
    const answer = await counted(wave, () =>
      client.write<unknown>('POST', prefix(wave), startBody(wave, batch)),
    );
    const started = answer.status === 201 ? readMigrations([answer.body])[0] : undefined;
    if (started) {
      await update(wave.id, {
        type: 'started',
        batchId: batch.id,
        migrationId: started.id,
        at: new Date(now()).toISOString(),
      });
      checks.set(key(wave, batch), { at: now() + expectedMs(batch), backoffMs: minCheckMs });
      return;
    }
    // GitHub refused the start (422: a repository it does not know, …): the batch failed like an export.
    const message =
      (isRecord(answer.body) ? stringOf(answer.body.message) : undefined) ?? `HTTP ${answer.status}`;
    await update(wave.id, {
      type: 'export-failed',
      batchId: batch.id,
      at: new Date(now()).toISOString(),
      error: `GitHub refused the export: ${message}`,
    });
  }

  /** After a crash: find the export a `starting` batch may already have, or start it. */
  async function reconcile(wave: Wave, batch: WaveBatch) {
    const since = Date.parse(batch.startRequestedAt ?? '') - 60_000;
    const known = new Set(
      wave.batches.map((b) => b.migrationId).filter((id): id is number => id !== undefined),
    );
    const want = repositorySetKey(batch.repos);
    const answer = await counted(wave, () => client.get<unknown>(`${prefix(wave)}?per_page=100`));
    const found = readMigrations(answer.body).find(
      (migration) =>
        !known.has(migration.id) &&
        migration.createdAt >= since &&
        repositorySetKey(migration.repositories.map((repo) => repo.name)) === want,
    );
    if (found) {
      log(`wave ${wave.id} batch ${batch.id}: adopted migration ${found.id} started before a restart`);
      await update(wave.id, {
        type: 'started',
        batchId: batch.id,
        migrationId: found.id,
        at: new Date(found.createdAt).toISOString(),
      });
      checks.set(key(wave, batch), { at: now(), backoffMs: minCheckMs });
      return;
    }
    await send(wave, batch);
  }

  function expectedMs(batch: WaveBatch): number {
    // Until one export has been seen to finish, check early and back off.
    if (speedFactor === undefined) return minCheckMs;
    return Math.max(minCheckMs, modelledExportSeconds(batch) * speedFactor * 1_000 * 1.05);
  }

  async function check(wave: Wave, batch: WaveBatch) {
    const entry = checks.get(key(wave, batch)) ?? { at: 0, backoffMs: minCheckMs };
    if (entry.at > now()) return;
    const answer = await counted(wave, () =>
      client.get<unknown>(`${prefix(wave)}/${batch.migrationId}?exclude=repositories`),
    );
    const state = migrationStateOf(answer.body);
    const at = new Date(now()).toISOString();
    if (answer.status === 200 && state === 'exported') {
      learn(batch);
      checks.delete(key(wave, batch));
      await update(wave.id, { type: 'exported', batchId: batch.id, at });
      return;
    }
    if ((answer.status === 200 && state === 'failed') || answer.status === 404) {
      learn(batch);
      checks.delete(key(wave, batch));
      // A failed export still holds its locks; the retry or the halves lock them again under a new export.
      if (answer.status === 200 && wave.options.lockRepositories) await unlockRepos(wave, batch);
      await update(wave.id, {
        type: 'export-failed',
        batchId: batch.id,
        at,
        error:
          answer.status === 404 ? 'The export is gone from GitHub.' : 'GitHub reported the export as failed.',
      });
      return;
    }
    const backoffMs = Math.min(maxCheckMs, entry.backoffMs * 1.5);
    checks.set(key(wave, batch), { at: now() + entry.backoffMs, backoffMs });
  }

  /** Learn how fast exports go here (observed time over modelled time), smoothed. */
  function learn(batch: WaveBatch) {
    const started = Date.parse(batch.startedAt ?? '');
    if (Number.isNaN(started)) return;
    const observed = (now() - started) / 1_000 / modelledExportSeconds(batch);
    if (observed > 0) speedFactor = speedFactor === undefined ? observed : speedFactor * 0.6 + observed * 0.4;
  }

  function fileFor(wave: Wave, batch: WaveBatch): string {
    return path.join(
      options.dataDir,
      'archives',
      wave.id,
      `batch-${String(batch.id).padStart(3, '0')}-migration-${batch.migrationId}.tar.gz`,
    );
  }

  async function download(wave: Wave, batch: WaveBatch) {
    const id = key(wave, batch);
    const file = fileFor(wave, batch);
    try {
      const redirect = await counted(wave, () => client.get(`${prefix(wave)}/${batch.migrationId}/archive`));
      const location = redirect.headers.get('location');
      if (redirect.status !== 302 || !location) {
        throw new Error(`GitHub answered HTTP ${redirect.status} instead of the archive's address.`);
      }
      const target = new URL(location, options.githubBaseUrl);
      if (!options.isTrustedStorage(target)) {
        throw new Error(`The archive redirect pointed at an unexpected host (${target.host}).`);
      }
      downloads.set(id, { downloaded: 0 });
      const result = await downloadArchive({
        url: target.toString(),
        file,
        fetch: options.fetchStorage,
        bounds: options.storageBounds,
        onProgress: (downloaded, total) => downloads.set(id, { downloaded, total }),
      });
      await update(wave.id, {
        type: 'downloaded',
        batchId: batch.id,
        file: result.file,
        bytes: result.bytes,
        sha256: result.sha256,
      });
    } catch (error) {
      if (error instanceof RateLimitedError) return;
      const message = error instanceof Error ? error.message : String(error);
      log(`wave ${wave.id} batch ${batch.id}: download failed (${message}); will resume`);
      await update(wave.id, { type: 'download-failed', batchId: batch.id, error: message });
    } finally {
      downloads.delete(id);
    }
  }

  async function verify(wave: Wave, batch: WaveBatch) {
    if (!batch.file) return;
    const result = await verifyArchive(batch.file, batch.repos);
    const verified = await update(wave.id, {
      type: 'verified',
      batchId: batch.id,
      ok: result.ok,
      message: result.message,
      repos: result.repos,
      at: new Date(now()).toISOString(),
    });
    const done = verified.batches.find((b) => b.id === batch.id);
    if (!result.ok || !done) return;
    if (verified.options.lockRepositories && verified.options.unlockWhenVerified)
      await unlock(verified, done);
    if (verified.options.deleteAfterDownload) {
      const answer = await counted(verified, () =>
        client.write('DELETE', `${prefix(verified)}/${done.migrationId}/archive`),
      );
      if (answer.status === 204) await update(verified.id, { type: 'github-copy-deleted', batchId: done.id });
    }
  }

  async function unlockRepos(wave: Wave, batch: WaveBatch) {
    if (batch.migrationId === undefined) return;
    for (const repo of batch.repos) {
      // 404: not locked (any more); either way it is unlocked now.
      await counted(wave, () =>
        client.write('DELETE', `${prefix(wave)}/${batch.migrationId}/repos/${encodeURIComponent(repo)}/lock`),
      );
    }
  }

  async function unlock(wave: Wave, batch: WaveBatch) {
    await unlockRepos(wave, batch);
    await update(wave.id, { type: 'unlocked', batchId: batch.id });
  }

  /** Run `job` for a batch unless one is already running for it. */
  function once(id: string, job: () => Promise<void>) {
    if (busy.has(id)) return;
    busy.add(id);
    void job()
      .catch((error: unknown) => {
        if (!(error instanceof RateLimitedError)) {
          log(`${id}: ${error instanceof Error ? error.message : String(error)}`);
        }
      })
      .finally(() => {
        busy.delete(id);
        schedule(0);
      });
  }

  async function tick() {
    await load();
    for (const wave of waves.values()) {
      // A paused wave starts nothing new but still follows, downloads and verifies what is under way.
      if (wave.state === 'cancelled' || wave.state === 'completed') continue;
      for (const batch of wave.batches) {
        const id = key(wave, batch);
        if (batch.state === 'starting' && batch.migrationId === undefined) {
          once(id, () => reconcile(wave, batch));
        } else if (batch.state === 'exporting') {
          once(id, () => check(wave, batch));
        } else if (batch.state === 'verifying') {
          once(id, () => verify(wave, batch));
        }
      }
      const active = [...busy].filter((id) => downloads.has(id)).length;
      let room = Math.max(0, maxDownloads - active);
      for (const batch of wave.batches) {
        if (batch.state !== 'downloading' || room === 0 || busy.has(key(wave, batch))) continue;
        room--;
        once(key(wave, batch), () => download(wave, batch));
      }
      for (const batch of batchesToStart(wave)) {
        if (!busy.has(key(wave, batch))) once(key(wave, batch), () => start(wave, batch));
      }
    }
  }

  function schedule(delay = tickMs) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (ticking) return schedule();
      ticking = true;
      tick()
        .catch((error: unknown) =>
          log(`tick failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => {
          ticking = false;
          schedule();
        });
    }, delay);
    timer.unref?.();
  }

  async function act(id: string, event: WaveEvent): Promise<Wave | undefined> {
    await load();
    if (!waves.has(id)) return undefined;
    const wave = await update(id, event);
    schedule(0);
    return wave;
  }

  return {
    /** Load waves from the repository and resume every unfinished one. */
    async start() {
      stopped = false;
      await load();
      schedule(0);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
    /**
     * Drop this process's working copy (the store was emptied under it: a test's fresh store); the next call
     * reads the store again. Work in flight finishes against waves that are gone and changes nothing.
     */
    forget() {
      waves.clear();
      checks.clear();
      downloads.clear();
      listings.clear();
      speedFactor = undefined;
      loaded = undefined;
    },
    plan,
    create,
    // Pages read what the store holds, not this process's working copy: every write is saved before it is
    // kept here, and another gateway on the same store (or a reset store) is seen as it is.
    async list() {
      await load();
      return (await options.repository.list()).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
    async get(id: string) {
      await load();
      return options.repository.get(id);
    },
    progress(wave: Wave) {
      return Object.fromEntries(
        wave.batches.flatMap((batch) => {
          const entry = downloads.get(key(wave, batch));
          return entry ? [[batch.id, entry]] : [];
        }),
      ) as Record<number, { downloaded: number; total?: number }>;
    },
    pause: (id: string) => act(id, { type: 'pause' }),
    resume: (id: string) => act(id, { type: 'resume' }),
    cancel: (id: string) => act(id, { type: 'cancel' }),
    async retry(id: string, batchId: number) {
      const wave = await this.get(id);
      const batch = wave?.batches.find((b) => b.id === batchId);
      if (batch?.state === 'invalid' && batch.file) await rm(batch.file, { force: true });
      return act(id, { type: 'retry', batchId });
    },
    async unlock(id: string, batchId: number) {
      const wave = await this.get(id);
      const batch = wave?.batches.find((b) => b.id === batchId);
      if (!wave || !batch) return undefined;
      await unlock(wave, batch);
      return waves.get(id);
    },
    get speedFactor() {
      return speedFactor;
    },
    /** Wait until every wave is finished (tests and benchmarks). */
    async settled(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        await load();
        const open = [...waves.values()].some((wave) => wave.state === 'running' || busy.size > 0);
        if (!open) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('Waves did not finish in time.');
    },
  };
}

export type WaveRunner = ReturnType<typeof createWaveRunner>;

/** A request the user can fix (unknown organization, nothing selected): answered 422. */
export class WaveInputError extends Error {}
