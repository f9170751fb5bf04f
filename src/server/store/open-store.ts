import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Store {
  db: Db;
  /** `embedded` (PGlite under DATA_DIR, or in memory) or `postgres` (DATABASE_URL). */
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
}

export interface StoreOptions {
  /** `postgres://…`: a shared server for several gateways. */
  databaseUrl?: string;
  /** Folder of the embedded store; omitted → in memory (tests). */
  dataDir?: string;
}

/** Any two gateways starting at once against one server migrate one after the other. */
const MIGRATION_LOCK = 0x4665_7272; // "Ferr"

function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    process.env.FERRY_MIGRATIONS_DIR,
    path.join(here, 'migrations'),
    path.resolve('src/server/store/migrations'),
  ];
  const found = candidates.find((dir) => dir && existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error('The store’s migrations folder was not found (FERRY_MIGRATIONS_DIR).');
  return found;
}

/** Open the store and bring its schema up to date; the same migrations run on both kinds. */
export async function openStore(options: StoreOptions): Promise<Store> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 5 });
    const db = drizzlePg({ client: pool, schema });
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(db, { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(path.resolve(options.dataDir), 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = new PGlite(dataDir);
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  return { db: db as unknown as Db, kind: 'embedded', close: () => client.close() };
}
