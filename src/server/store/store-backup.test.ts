import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createFerryStore } from './ferry-store';
import { openStore, type Store } from './open-store';
import { backupStore, restoreStore } from './store-backup';
import { DEFAULT_OPEN_TIMEOUT_MS, type StoreConfig } from './store-config';
import { lockDataDir, StoreLockedError } from './store-lock';

const work = mkdtempSync(path.join(tmpdir(), 'ferry-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const T0 = new Date('2026-11-20T12:00:00Z');

/** Something in every table a person would miss: history, a timeline, an unlock, drafts, recent items. */
async function fill(opened: Store): Promise<void> {
  const store = createFerryStore(opened);
  await store.rateHistory.record([
    { at: T0, resource: 'core', limit: 5000, remaining: 4990, used: 10, reset: T0, source: 'poll' },
    { at: T0, resource: 'search', limit: 30, remaining: 29, used: 1, reset: T0, source: 'header' },
  ]);
  await store.timeline.record({
    at: T0,
    kind: 'migration',
    subject: 'org/octo-org/migration/7',
    state: 'exported',
    actor: 'watcher',
    detail: { repositories: 2 },
  });
  await store.unlocks.record({
    owner: 'org/octo-org',
    migrationId: 7,
    repoName: 'a',
    at: T0,
    actor: 'octocat',
  });
  await store.authorDrafts.save(
    'octocat/hello',
    [
      { authorId: 7, name: 'Mona', email: 'mona@example.com', baseVersion: 0 },
      { authorId: 8, name: 'Hubot', email: 'hubot@example.com', baseVersion: 0 },
    ],
    'browser-one',
    T0,
  );
  await store.recent.touch('org', 'octo-org', T0);
}

/** Rows of a query, on either kind (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf<T>(opened: Store, query: ReturnType<typeof sql.raw>): Promise<T[]> {
  const result: unknown = await opened.db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Every row of every table of Ferry's schema (and the migrations applied), in a stable order. */
async function everything(opened: Store): Promise<Record<string, unknown[]>> {
  const tables = await rowsOf<{ tablename: string }>(
    opened,
    sql.raw(`select tablename from pg_tables where schemaname = 'public' order by 1`),
  );
  const all: Record<string, unknown[]> = {};
  for (const { tablename } of tables) {
    all[tablename] = await rowsOf(opened, sql.raw(`select * from "${tablename}" order by 1`));
  }
  all['drizzle.__drizzle_migrations'] = await rowsOf(
    opened,
    sql.raw('select hash, created_at from drizzle.__drizzle_migrations order by id'),
  );
  return all;
}

describe('backup and restore of the embedded store', () => {
  const dataDir = path.join(work, 'data');
  const config: StoreConfig = {
    dataDir,
    archiveDir: path.join(dataDir, 'archives'),
    openTimeoutMs: DEFAULT_OPEN_TIMEOUT_MS,
  };
  const file = path.join(work, 'ferry-backup.tgz');

  it('backup → wipe → restore gives back the same rows', async () => {
    let opened = await openStore({ dataDir });
    await fill(opened);
    const before = await everything(opened);
    await opened.close();
    expect(before.author_drafts).toHaveLength(2);

    const backedUp = await backupStore(config, file);
    expect(backedUp.rows).toMatchObject({
      author_drafts: 2,
      rate_samples: 2,
      unlocks: 1,
      timeline_events: 1,
    });

    rmSync(path.join(dataDir, 'pglite'), { recursive: true });
    const restored = await restoreStore(config, file);
    expect(restored.rows).toEqual(backedUp.rows);
    // Nothing was there to keep aside.
    expect(restored.previous).toBeUndefined();

    opened = await openStore({ dataDir });
    try {
      expect(await everything(opened)).toEqual(before);
    } finally {
      await opened.close();
    }
  }, 120_000);

  it('keeps the store it replaces aside, and refuses while another process holds the store', async () => {
    const restored = await restoreStore(config, file);
    expect(restored.previous).toMatch(/pglite\.before-restore-/);
    expect(existsSync(path.join(restored.previous!, 'PG_VERSION'))).toBe(true);

    const gateway = await lockDataDir(dataDir, { role: 'gateway', port: 5180 });
    try {
      const refused = await restoreStore(config, file).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(StoreLockedError);
      expect((refused as Error).message).toContain('port 5180');
      expect(
        await backupStore(config, path.join(work, 'other.tgz')).catch((error: unknown) => error),
      ).toBeInstanceOf(StoreLockedError);
    } finally {
      await gateway.release();
    }
  }, 120_000);

  it('refuses a file that is not an embedded backup, and changes nothing', async () => {
    const notBackup = path.join(work, 'notes.txt');
    writeFileSync(notBackup, 'hello');
    await expect(restoreStore(config, notBackup)).rejects.toThrow(/not a Ferry backup/);
    const pgDump = path.join(work, 'fake.dump');
    writeFileSync(pgDump, 'PGDMP\u0001\u000e\u0000');
    await expect(restoreStore(config, pgDump)).rejects.toThrow(/PostgreSQL server \(pg_dump\)/);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('pglite.before-restore-'))).toHaveLength(1);
  });
});

describe.runIf(process.env.DATABASE_URL)('backup and restore on a PostgreSQL server', () => {
  // A database of its own: restoring drops and makes tables, which other files' tests use at the same time.
  const admin = process.env.DATABASE_URL ?? '';
  const name = `ferry_backup_${process.pid}`;
  const url = () => Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
  const config = (): StoreConfig => ({
    dataDir: work,
    archiveDir: path.join(work, 'archives'),
    databaseUrl: url(),
    openTimeoutMs: DEFAULT_OPEN_TIMEOUT_MS,
  });

  async function onAdmin(text: string): Promise<void> {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }
  afterAll(() => onAdmin(`drop database if exists ${name} with (force)`));

  it('backup → wipe → restore gives back the same rows (pg_dump, pg_restore)', async () => {
    await onAdmin(`create database ${name}`);
    let opened = await openStore({ databaseUrl: url() });
    await fill(opened);
    const before = await everything(opened);
    const file = path.join(work, 'server.dump');
    const backedUp = await backupStore(config(), file);
    expect(backedUp.rows).toMatchObject({ author_drafts: 2, unlocks: 1 });
    await opened.db.execute(sql`drop schema public cascade`);
    await opened.db.execute(sql`create schema public`);
    await opened.db.execute(sql`drop schema drizzle cascade`);
    await opened.close();

    const restored = await restoreStore(config(), file);
    expect(restored.rows).toEqual(backedUp.rows);
    opened = await openStore({ databaseUrl: url() });
    try {
      expect(await everything(opened)).toEqual(before);
    } finally {
      await opened.close();
    }
  }, 120_000);
});
