import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '@/testing/team-processes';
import { openStore } from './open-store';

/**
 * PostgreSQL may end an idle connection at any time (a restart, a failover, `idle_session_timeout`, an operator's
 * `pg_terminate_backend`). node-postgres reports that on the pool as an 'error' event, and an 'error' event with no
 * listener ends the process: the gateway must lose the connection, not its life. Runs in the PostgreSQL pass.
 */
describe.skipIf(!process.env.DATABASE_URL)('the store when the server ends its idle connections', () => {
  it(
    'keeps the gateway alive and answers the next query on a new connection',
    { timeout: 30_000 },
    async () => {
      const database = await freshDatabase(`ferry_connection_loss_${process.pid}`);
      const uncaught: unknown[] = [];
      const onUncaught = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', onUncaught);
      const store = await openStore({ databaseUrl: database.url });
      const admin = new pg.Client({ connectionString: database.url });
      try {
        await store.executeSql('select 1'); // a connection now idle in the pool
        await admin.connect();
        const ended = await admin.query(
          `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
        );
        expect(ended.rows.length).toBeGreaterThan(0);
        // The idle client hears of it on its socket; give it the moment it takes.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(uncaught).toEqual([]);
        const answer = await store.executeSql('select 41 + 1 as n');
        expect(answer.rows).toEqual([{ n: 42 }]);
      } finally {
        process.off('uncaughtException', onUncaught);
        await admin.end();
        await store.close();
        await database.drop();
      }
    },
  );
});
