import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '@/server/store/open-store';
import { startJobEngine, type JobEngine } from './job-engine';

/**
 * Idle workers sleep (issue 46 item 16: polling every queue every second or two was 3–4 % of a core doing
 * nothing) and are woken by the store's notice when a job of theirs is due — one another gateway sent, a delayed
 * one, a retry. Gateway `a` only works, gateway `b` only sends; `a` would poll every 30 s (once a minute when it
 * listens), so each deadline below, though generous, is one that polling misses. Embedded in the main pass (one
 * store, as one process), two connections to the team's PostgreSQL server in the PostgreSQL pass.
 */
const server = process.env.DATABASE_URL;
let stores: Store[] = [];
const engines: JobEngine[] = [];
const quiet = () => undefined;

beforeEach(async () => {
  const first = await openStore({ databaseUrl: server });
  stores = [first, server ? await openStore({ databaseUrl: server }) : first];
}, 60_000);
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop().catch(() => undefined);
  await stores[0]!.executeSql('DELETE FROM pgboss.job');
  for (const store of new Set(stores)) await store.close();
});

async function gateway(store: Store, pollingSeconds = 30) {
  const engine = await startJobEngine({
    executeSql: store.executeSql,
    exclusive: store.exclusive,
    kind: 'postgres',
    listen: store.listen,
    pollingSeconds,
    log: quiet,
  });
  engines.push(engine);
  return engine;
}

const until = async (done: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('idle workers woken by the store', () => {
  it('take a job another gateway sent, and every job of a queue holding more than its workers', async () => {
    const a = await gateway(stores[0]!);
    const b = await gateway(stores[1]!);
    const taken: number[] = [];
    await a.work<{ n: number }>('wave-advance', 1, ({ n }) => Promise.resolve(void taken.push(n)));
    await b.send('wave-advance', { n: 0 }, { key: 'w-0' });
    await until(() => taken.length === 1, 10_000);
    for (let n = 1; n <= 5; n++) await b.send('wave-advance', { n }, { key: `w-${n}` });
    await until(() => taken.length === 6, 10_000);
    expect(taken.sort()).toEqual([0, 1, 2, 3, 4, 5]);
  }, 30_000);

  it('take a job another gateway sent with a delay once it is due, and not before', async () => {
    const a = await gateway(stores[0]!);
    const b = await gateway(stores[1]!);
    const taken: number[] = [];
    await a.work('wave-step', 1, () => Promise.resolve(void taken.push(Date.now())));
    const sent = Date.now();
    await b.send('wave-step', { batch: 1 }, { afterMs: 1_500 });
    await until(() => taken.length === 1, 15_000);
    expect(taken[0]! - sent).toBeGreaterThanOrEqual(1_450);
  }, 30_000);

  it('take a retry when it is due, after the attempt before it failed', async () => {
    const a = await gateway(stores[0]!);
    const attempts: number[] = [];
    await a.work('wave-advance', 1, (_data, job) => {
      attempts.push(job.retryCount);
      return attempts.length === 1 ? Promise.reject(new Error('a failure')) : Promise.resolve();
    });
    await (await gateway(stores[1]!)).send('wave-advance', { wave: 'w' }, { key: 'w' });
    // wave-advance retries after 1–2 s (retryDelay 1, back-off).
    await until(() => attempts.length === 2, 15_000);
    expect(attempts).toEqual([0, 1]);
  }, 30_000);

  it.skipIf(!server)(
    'poll while the listening connection is lost, and listen again',
    async () => {
      const a = await gateway(stores[0]!, 1);
      const b = await gateway(stores[1]!);
      const taken: number[] = [];
      await a.work<{ n: number }>('wave-advance', 1, ({ n }) => Promise.resolve(void taken.push(n)));
      const listening = async () => {
        const { rows } = await stores[1]!.executeSql(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'LISTEN ferry_job_due'`,
        );
        return (rows[0] as { n: number }).n;
      };
      const untilListening = async () => {
        for (let tries = 0; (await listening()) < 2; tries++) {
          if (tries > 200) throw new Error('not listening');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      await untilListening();
      // The server ends both gateways' listening connections (a restart, a failover, an idle timeout).
      await stores[1]!.executeSql(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN ferry_job_due'`,
      );
      await b.send('wave-advance', { n: 1 }, { key: 'w-1' });
      await until(() => taken.length === 1, 10_000);
      // Listening again (a second after the loss), `a` no longer polls: the notice is what wakes it.
      await untilListening();
      await b.send('wave-advance', { n: 2 }, { key: 'w-2' });
      await until(() => taken.length === 2, 10_000);
    },
    30_000,
  );
});
