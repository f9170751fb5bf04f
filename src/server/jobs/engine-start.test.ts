import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '@/testing/team-processes';
import { startJobEngine } from './job-engine';

/**
 * A team's gateways often start together on a fresh database; pg-boss creating its schema and queue tables in
 * several processes at once deadlocks (PostgreSQL rolls one back). Every engine must start anyway. Runs in the
 * PostgreSQL pass.
 */
describe.skipIf(!process.env.DATABASE_URL)('job engines starting together on a fresh database', () => {
  it('all start, three rounds of three', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 3; round++) {
      const database = await freshDatabase(`ferry_engine_start_${process.pid}_${round}`);
      const pools = [0, 1, 2].map(() => new pg.Pool({ connectionString: database.url }));
      // Dropping the database ends connections a pool may still hold idle: not this test's subject.
      for (const pool of pools) pool.on('error', () => undefined);
      const retried: string[] = [];
      try {
        const started = await Promise.allSettled(
          pools.map((pool) =>
            startJobEngine({
              executeSql: (text, values) => pool.query(text, values),
              kind: 'postgres',
              log: (line) => retried.push(line),
            }),
          ),
        );
        expect(started.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
        for (const result of started) if (result.status === 'fulfilled') await result.value.stop();
      } finally {
        for (const pool of pools) await pool.end();
        await database.drop();
      }
    }
  });
});
