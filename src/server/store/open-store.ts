import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { prepareDataDir } from './data-dir';
import { withDeadline } from './deadline';
import { compileWasmOnce, createDataFolderApart, EMBEDDED_START_PARAMS } from './embedded-memory';
import { refuseUnfinishedRestore } from './restore-swap';
import * as schema from './schema';
import { DEFAULT_OPEN_TIMEOUT_MS } from './store-config';
import { StoreCreationError } from './store-creation-error';
import { lockDataDir, type LockOptions } from './store-lock';
import { embeddedListen, serverListen, stoppedWithStore, type Listen } from './store-listen';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Plain SQL on the store's connection, as the job engine (pg-boss) sends it. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Run `work` while this process holds the store's lock `key`, one holder at a time across every gateway of a
 * team (PostgreSQL's session advisory lock); waiting for it longer than `waitMs` fails. The embedded store has
 * one process by construction: `work` runs at once.
 */
export type Exclusive = <T>(key: number, work: () => Promise<T>, waitMs?: number) => Promise<T>;

export interface Store {
  db: Db;
  executeSql: ExecuteSql;
  exclusive: Exclusive;
  /** `embedded` (PGlite under DATA_DIR, or in memory) or `postgres` (DATABASE_URL). */
  kind: 'embedded' | 'postgres';
  /** PostgreSQL's LISTEN: the job engine hears of due jobs rather than asking (src/server/jobs/due-notices.ts). */
  listen: Listen;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** `postgres://…`: a shared server for several gateways. */
  databaseUrl?: string;
  /** Folder of the embedded store; omitted → in memory (tests). */
  dataDir?: string;
  /** How long reaching the store may take (see `StoreConfig.openTimeoutMs`). */
  openTimeoutMs?: number;
  /** How long making a new embedded store may take (see `StoreConfig.createTimeoutMs`). */
  createTimeoutMs?: number;
  /** Who takes the embedded store's lock, as a refused process will be told (default: a gateway). */
  lock?: LockOptions;
}

/** Any two gateways starting at once against one server migrate one after the other. */
const MIGRATION_LOCK = 0x4665_7272; // "Ferr"

/** The store could not be reached in time or at all; the message says which and never holds a password. */
export class StoreUnreachableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StoreUnreachableError';
  }
}

export function migrationsFolder(): string {
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

function connectFailure(error: unknown, timeoutMs: number): Error {
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED')
    return new StoreUnreachableError(`the server refused the connection`, { cause: error });
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new StoreUnreachableError(`the server's host name does not resolve`, { cause: error });
  }
  if (/timeout/i.test(message)) {
    return new StoreUnreachableError(`the server did not answer within ${timeoutMs / 1000} s`, {
      cause: error,
    });
  }
  return error instanceof Error ? error : new Error(message);
}

/**
 * Session advisory lock `key` on `client` around `work` (a wait beyond `waitMs` fails: lock_timeout). The caller
 * ends the session after (`release(true)`): that frees the lock whatever happened, where an unlock on a broken
 * connection could leave a pooled session holding it.
 */
async function holding<T>(client: pg.PoolClient, key: number, work: () => Promise<T>, waitMs?: number) {
  if (waitMs !== undefined) await client.query(`set lock_timeout = ${Math.max(1, Math.round(waitMs))}`);
  await client.query('select pg_advisory_lock($1)', [key]);
  return work();
}

/** `Exclusive` over a server: each holder keeps one connection of `pool` for the lock while `work` runs. */
export function advisoryLocks(pool: pg.Pool): Exclusive {
  return async (key, work, waitMs) => {
    const client = await pool.connect();
    try {
      return await holding(client, key, work, waitMs);
    } finally {
      client.release(true);
    }
  };
}

const alone: Exclusive = (_key, work) => work();

async function openServer(databaseUrl: string, timeoutMs: number): Promise<Store> {
  // Also bounds every later wait for a connection: a server that stops answering fails requests, not hangs them.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 5, connectionTimeoutMillis: timeoutMs });
  // An idle connection the server ends (a restart, a failover, idle_session_timeout) is an 'error' event on the
  // pool, and unheard it would end the process; the pool drops that client and the next query opens another.
  pool.on('error', (error) => console.warn(`[store] PostgreSQL ended an idle connection: ${error.message}`));
  const db = drizzlePg({ client: pool, schema });
  try {
    // Reaching the server is bounded (a port that accepts and never answers used to hang start-up); the
    // migrations after it are not: one may legitimately take long on a big table.
    const client = await withDeadline(
      pool.connect(),
      timeoutMs,
      () => new StoreUnreachableError(`the server did not answer within ${timeoutMs / 1000} s`),
    ).catch((error: unknown) => {
      throw connectFailure(error, timeoutMs);
    });
    try {
      await holding(client, MIGRATION_LOCK, () => migratePg(db, { migrationsFolder: migrationsFolder() }));
    } finally {
      client.release(true);
    }
  } catch (error) {
    void pool.end().catch(() => undefined);
    throw error;
  }
  const listening = stoppedWithStore(serverListen(databaseUrl, timeoutMs));
  return {
    db: db as unknown as Db,
    executeSql: (text, values) => pool.query(text, values),
    exclusive: advisoryLocks(pool),
    kind: 'postgres',
    listen: listening.listen,
    close: async () => {
      await listening.stopAll();
      await pool.end();
    },
  };
}

async function openEmbedded(
  dataDir: string,
  timeoutMs: number,
  lockOptions: LockOptions,
  createTimeoutMs?: number,
): Promise<Store> {
  // The folder's checks and the lock are bounded; PGlite's own start (WebAssembly, migrations) is CPU work on
  // a folder now known to be usable, and only a slow machine would miss a deadline there.
  const dir = await prepareDataDir(dataDir, timeoutMs);
  const lock = await withDeadline(
    lockDataDir(dir, lockOptions),
    timeoutMs,
    () => new StoreUnreachableError(`the lock in ${dir} did not answer within ${timeoutMs / 1000} s`),
  );
  let client: PGlite | undefined;
  const pgliteDir = path.join(dir, 'pglite');
  let creating = false;
  try {
    // Never an empty store in place of one a restore set aside: start-up stops and says where it is.
    await refuseUnfinishedRestore(dir);
    // No store there yet: a failure from here on is one of making it, with nothing to lose or restore.
    creating = !existsSync(path.join(pgliteDir, 'PG_VERSION'));
    await mkdir(pgliteDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    await createDataFolderApart(pgliteDir, createTimeoutMs);
    compileWasmOnce();
    client = new PGlite(pgliteDir, { startParams: [...EMBEDDED_START_PARAMS] });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    const opened = client;
    const listening = stoppedWithStore(embeddedListen(opened));
    return {
      db: db as unknown as Db,
      executeSql: embeddedSql(opened),
      exclusive: alone,
      kind: 'embedded',
      listen: listening.listen,
      close: async () => {
        try {
          await listening.stopAll();
          await opened.close();
        } finally {
          await lock.release();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    const failure = creating ? await creationFailed(pgliteDir, error) : error;
    await lock.release();
    throw failure;
  }
}

/**
 * A new store that was made but did not open (its first migrations failed) is removed: the folder is left as it
 * was found, without a store, and the next start makes it again instead of taking it for a damaged one.
 */
async function creationFailed(pgliteDir: string, error: unknown): Promise<StoreCreationError> {
  if (error instanceof StoreCreationError) return error;
  await rm(pgliteDir, { recursive: true, force: true }).catch(() => undefined);
  const why = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  return new StoreCreationError(pgliteDir, why, undefined, { cause: error });
}

/**
 * PGlite answers one statement with parameters (`query`) or several without (`exec`): pg-boss sends both
 * (its locked maintenance commands are `BEGIN; …; COMMIT` in one text).
 */
function embeddedSql(client: PGlite): ExecuteSql {
  return async (text, values) => {
    if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
    const results = await client.exec(text);
    return { rows: results.at(-1)?.rows ?? [] };
  };
}

let memoryImage: Promise<Blob> | undefined;

/**
 * An in-memory store's starting point, made once per process: an empty PGlite with every migration applied,
 * as an image of its data folder. Loading it takes ~0.7 CPU-s where PostgreSQL's initdb and the migrations take
 * ~3.3 (measured on the 2-core machine); the tests open ~40 of these per pass. The migrations still run on each
 * new store (none is left to apply): what opens is always this Ferry's schema.
 */
function migratedMemoryImage(): Promise<Blob> {
  memoryImage ??= (async () => {
    const client = new PGlite();
    try {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsFolder() });
      return await client.dumpDataDir('none');
    } finally {
      await client.close();
    }
  })().catch((error: unknown) => {
    memoryImage = undefined;
    throw error;
  });
  return memoryImage;
}

/** Open the store and bring its schema up to date; the same migrations run on both kinds. */
export async function openStore(options: StoreOptions): Promise<Store> {
  const timeoutMs = options.openTimeoutMs ?? DEFAULT_OPEN_TIMEOUT_MS;
  if (options.databaseUrl) return openServer(options.databaseUrl, timeoutMs);
  if (options.dataDir)
    return openEmbedded(
      options.dataDir,
      timeoutMs,
      options.lock ?? { role: 'gateway' },
      options.createTimeoutMs,
    );
  const client = new PGlite({ loadDataDir: await migratedMemoryImage() });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  const listening = stoppedWithStore(embeddedListen(client));
  return {
    db: db as unknown as Db,
    executeSql: embeddedSql(client),
    exclusive: alone,
    kind: 'embedded',
    listen: listening.listen,
    close: async () => {
      await listening.stopAll();
      await client.close();
    },
  };
}
