import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '@/server/store/open-store';
import { startJobEngine, type JobEngine } from './job-engine-head.tmp';

/**
 * A gateway that stops (SIGTERM: a deploy, `docker stop`) takes no more jobs, lets those in hand end within its
 * grace, and hands the rest back to the team at once — not failed with back-off, not left to a lease or an expiry.
 * Embedded in the main pass, the team's PostgreSQL server in the PostgreSQL pass.
 */
let store: Store;
const engines: JobEngine[] = [];
const quiet = () => undefined;
async function gateway() {
  const engine = await startJobEngine({
    executeSql: store.executeSql,
    exclusive: store.exclusive,
    kind: 'postgres',
    pollingSeconds: 1,
    log: quiet,
  });
  engines.push(engine);
  return engine;
}

const until = async (done: () => boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

async function jobs(queue: string) {
  const { rows } = await store.executeSql(
    `SELECT state, retry_count, start_after <= now() AS due FROM pgboss.job WHERE name = $1`,
    [queue],
  );
  return rows as { state: string; retry_count: number; due: boolean }[];
}

describe('a job engine that stops', () => {
  beforeEach(async () => {
    store = await openStore({ databaseUrl: process.env.DATABASE_URL });
  }, 60_000);
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.stop();
    await store.executeSql('DELETE FROM pgboss.job');
    await store.close();
  });

  it(
    'lets a job in hand that ends within the grace finish, and takes no new one',
    { timeout: 60_000 },
    async () => {
      const a = await gateway();
      let finish = () => undefined as void;
      const ran: string[] = [];
      await a.work<{ n: number }>('wave-step', 1, async ({ n }) => {
        ran.push(`${n}`);
        if (n === 1) await new Promise<void>((resolve) => (finish = resolve));
      });
      await a.send('wave-step', { n: 1 });
      await until(() => ran.length === 1);

      const stopped = a.stop(60_000);
      // Sent during the grace (a step sending the next): the team's to take, not this gateway's.
      await a.send('wave-step', { n: 2 }, { key: 'next' });
      finish();
      await stopped;
      expect(ran).toEqual(['1']);
      // pg-boss writes a job's completion without awaiting it: read until it is there.
      const statesNow = async () => (await jobs('wave-step')).map((job) => job.state).sort();
      let states = await statesNow();
      for (let tries = 0; tries < 100 && states.join() !== 'completed,created'; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        states = await statesNow();
      }
      expect(states).toEqual(['completed', 'created']);
    },
  );

  it(
    'hands a job still in hand after the grace back, due at once; its late outcome is not written',
    { timeout: 60_000 },
    async () => {
      const a = await gateway();
      let signal: AbortSignal | undefined;
      let returned = false;
      await a.work('move-upload', 1, async (_data, job) => {
        signal = job.signal;
        // As an upload: runs until its signal aborts, then returns (as it does when its lease is lost).
        await new Promise<void>((resolve) => job.signal?.addEventListener('abort', () => resolve()));
        returned = true;
      });
      await a.send('move-upload', { moveId: 'm', name: 'cli-tools' });
      await until(() => signal !== undefined);

      await a.stop(200);
      expect(signal?.aborted).toBe(true);
      await until(() => returned);
      // pg-boss would have failed it with back-off (10 s and more for an upload), or its return completed it.
      expect(await jobs('move-upload')).toEqual([{ state: 'retry', retry_count: 0, due: true }]);

      const b = await gateway();
      const taken: number[] = [];
      await b.work('move-upload', 1, (_data, job) => Promise.resolve(void taken.push(job.retryCount)));
      await until(() => taken.length === 1);
      // The attempt counts: a step taken again adopts what the stopped gateway may have started.
      expect(taken).toEqual([1]);
    },
  );
});

