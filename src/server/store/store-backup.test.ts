import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { corrupted, firstHalf, gzip, gzipBomb, tarOf } from './dump-fixtures';
import { everything, fill } from './filled-store';
import { explainOpenFailure } from './open-failure';
import { openStore } from './open-store';
import { backupStore, restoreStore } from './store-backup';
import { DEFAULT_OPEN_TIMEOUT_MS, type StoreConfig } from './store-config';
import { lockDataDir, StoreLockedError } from './store-lock';

const work = mkdtempSync(path.join(tmpdir(), 'ferry-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

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

/** Every file under `dir` and its SHA-256: the store byte for byte. */
function filesOf(dir: string): Record<string, string> {
  const all: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const full = path.join(at, name);
      if (statSync(full).isDirectory()) walk(full);
      else all[path.relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  walk(dir);
  return all;
}

describe('a backup that is cut short, corrupt or hostile changes nothing', () => {
  const dataDir = path.join(work, 'guarded');
  const config: StoreConfig = {
    dataDir,
    archiveDir: path.join(dataDir, 'archives'),
    openTimeoutMs: DEFAULT_OPEN_TIMEOUT_MS,
  };
  const good = path.join(work, 'guarded-good.tgz');
  const bad: Record<string, () => Promise<Buffer>> = {
    'the first half of a good backup': () => Promise.resolve(firstHalf(readFileSync(good))),
    'a corrupt gzip': () => Promise.resolve(corrupted(readFileSync(good))),
    'a gzip bomb past the cap': () => gzipBomb(96 * 1024 ** 2),
    'a tar with a name leading outside': async () =>
      gzip(
        await tarOf([
          { header: { name: '/PG_VERSION', size: 3, type: 'file' }, body: Buffer.from('18\n') },
          { header: { name: '../../escaped', size: 2, type: 'file' }, body: Buffer.from('hi') },
        ]),
      ),
  };
  let before: Record<string, unknown[]>;

  it('makes a store and a good backup of it', async () => {
    const opened = await openStore({ dataDir });
    await fill(opened);
    before = await everything(opened);
    await opened.close();
    await backupStore(config, good);
  }, 120_000);

  it.each(Object.keys(bad))(
    '%s: refused, the store byte for byte as it was',
    async (what) => {
      const file = path.join(work, `guarded-${what.replaceAll(' ', '-')}.tgz`);
      writeFileSync(file, await bad[what]!());
      const listing = readdirSync(dataDir).sort();
      const bytes = filesOf(path.join(dataDir, 'pglite'));
      const refused = await restoreStore(config, file, { maxInflatedBytes: 64 * 1024 ** 2 }).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(Error);
      expect((refused as Error).message).toMatch(/not usable|RESTORE_MAX_INFLATED_BYTES/);
      expect(readdirSync(dataDir).sort()).toEqual(listing);
      expect(filesOf(path.join(dataDir, 'pglite'))).toEqual(bytes);
      expect(existsSync(path.join(work, 'escaped'))).toBe(false);
    },
    60_000,
  );

  it('the command exits non-zero with a message, and the store opens with its rows', async () => {
    const listing = readdirSync(dataDir).sort();
    const half = path.join(work, 'half.tgz');
    writeFileSync(half, firstHalf(readFileSync(good)));
    const run = spawnSync('npx', ['tsx', 'scripts/store-restore.ts', half], {
      cwd: process.cwd(),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Ferry cannot restore its store \(embedded, .*\): the backup is not usable/);
    expect(readdirSync(dataDir).sort()).toEqual(listing);
    const opened = await openStore({ dataDir });
    try {
      expect(await everything(opened)).toEqual(before);
    } finally {
      await opened.close();
    }
  }, 120_000);

  it('a start that finds the store set aside by an unfinished restore stops and says so', async () => {
    // What a restore that died half-way used to leave: DATA_DIR/pglite empty, the store beside it.
    const left = path.join(work, 'left');
    const aside = path.join(left, 'pglite.before-restore-2026-11-20T12-00-00.000Z');
    mkdirSync(path.join(left, 'pglite'), { recursive: true });
    cpSync(path.join(dataDir, 'pglite'), aside, { recursive: true });
    const refused = await openStore({ dataDir: left }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    const message = explainOpenFailure(refused, { dataDir: left });
    expect(message).toContain(aside);
    expect(message).toMatch(/restore did not finish/);
    // Nothing was made in the empty folder: putting the store back is a rename.
    expect(readdirSync(path.join(left, 'pglite'))).toEqual([]);
  }, 60_000);
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
