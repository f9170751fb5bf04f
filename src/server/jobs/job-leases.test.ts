import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type ExecuteSql, type Store } from '@/server/store/open-store';
import { startJobEngine, type JobEngine } from './job-engine';
import type { LeaseSettings } from './job-leases';

/**
 * Two job engines on one store, as two gateways of a team (kind `postgres`: neither hands back the other's jobs
 * at start). A gateway that dies with a job in hand — its engine stops, so its lease is no longer renewed — leaves
 * the job to the other within 30 s, however long the job's expiry; a live holder keeps its job however long it
 * runs; a holder cut off from the store stops before the other may take its job.
 */
let store: Store;
const engines: JobEngine[] = [];
const quiet = () => undefined;
// Embedded in the main pass, the team's PostgreSQL server in the PostgreSQL pass.
beforeEach(async () => {
  store = await openStore({ databaseUrl: process.env.DATABASE_URL });
}, 60_000);
afterEach(async () => {
  // A "killed" engine cannot reach the store to stop cleanly: not this test's subject.
  for (const engine of engines.splice(0)) await engine.stop().catch(() => undefined);
  await store.executeSql('DELETE FROM pgboss.job');
  await store.close();
});

async function gateway(leases?: LeaseSettings, executeSql: ExecuteSql = store.executeSql) {
  const engine = await startJobEngine({
    executeSql,
    exclusive: store.exclusive,
    kind: 'postgres',
    leases,
    pollingSeconds: 1,
    log: quiet,
  });
  engines.push(engine);
  return engine;
}

const until = async (done: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('job leases', () => {
  it.each([
    { queue: 'wave-step', expiry: 'its 90 s expiry' },
    { queue: 'wave-file', expiry: 'a download’s 6 h 10 min', expireInSeconds: 22_200 },
  ] as const)(
    'a killed gateway’s $queue job runs again on another within 30 s, not after $expiry',
    { timeout: 60_000 },
    async ({ queue, ...sent }) => {
      // As kill -9: from its death on, nothing of the gateway reaches the store (its connections are gone).
      let dead = false;
      const a = await gateway(undefined, (text, values) =>
        dead ? Promise.reject(new Error('killed')) : store.executeSql(text, values),
      );
      const taken: { by: string; at: number }[] = [];
      await a.work(queue, 1, async () => {
        taken.push({ by: 'a', at: Date.now() });
        await new Promise(() => undefined); // dies with it in hand
      });
      await a.send(
        queue,
        { batch: 1 },
        'expireInSeconds' in sent ? { expireInSeconds: sent.expireInSeconds } : {},
      );
      await until(() => taken.length === 1, 10_000);
      dead = true;
      const died = Date.now();

      const t0 = Date.now();
      const b = await gateway();
      console.log('TIMING b start', Date.now() - t0);
      await b.work(queue, 1, () => Promise.resolve(void taken.push({ by: 'b', at: Date.now() })));
      await until(() => taken.length === 2, 40_000);
      expect(taken[1]!.by).toBe('b');
      const backAfterMs = taken[1]!.at - died;
      console.log(`dead gateway's ${queue} job running again after ${(backAfterMs / 1000).toFixed(1)} s`);
      expect(backAfterMs).toBeLessThan(30_000);
    },
  );

  it(
    'a live holder keeps its job for as long as it runs, past many leases: run once',
    { timeout: 30_000 },
    async () => {
      const short = { leaseSeconds: 1, renewMs: 300 };
      const renewals: number[] = [];
      const [a, b] = [await gateway(short, async (text, values) => { const r = await store.executeSql(text, values); if (text.includes('SET started_on = now()') && r.rows.length) renewals.push(Date.now()); return r; }), await gateway(short)];
      const runs: string[] = [];
      let finished = false;
      await a.work('wave-step', 1, async () => {
        runs.push('a');
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        finished = true;
      });
      await a.send('wave-step', { batch: 1 });
      await until(() => runs.length === 1, 10_000);
      await b.work('wave-step', 1, () => Promise.resolve(void runs.push('b')));
      await until(() => finished, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      console.log('TIMING renew gaps', renewals.slice(1).map((t, i) => t - renewals[i]!).join(' '));
      expect(runs).toEqual(['a']);
    },
  );

  it('a holder cut off from the store stops before another takes its job', { timeout: 30_000 }, async () => {
    const short = { leaseSeconds: 2, renewMs: 400 };
    let cutOff = false;
    const a = await gateway(short, (text, values) =>
      cutOff ? Promise.reject(new Error('connection lost')) : store.executeSql(text, values),
    );
    const b = await gateway(short);
    const events: { what: string; at: number }[] = [];
    await a.work('wave-step', 1, async (_data, job) => {
      events.push({ what: 'a took it', at: Date.now() });
      await new Promise<void>((resolve) =>
        job.signal?.addEventListener('abort', () => {
          events.push({ what: 'a stopped', at: Date.now() });
          resolve();
        }),
      );
    });
    await a.send('wave-step', { batch: 1 });
    await until(() => events.length === 1, 10_000);
    await b.work('wave-step', 1, () =>
      Promise.resolve(void events.push({ what: 'b took it', at: Date.now() })),
    );
    cutOff = true;
    await until(() => events.some((event) => event.what === 'b took it'), 15_000);
    console.log('TIMING cut', events.map((e) => `${e.what} +${e.at - events[0]!.at}`).join(', '));
    expect(events.map((event) => event.what)).toEqual(['a took it', 'a stopped', 'b took it']);
  });

  it(
    'a job that finishes while the store fails leaves no unhandled rejection (pg-boss does not await its completion)',
    { timeout: 30_000 },
    async () => {
      const unhandled: unknown[] = [];
      const record = (reason: unknown) => void unhandled.push(reason);
      process.on('unhandledRejection', record);
      try {
        let failing = false;
        const logged: string[] = [];
        const engine = await startJobEngine({
          executeSql: (text, values) =>
            failing ? Promise.reject(new Error('connection lost')) : store.executeSql(text, values),
          exclusive: store.exclusive,
          kind: 'postgres',
          pollingSeconds: 1,
          log: (line) => void logged.push(line),
        });
        engines.push(engine);
        let ran = false;
        await engine.work('wave-step', 1, () => {
          // The store goes away as the job ends: its completion is what fails.
          failing = true;
          ran = true;
          return Promise.resolve();
        });
        await engine.send('wave-step', { batch: 1 });
        await until(() => ran, 10_000);
        await until(() => logged.some((line) => line.includes('outcome was not recorded')), 5_000);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', record);
      }
    },
  );
});
