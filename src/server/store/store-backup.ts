import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { open, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { prepareDataDir } from './data-dir';
import { checkUnpacked } from './migrated-pglite';
import {
  folderStamp,
  refuseUnfinishedRestore,
  removeAbandonedRestores,
  removeStaging,
  restoringFolder,
  swapIn,
} from './restore-swap';
import { describeStore, type StoreConfig } from './store-config';
import { countsOf } from './store-copy';
import { restoreDumpIntoServer } from './store-move';
import { lockDataDir } from './store-lock';
import { DEFAULT_MAX_INFLATED_BYTES, unpackDump } from './verified-dump';

/**
 * `npm run store:backup` / `store:restore`. The embedded store is dumped whole with PGlite's own data-folder
 * dump (a gzipped tar of `DATA_DIR/pglite`), under the store's lock so no gateway writes while it is read
 * or replaced; a restore reads the dump whole and checks it before anything moves (`verified-dump.ts`,
 * `restore-swap.ts`). A server is dumped with `pg_dump --format=custom` and restored with `pg_restore`.
 */
export interface BackupSummary {
  file: string;
  bytes: number;
  /** Rows per table of Ferry's schema, as backed up or restored. */
  rows: Record<string, number>;
  /** Restore only: where the store it replaced was moved (kept, never deleted). */
  previous?: string;
  /** Restore of an embedded backup into a server: whether the rows the server held were replaced. */
  replaced?: boolean;
}

function pgliteFolder(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

async function writeWhole(file: string, bytes: Uint8Array): Promise<void> {
  const partial = `${file}.partial`;
  await writeFile(partial, bytes);
  // A backup is either the whole dump or absent: never half a file under the name the person gave.
  await rename(partial, file);
}

/** What a file holds, from its first bytes: PGlite's dump is a (gzipped) tar, pg_dump's starts "PGDMP". */
function kindOfDump(bytes: Uint8Array): 'embedded' | 'postgres' | undefined {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return 'embedded';
  if (Buffer.from(bytes.subarray(257, 262)).toString('latin1') === 'ustar') return 'embedded';
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') === 'PGDMP') return 'postgres';
  return undefined;
}

async function backupEmbedded(config: StoreConfig, file: string): Promise<BackupSummary> {
  const dir = await prepareDataDir(config.dataDir, config.openTimeoutMs);
  const folder = pgliteFolder(dir);
  if (!existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new Error(`there is no embedded store in ${folder} to back up (is DATA_DIR right?)`);
  }
  const lock = await lockDataDir(dir, { role: 'store:backup' });
  try {
    const client = new PGlite(folder);
    try {
      const rows = await countsOf(client);
      const dump = new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
      await writeWhole(file, dump);
      return { file, bytes: dump.byteLength, rows };
    } finally {
      await client.close();
    }
  } finally {
    await lock.release();
  }
}

/**
 * Unpack and check the backup beside the store; only a store that opened, migrated and counted takes the
 * place of the current one, which is kept aside. Any failure before the swap leaves DATA_DIR as it was.
 */
async function restoreEmbedded(
  config: StoreConfig,
  file: string,
  maxInflatedBytes: number,
): Promise<BackupSummary> {
  const dir = await prepareDataDir(config.dataDir, config.openTimeoutMs);
  const lock = await lockDataDir(dir, { role: 'store:restore' });
  try {
    await refuseUnfinishedRestore(dir);
    await removeAbandonedRestores(dir);
    const stamp = folderStamp();
    const restoring = restoringFolder(dir, stamp);
    try {
      await unpackDump(file, restoring, maxInflatedBytes);
      const rows = await checkUnpacked(restoring);
      const previous = await swapIn(dir, restoring, stamp);
      return { file, bytes: (await stat(file)).size, rows, previous };
    } finally {
      await removeStaging(restoring);
    }
  } finally {
    await lock.release();
  }
}

/** pg_dump and pg_restore: on PATH, else Debian's newest under /usr/lib/postgresql. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const onPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((dir) => path.join(dir, name))
    .find((candidate) => existsSync(candidate));
  if (onPath) return onPath;
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((version) => existsSync(path.join(debian, version, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(debian, versions[0], 'bin', name);
  throw new Error(`${name} was not found: install PostgreSQL's client tools (Debian: postgresql-client)`);
}

/** The password goes through the environment, not the command line other users can read in `ps`. */
function connectionFor(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(tool)} failed (exit ${code}): ${stderr.trim().slice(0, 2_000)}`)),
    );
  });
}

async function serverRows(databaseUrl: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await countsOf(client);
  } finally {
    await client.end();
  }
}

async function backupServer(databaseUrl: string, file: string): Promise<BackupSummary> {
  const { dbname, env } = connectionFor(databaseUrl);
  const partial = `${file}.partial`;
  await run(
    pgTool('pg_dump'),
    ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${dbname}`],
    env,
  );
  await rename(partial, file);
  return { file, bytes: (await stat(file)).size, rows: await serverRows(databaseUrl) };
}

async function restoreServer(databaseUrl: string, file: string): Promise<BackupSummary> {
  const { dbname, env } = connectionFor(databaseUrl);
  await run(
    pgTool('pg_restore'),
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
  return { file, bytes: (await stat(file)).size, rows: await serverRows(databaseUrl) };
}

/** Write the store (embedded or server) to `file`. */
export async function backupStore(config: StoreConfig, file: string): Promise<BackupSummary> {
  return config.databaseUrl ? backupServer(config.databaseUrl, file) : backupEmbedded(config, file);
}

export interface RestoreOptions {
  /** `RESTORE_MAX_INFLATED_BYTES`: an embedded backup that unpacks to more is refused. */
  maxInflatedBytes?: number;
  /** An embedded backup into a server that holds rows: replace them (else refused). */
  replace?: boolean;
}

async function headOf(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Replace the store's content with `file`'s. An embedded backup also goes into a server (the move of a
 * person's store to the team's); a server's backup (pg_dump) goes only into a server.
 */
export async function restoreStore(
  config: StoreConfig,
  file: string,
  { maxInflatedBytes = DEFAULT_MAX_INFLATED_BYTES, replace = false }: RestoreOptions = {},
): Promise<BackupSummary> {
  const kind = kindOfDump(await headOf(file));
  if (!kind) throw new Error(`${file} is not a Ferry backup (neither PGlite's dump nor pg_dump's)`);
  if (kind === 'postgres' && !config.databaseUrl) {
    throw new Error(
      `${file} is a backup of a PostgreSQL server (pg_dump), and the store here is ${describeStore(config)}: ` +
        "to bring a server's store here, run `npm run store:move -- to-embedded` with DATABASE_URL naming the server",
    );
  }
  if (kind === 'embedded' && config.databaseUrl) {
    const moved = await restoreDumpIntoServer(config, file, { maxInflatedBytes, replace });
    return { file, bytes: moved.bytes ?? 0, rows: moved.rows, replaced: moved.replaced };
  }
  return config.databaseUrl
    ? restoreServer(config.databaseUrl, file)
    : restoreEmbedded(config, file, maxInflatedBytes);
}
