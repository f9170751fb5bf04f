import { existsSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { prepareDataDir } from './data-dir';
import { createDataFolderApart } from './embedded-memory';
import { checkUnpacked, withMigratedPglite } from './migrated-pglite';
import { openStore } from './open-store';
import {
  folderStamp,
  refuseUnfinishedRestore,
  removeAbandonedRestores,
  removeStaging,
  restoringFolder,
  swapIn,
} from './restore-swap';
import { copyFerryTables, countsOf, type Sql, TargetHoldsDataError } from './store-copy';
import { describeStore, type StoreConfig } from './store-config';
import { lockDataDir } from './store-lock';
import { DEFAULT_MAX_INFLATED_BYTES, unpackDump } from './verified-dump';

/**
 * A store moved across kinds: a person's embedded store to the team's PostgreSQL (`store:move -- to-server`,
 * or `store:restore` of an embedded backup with DATABASE_URL set), and a server's store into the embedded one
 * (`store:move -- to-embedded`). The rows are copied in one transaction on the target (`store-copy.ts`); a
 * target that holds rows is refused unless `replace`; an embedded target is a fresh folder swapped in only
 * once it holds every row, the one it replaces kept aside as a restore keeps it.
 */
export interface MoveSummary {
  from: string;
  to: string;
  /** Rows per table now in the target. */
  rows: Record<string, number>;
  /** Whether the target held rows that were replaced. */
  replaced: boolean;
  /** An embedded target: where the store it replaced was kept. */
  previous?: string;
  /** From a backup file: its size. */
  bytes?: number;
}

export interface MoveOptions {
  /** Replace the rows the target holds (else a target with rows is refused). */
  replace?: boolean;
}

function serverOf(config: StoreConfig): string {
  if (!config.databaseUrl) {
    throw new Error('DATABASE_URL is not set: it names the PostgreSQL server to move to or from');
  }
  return config.databaseUrl;
}

async function withClient<T>(config: StoreConfig, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: serverOf(config),
    connectionTimeoutMillis: config.openTimeoutMs,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const held = (rows: Record<string, number>) => Object.values(rows).some((count) => count > 0);

/** Copy `source` into the server, brought to this Ferry's schema first as a gateway's start would. */
async function intoServer(source: Sql, config: StoreConfig, replace: boolean) {
  await (await openStore({ databaseUrl: serverOf(config), openTimeoutMs: config.openTimeoutMs })).close();
  return withClient(config, async (target) => {
    const replaced = held(await countsOf(target));
    const rows = await copyFerryTables(source, target, { replace, targetName: describeStore(config) });
    return { rows, replaced };
  });
}

/** DATA_DIR made, locked against gateways and other commands, and refused while a restore is unfinished. */
async function underMoveLock<T>(
  config: StoreConfig,
  work: (dir: string, folder: string) => Promise<T>,
): Promise<T> {
  serverOf(config);
  const dir = await prepareDataDir(config.dataDir, config.openTimeoutMs);
  const lock = await lockDataDir(dir, { role: 'store:move' });
  try {
    await refuseUnfinishedRestore(dir);
    return await work(dir, path.join(dir, 'pglite'));
  } finally {
    await lock.release();
  }
}

/** The embedded store in DATA_DIR copied into DATABASE_URL's server; the embedded store is left as it is. */
export async function moveToServer(
  config: StoreConfig,
  { replace = false }: MoveOptions = {},
): Promise<MoveSummary> {
  return underMoveLock(config, async (_dir, folder) => {
    if (!existsSync(path.join(folder, 'PG_VERSION'))) {
      throw new Error(`there is no embedded store in ${folder} to move (is DATA_DIR right?)`);
    }
    const moved = await withMigratedPglite(folder, (source) => intoServer(source, config, replace));
    return { from: describeStore({ dataDir: config.dataDir }), to: describeStore(config), ...moved };
  });
}

/** An embedded backup file (PGlite's dump) read whole and checked, then copied into DATABASE_URL's server. */
export async function restoreDumpIntoServer(
  config: StoreConfig,
  file: string,
  {
    replace = false,
    maxInflatedBytes = DEFAULT_MAX_INFLATED_BYTES,
  }: MoveOptions & { maxInflatedBytes?: number },
): Promise<MoveSummary> {
  serverOf(config);
  const dir = await prepareDataDir(config.dataDir, config.openTimeoutMs);
  const unpacked = path.join(dir, `pglite.moving-${folderStamp()}`);
  try {
    await unpackDump(file, unpacked, maxInflatedBytes);
    await checkUnpacked(unpacked);
    const moved = await withMigratedPglite(unpacked, (source) => intoServer(source, config, replace));
    return { from: file, to: describeStore(config), bytes: (await stat(file)).size, ...moved };
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}

/**
 * DATABASE_URL's store copied into a fresh embedded store, which then takes the place of DATA_DIR/pglite (the
 * one there kept aside). The server is only read.
 */
export async function moveToEmbedded(
  config: StoreConfig,
  { replace = false }: MoveOptions = {},
): Promise<MoveSummary> {
  return underMoveLock(config, async (dir, folder) => {
    const target = `the embedded store in ${folder}`;
    await removeAbandonedRestores(dir);
    const current = existsSync(path.join(folder, 'PG_VERSION'))
      ? await withMigratedPglite(folder, countsOf)
      : {};
    if (held(current) && !replace) throw new TargetHoldsDataError(current, target);
    const stamp = folderStamp();
    const fresh = restoringFolder(dir, stamp);
    try {
      await mkdir(fresh);
      await createDataFolderApart(fresh);
      const rows = await withMigratedPglite(fresh, (into) =>
        withClient(config, (source) => copyFerryTables(source, into, { replace: false, targetName: target })),
      );
      const previous = await swapIn(dir, fresh, stamp);
      return {
        from: describeStore(config),
        to: describeStore({ dataDir: config.dataDir }),
        rows,
        replaced: held(current),
        previous,
      };
    } finally {
      await removeStaging(fresh);
    }
  });
}
