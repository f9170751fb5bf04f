import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '@/testing/team-processes';
import { advisoryLocks, openStore } from '@/server/store/open-store';
import { JobEngineUnavailableError } from './engine-unavailable';
import { SET_UP_LOCK, startJobEngine } from './job-engine';

/**
 * A team's gateways often start together on a fresh database; pg-boss creating its schema and queue tables in
 * several processes at once deadlocks (PostgreSQL rolls one back). Set-up is serialised by an advisory lock, so
 * every engine starts at its first attempt. Runs in the PostgreSQL pass.
 */
describe.skipIf(!process.env.DATABASE_URL)('job engines starting together on a fresh database', () => {
  const start = (pool: pg.Pool, log: (line: string) => void, setUpWaitMs?: number) =>
    startJobEngine({
      executeSql: (text, values) => pool.query(text, values),
      exclusive: advisoryLocks(pool),
      kind: 'postgres',
      setUpWaitMs,
      log,
    });

  it('all start at their first attempt, three rounds of four', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 3; round++) {
      const database = await freshDatabase(`ferry_engine_start_${process.pid}_${round}`);
      const pools = [0, 1, 2, 3].map(() => new pg.Pool({ connectionString: database.url }));
      // Dropping the database ends connections a pool may still hold idle: not this test's subject.
      for (const pool of pools) pool.on('error', () => undefined);
      const logged: string[] = [];
      try {
        const started = await Promise.allSettled(
          pools.map((pool) => start(pool, (line) => logged.push(line))),
        );
        expect(started.map((result) => result.status)).toEqual(pools.map(() => 'fulfilled'));
        // Serialised by the lock, not saved by retries: no engine met a deadlock.
        expect(logged).toEqual([]);
        for (const result of started) if (result.status === 'fulfilled') await result.value.stop();
      } finally {
        for (const pool of pools) await pool.end();
        await database.drop();
      }
    }
  });

  it('a gateway that waits too long for another’s set-up fails as "still starting", and starts once it is free', async () => {
    const database = await freshDatabase(`ferry_engine_wait_${process.pid}`);
    const pool = new pg.Pool({ connectionString: database.url });
    pool.on('error', () => undefined);
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [SET_UP_LOCK]);
      const waited = Date.now();
      const refused = await start(pool, () => undefined, 300).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(JobEngineUnavailableError);
      expect(Date.now() - waited).toBeLessThan(5_000);
      await holder.query('select pg_advisory_unlock($1)', [SET_UP_LOCK]);
      const engine = await start(pool, () => undefined, 300);
      await engine.stop();
    } finally {
      await holder.end();
      await pool.end();
      await database.drop();
    }
  });

  it(
    'stores opened together on a fresh database migrate one after the other',
    { timeout: 60_000 },
    async () => {
      const database = await freshDatabase(`ferry_migrate_start_${process.pid}`);
      try {
        const opened = await Promise.allSettled(
          [0, 1, 2, 3].map(() => openStore({ databaseUrl: database.url })),
        );
        expect(
          opened.map((result) => (result.status === 'rejected' ? String(result.reason) : 'open')),
        ).toEqual(['open', 'open', 'open', 'open']);
        for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
      } finally {
        await database.drop();
      }
    },
  );
});
