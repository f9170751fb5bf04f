import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WavePlanRequest } from '@/contracts/waves';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { createSimulator, type Simulator } from '@/simulator/simulator';
import { sql } from 'drizzle-orm';
import { startJobEngine } from '@/server/jobs/job-engine';
import { createGithubClient } from './github-client';
import { createWaveRunner, type WaveRunner } from './runner';
import { waveExports } from './routes';
import { waveTotals } from './wave-machine';
import type { WaveRepository } from './wave-repository';
import { openStore, type Store } from '@/server/store/open-store';
import { createWaveStore } from '@/server/store/wave-store';
import { buildWavePlan } from '@/testing/wave-factories';
import { SIMULATOR_GITHUB_BASE, simulatorOutbound } from '@/testing/simulator-outbound';

// One embedded store for the file (opening one takes seconds); waves have distinct ids.
let store: Store;
beforeAll(async () => {
  store = await openStore({});
}, 60_000);
afterAll(() => store.close());

const BASE = SIMULATOR_GITHUB_BASE;
const outbound = simulatorOutbound();

/** 60 repositories (040–099), one of them broken (data-broken-097). */
const SIXTY: WavePlanRequest = buildWavePlan({
  filters: { namePattern: '*-0[4-9]?' },
  caps: { maxRepos: 10, maxSizeKb: 50_000_000 },
  options: { lockRepositories: true, unlockWhenVerified: true },
});

let dir: string;
let sim: Simulator;
const runners: WaveRunner[] = [];
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ferry-waves-'));
  sim = createSimulator({ speed: 2_000, scenario: 'big-org' });
});
afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop();
  // Jobs of this test's waves find no wave and end.
  await store.db.execute(sql`truncate wave_batches, waves`);
  await rm(dir, { recursive: true, force: true });
});

function runner(fetch: (request: Request) => Promise<Response> = sim.fetch, repository?: WaveRepository) {
  const client = createGithubClient({
    baseUrl: BASE,
    token: SIM_TOKENS.octocat,
    fetch,
    writeSpacingMs: 5,
    bounds: outbound.bounds,
  });
  const created = createWaveRunner({
    repository: repository ?? createWaveStore(store.db),
    client,
    fetchStorage: fetch,
    storageBounds: outbound.storageBounds,
    checkStorage: outbound.checkStorage,
    githubBaseUrl: BASE,
    archiveDir: path.join(dir, 'archives'),
    jobs: () => startJobEngine({ executeSql: store.executeSql, kind: 'embedded', log: () => undefined }),
    minCheckMs: 10,
    maxCheckMs: 100,
    log: () => undefined,
  });
  runners.push(created);
  return { runner: created, client };
}

const simMigrations = () => [...sim.github().migrations.migrations.values()];

describe('the wave runner on the simulator', () => {
  it('previews the plan: 60 repositories in 6 batches, its request cost', async () => {
    const { runner: r, client } = runner();
    const plan = await r.plan(SIXTY);
    expect(plan).toMatchObject({ listed: 500, selected: 60 });
    expect(plan.batches.map((b) => b.repos.length)).toEqual([10, 10, 10, 10, 10, 10]);
    expect(plan.requests.listing).toBe(5);
    expect(client.stats.requests).toBe(5);
    // Planning again within minutes reuses the listing.
    await r.plan({ ...SIXTY, caps: { ...SIXTY.caps, maxRepos: 25 } });
    expect(client.stats.requests).toBe(5);
  });

  it(
    'runs 60 repositories in batches of 10 to the end: broken one isolated, every archive verified',
    { timeout: 90_000 },
    async () => {
      const { runner: r } = runner();
      const countedBefore = sim.github().stats.counted;
      const wave = await r.create(SIXTY);
      await r.start();
      await r.settled(75_000);
      const done = (await r.get(wave.id))!;
      expect(done.state).toBe('completed');
      // The wave's request figure is what GitHub counted (the wave is its only client here): downloads,
      // checks and starts overlap, and none is charged twice.
      expect(done.requests).toBe(sim.github().stats.counted - countedBefore);
      expect(done.isolated).toEqual(['data-broken-097']);
      const leaves = done.batches.filter((b) => b.state !== 'split');
      expect(leaves.filter((b) => b.state !== 'verified').map((b) => b.repos)).toEqual([['data-broken-097']]);
      expect(waveTotals(done)).toMatchObject({ verifiedRepos: 59, isolated: 1 });
      // Every verified batch has its file on disk, named after it, with a SHA-256; no partial file remains.
      const files = await readdir(path.join(dir, 'archives', wave.id));
      expect(files.every((name) => name.endsWith('.tar.gz'))).toBe(true);
      for (const batch of leaves.filter((b) => b.state === 'verified')) {
        expect(files).toContain(path.basename(batch.file!));
        expect(batch.sha256).toMatch(/^[0-9a-f]{64}$/);
        expect(batch.verification?.ok).toBe(true);
        expect(batch.unlocked).toBe(true);
      }
      // Each export GitHub holds was started once, by one batch attempt, and the wave names every one of
      // them (the overview folds them under it).
      expect(simMigrations()).toHaveLength(done.startsSent);
      expect(
        waveExports(done)
          .map((started) => started.migrationId)
          .sort((a, b) => a - b),
      ).toEqual(
        simMigrations()
          .map((migration) => migration.id)
          .sort((a, b) => a - b),
      );
      const repos = sim.github().world.repos.filter((repo) => /-0[4-9]\d$/.test(repo.name));
      const locked = simMigrations().flatMap((m) => [...m.locked]);
      const broken = repos.find((repo) => repo.name === 'data-broken-097')!;
      // Verified repositories were unlocked; only the broken one's failed exports may still hold locks.
      expect(locked.every((id) => id === broken.id || !repos.some((repo) => repo.id === id))).toBe(true);
    },
  );

  it(
    'resumes after a crash between sending a start and recording it, without starting the batch again',
    { timeout: 120_000 },
    async () => {
      // A new repository instance over the same database stands for the restarted gateway.
      const open = () => Promise.resolve(createWaveStore(store.db));
      let crashed = false;
      let posts = 0;
      const crashing = async (request: Request) => {
        if (crashed) throw new Error('process is dead');
        const response = await sim.fetch(request);
        if (request.method === 'POST' && ++posts === 3) {
          // The export exists on GitHub; the process dies before it can write that down.
          crashed = true;
          throw new Error('killed');
        }
        return response;
      };
      const files = await open();
      const dying: WaveRepository = {
        list: () => files.list(),
        get: (id) => files.get(id),
        save: (wave) => (crashed ? Promise.reject(new Error('process is dead')) : files.save(wave)),
        update: (id, change) =>
          crashed ? Promise.reject(new Error('process is dead')) : files.update(id, change),
      };
      const first = runner(crashing, dying).runner;
      const wave = await first.create(SIXTY);
      await first.start();
      while (!crashed) await new Promise((resolve) => setTimeout(resolve, 5));
      await first.stop();
      const atCrash = (await files.get(wave.id))!;
      const unrecorded = atCrash.batches.filter((b) => b.state === 'starting' && b.migrationId === undefined);
      // Each batch is saved as starting before its request goes out: with two running at once, the one
      // whose request was sent and, depending on timing, the next one waiting its turn.
      expect(unrecorded.length).toBeGreaterThanOrEqual(1);
      const before = simMigrations().length;

      // The restarted gateway: a new runner over a new repository instance on the same data.
      const second = runner(sim.fetch, await open()).runner;
      await second.start();
      await second.settled(75_000);
      const done = (await second.get(wave.id))!;
      expect(done.state).toBe('completed');
      expect(done.isolated).toEqual(['data-broken-097']);
      // The export started before the crash was adopted, not started again.
      const adopted = unrecorded.map((batch) => done.batches.find((b) => b.id === batch.id)!);
      expect(adopted.some((batch) => (batch.migrationId ?? Infinity) <= before)).toBe(true);
      expect(simMigrations()).toHaveLength(done.startsSent);
      expect(new Set(done.batches.map((b) => b.migrationId).filter(Boolean)).size).toBe(
        done.batches.filter((b) => b.migrationId).length,
      );
    },
  );
});
