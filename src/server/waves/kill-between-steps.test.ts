import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Wave } from '@/contracts/waves';
import type { JobEngine, JobHandler, SendOptions } from '@/server/jobs/job-engine';
import type { QueueName } from '@/server/jobs/queues';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { createSimulator, type Simulator } from '@/simulator/simulator';
import { SIMULATOR_GITHUB_BASE, simulatorOutbound } from '@/testing/simulator-outbound';
import { buildWavePlan } from '@/testing/wave-factories';
import { createGithubClient } from './github-client';
import { createWaveRunner } from './runner';
import type { WaveRepository } from './wave-repository';

/**
 * Issue 33 item 8: a gateway killed between any two steps of a wave's jobs (start, status check, download,
 * verification, each unlock, the deletion of GitHub's copy, the advance that completes the wave) leaves work
 * that a restarted gateway finishes: the wave ends Completed only when GitHub has every repository unlocked.
 *
 * The "process" is everything with side effects: GitHub requests, store writes and job sends. A kill point k
 * lets the k-th of them take effect (a request reaches GitHub, a write commits) and then everything the
 * process does throws. The jobs it had in hand stay active, as pg-boss leaves them, and the next process
 * retries them (as `retryOrphans` and expiry do); the waves and the queue outlive it, as the store does.
 */

interface QueuedJob {
  id: number;
  queue: QueueName;
  data: object;
  key?: string;
  due: number;
  retryCount: number;
  active: boolean;
}

/** What outlives a process: the queue of jobs and the waves (both in the store). */
function createWorld() {
  const jobs: QueuedJob[] = [];
  const waves = new Map<string, string>();
  let ids = 0;
  let clock = 0;
  const read = (id: string) => {
    const text = waves.get(id);
    return text === undefined ? undefined : (JSON.parse(text) as Wave);
  };
  const repository: WaveRepository = {
    list: () => Promise.resolve([...waves.keys()].flatMap((id) => read(id) ?? [])),
    get: (id) => Promise.resolve(read(id)),
    save: (wave) => {
      waves.set(wave.id, JSON.stringify(wave));
      return Promise.resolve();
    },
    update: (id, change) => {
      const current = read(id);
      if (current === undefined) return Promise.resolve(undefined);
      const next = change(current);
      waves.set(id, JSON.stringify(next));
      return Promise.resolve(next);
    },
  };
  return {
    repository,
    jobs,
    enqueue(queue: QueueName, data: object, options: SendOptions = {}) {
      // `short` policy: one waiting job per key.
      if (options.key && jobs.some((j) => j.queue === queue && j.key === options.key && !j.active)) return;
      jobs.push({
        id: ids++,
        queue,
        data,
        key: options.key,
        due: clock + (options.afterMs ?? 0),
        retryCount: 0,
        active: false,
      });
    },
    /** The next job due, the clock moved to it. */
    take(): QueuedJob | undefined {
      const waiting = jobs.filter((j) => !j.active).sort((a, b) => a.due - b.due || a.id - b.id);
      const job = waiting[0];
      if (!job) return undefined;
      clock = Math.max(clock, job.due);
      job.active = true;
      return job;
    },
    done(job: QueuedJob) {
      jobs.splice(jobs.indexOf(job), 1);
    },
    /** A job that threw is retried (pg-boss: retryCount + 1 after its delay). */
    retry(job: QueuedJob) {
      job.active = false;
      job.retryCount++;
      job.due = clock + 2_000;
    },
    /** A new process on the store: jobs left active by the dead one are retried. */
    orphansBack() {
      for (const job of jobs.filter((j) => j.active)) this.retry(job);
    },
    now: () => clock,
  };
}

type World = ReturnType<typeof createWorld>;

/** One gateway process: dies after its `killAt`-th side effect. */
function createProcess(world: World, sim: Simulator, archiveDir: string, killAt = Infinity) {
  let effects = 0;
  let dead = false;
  const effect = async <T>(act: () => Promise<T>): Promise<T> => {
    if (dead) throw new Error('process is dead');
    const result = await act();
    if (++effects === killAt) {
      dead = true;
      throw new Error('killed');
    }
    return result;
  };
  const alive = () => {
    if (dead) throw new Error('process is dead');
  };
  const fetch = (request: Request) => effect(() => sim.fetch(request));
  const repository: WaveRepository = {
    list: () => (alive(), world.repository.list()),
    get: (id) => (alive(), world.repository.get(id)),
    save: (wave) => effect(() => world.repository.save(wave)),
    update: (id, change) => effect(() => world.repository.update(id, change)),
  };
  const handlers = new Map<QueueName, JobHandler<object>>();
  const engine: JobEngine = {
    send: (queue, data, options) => effect(() => Promise.resolve(world.enqueue(queue, data, options))),
    work: (queue, _workers, handler) => {
      handlers.set(queue, handler as JobHandler<object>);
      return Promise.resolve();
    },
    every: () => Promise.resolve(),
    stop: () => Promise.resolve(),
  };
  const outbound = simulatorOutbound();
  const runner = createWaveRunner({
    repository,
    client: createGithubClient({
      baseUrl: SIMULATOR_GITHUB_BASE,
      token: SIM_TOKENS.octocat,
      fetch,
      writeSpacingMs: 0,
      bounds: outbound.bounds,
    }),
    fetchStorage: fetch,
    storageBounds: outbound.storageBounds,
    checkStorage: outbound.checkStorage,
    githubBaseUrl: SIMULATOR_GITHUB_BASE,
    archiveDir,
    jobs: () => Promise.resolve(engine),
    minCheckMs: 1_000,
    maxCheckMs: 10_000,
    now: () => sim.clock.now(),
    log: () => undefined,
  });

  /** Run due jobs one at a time until none is left, the process dies, or `limit` jobs ran. */
  async function drain(limit = 2_000): Promise<void> {
    await runner.start();
    for (let ran = 0; ran < limit && !dead; ran++) {
      let job = world.take();
      if (!job) {
        // The minute's sweep, once nothing else is waiting (what a lost job left is found again).
        world.enqueue('wave-sweep', {});
        job = world.take();
        if (!job) return;
        if ((await world.repository.list()).every((w) => w.state !== 'running')) {
          world.done(job);
          return;
        }
      }
      // Simulated GitHub moves on between two jobs (an export finishes some minutes after its start).
      sim.advance(20);
      const handler = handlers.get(job.queue);
      try {
        // A variable, not a literal: the engine's context may carry more (a lease's signal).
        const context = {
          id: String(job.id),
          retryCount: job.retryCount,
          signal: new AbortController().signal,
        };
        await handler?.(job.data, context);
        world.done(job);
      } catch {
        // A dead process leaves its job active; a living one has it retried.
        if (!dead) world.retry(job);
      }
    }
  }
  return { runner, drain, isDead: () => dead, effects: () => effects };
}

/** Four repositories of big-org in two batches of two, one export at a time; locked, unlocked when verified. */
const PLAN = buildWavePlan({
  filters: { namePattern: '*-04[0-3]' },
  caps: { maxRepos: 2, maxSizeKb: 50_000_000, concurrency: 1 },
  options: { lockRepositories: true, unlockWhenVerified: true, deleteAfterDownload: true },
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ferry-wave-kill-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function runKilledAt(killAt: number) {
  const sim = createSimulator({ speed: 0, scenario: 'big-org' });
  const world = createWorld();
  const archives = path.join(dir, `kill-${killAt}`);
  const first = createProcess(world, sim, archives);
  const created = await first.runner.create(PLAN);
  const dying = createProcess(world, sim, archives, killAt);
  await dying.drain();
  const died = dying.isDead();
  world.orphansBack();
  await createProcess(world, sim, archives).drain();
  const wave = (await world.repository.get(created.id))!;
  const names = new Set(wave.batches.flatMap((b) => b.repos));
  const repoIds = sim
    .github()
    .world.repos.filter((repo) => repo.owner === 'big-org' && names.has(repo.name))
    .map((repo) => repo.id);
  const migrations = [...sim.github().migrations.migrations.values()];
  const stillLocked = migrations.flatMap((m) => [...m.locked]).filter((id) => repoIds.includes(id));
  return { wave, died, stillLocked, migrations, effects: dying.effects() };
}

describe('a wave whose gateway is killed between two steps', () => {
  it(
    'ends Completed with every repository unlocked on GitHub, whatever step it was killed after',
    { timeout: 120_000 },
    async () => {
      const clean = await runKilledAt(Infinity);
      expect(clean.wave.state).toBe('completed');
      expect(clean.stillLocked).toEqual([]);
      const steps = clean.effects;
      expect(steps).toBeGreaterThan(20);
      const wrong: string[] = [];
      for (let killAt = 1; killAt <= steps; killAt++) {
        const run = await runKilledAt(killAt);
        const batches = run.wave.batches;
        const problems = [
          run.died ? '' : 'the process did not die',
          run.wave.state === 'completed' ? '' : `wave ${run.wave.state}`,
          run.stillLocked.length === 0 ? '' : `${run.stillLocked.length} repositories locked`,
          batches.every((b) => b.state === 'verified' && b.unlocked)
            ? ''
            : 'a batch not verified and unlocked',
          batches.every((b) => b.githubCopyDeleted) ? '' : "GitHub's copy not deleted",
          run.migrations.length === batches.length ? '' : `${run.migrations.length} exports started`,
        ].filter(Boolean);
        if (problems.length > 0) wrong.push(`killed after step ${killAt}: ${problems.join(', ')}`);
      }
      expect(wrong).toEqual([]);
    },
  );
});
