import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startJobEngine } from '@/server/jobs/job-engine';
import { openStore, type Store } from '@/server/store/open-store';
import { createWaveStore } from '@/server/store/wave-store';
import { SIM_FINE_GRAINED_TOKEN } from '@/simulator/github/seed';
import { createSimulator } from '@/simulator/simulator';
import { SIMULATOR_GITHUB_BASE, simulatorOutbound } from '@/testing/simulator-outbound';
import { inProcessGateway } from '@/testing/node-servers';
import { buildWavePlan } from '@/testing/wave-factories';
import { createFerryStore } from '@/server/store/ferry-store';
import { createGithubClient } from './github-client';
import { createWaveRunner, WaveInputError, type WaveRunner } from './runner';
import { summarize } from './routes';
import { waveStopReason } from './wave-machine';

/**
 * Issue 33 item 14: a wave run with a credential GitHub refuses for exports (the simulator's fine-grained token
 * may read organization migrations, not start them) stops at the first refusal that is about the credential,
 * with GitHub's reason; no batch is split or isolated for it, and a new wave with that credential for that
 * owner is refused before it starts while the stopped one is on record.
 */
let store: Store;
let dir: string;
let runner: WaveRunner | undefined;
beforeAll(async () => {
  store = await openStore({});
  dir = await mkdtemp(path.join(tmpdir(), 'ferry-wave-refused-'));
}, 60_000);
afterEach(async () => {
  await runner?.stop();
  await store.db.execute(sql`truncate wave_batches, waves`);
});
afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const PLAN = buildWavePlan({
  owner: { kind: 'org', login: 'octo-org' },
  caps: { maxRepos: 1, concurrency: 1 },
  options: { credential: 'fine-grained' },
});

describe('a wave with a credential GitHub refuses for exports', () => {
  it('stops at the first refusal with its reason, splits nothing, and refuses the next wave before it starts', async () => {
    const sim = createSimulator({ speed: 2_000, scenario: 'quiet' });
    const outbound = simulatorOutbound();
    const client = createGithubClient({
      baseUrl: SIMULATOR_GITHUB_BASE,
      token: SIM_FINE_GRAINED_TOKEN,
      fetch: sim.fetch,
      writeSpacingMs: 5,
      bounds: outbound.bounds,
    });
    runner = createWaveRunner({
      repository: createWaveStore(store.db),
      client,
      clientFor: () => client,
      fetchStorage: sim.fetch,
      storageBounds: outbound.storageBounds,
      checkStorage: outbound.checkStorage,
      githubBaseUrl: SIMULATOR_GITHUB_BASE,
      archiveDir: dir,
      jobs: () => startJobEngine({ executeSql: store.executeSql, kind: 'embedded', log: () => undefined }),
      minCheckMs: 10,
      maxCheckMs: 100,
      log: () => undefined,
    });
    const created = await runner.create(PLAN);
    expect(created.batches).toHaveLength(14);
    await runner.start();
    await runner.settled(20_000);
    const wave = (await runner.get(created.id))!;
    expect(wave.state).toBe('stopped');
    expect(waveStopReason(wave)).toMatch(/Resource not accessible by personal access token/);
    expect(waveStopReason(wave)).toMatch(/organization_administration=write/);
    expect(summarize(wave).stopReason).toBe(waveStopReason(wave));
    expect(wave.batches).toHaveLength(14);
    expect(wave.batches.every((b) => b.state === 'queued')).toBe(true);
    expect(wave.isolated).toEqual([]);
    // The listing and the one refused start.
    expect(wave.requests).toBe(2);
    expect(sim.github().migrations.migrations.size).toBe(0);

    await expect(runner.create(PLAN)).rejects.toThrow(WaveInputError);
    await expect(runner.plan(PLAN)).rejects.toThrow(/organization_administration=write/);
    // Cancelled, the stopped wave no longer speaks for the credential.
    await runner.cancel(wave.id);
    await expect(runner.plan(PLAN)).resolves.toMatchObject({ selected: 14 });
  }, 40_000);

  it('through the routes: the wave stops, the page and the list say why, a new one is refused before it starts', async () => {
    const { call, runtime } = inProcessGateway(
      { SIM_SPEED: '2000', SIM_SCENARIO: 'quiet', SIM_CREDENTIALS: 'several' },
      { store: createFerryStore(store), watch: false, archiveDir: dir },
    );
    const post = (route: string, body: unknown) =>
      call(route, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    try {
      const created = await post('/api/waves', PLAN);
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      await runtime.waves!.settled(20_000);
      const shown = (await (await call(`/api/waves/${id}`)).json()) as { state: string; stopReason?: string };
      expect(shown.state).toBe('stopped');
      expect(shown.stopReason).toMatch(/organization_administration=write/);
      const listed = (await (await call('/api/waves')).json()) as {
        credential?: string;
        stopReason?: string;
      }[];
      expect(listed[0]).toMatchObject({ credential: 'fine-grained', stopReason: shown.stopReason });
      const again = await post('/api/waves/preview', PLAN);
      expect(again.status).toBe(422);
      expect(((await again.json()) as { message: string }).message).toContain(`wave ${id}`);
      // Another credential of the same owner is not concerned.
      expect((await post('/api/waves/preview', { ...PLAN, options: {} })).status).toBe(200);
    } finally {
      await runtime.waves?.stop();
      await runtime.stopJobs();
    }
  }, 40_000);
});
