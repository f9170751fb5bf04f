import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { firstHalf } from './dump-fixtures';
import { createFerryStore } from './ferry-store';
import { comparable, everything, fill } from './filled-store';
import { openStore } from './open-store';
import { backupStore, restoreStore } from './store-backup';
import { DEFAULT_OPEN_TIMEOUT_MS, type StoreConfig } from './store-config';
import { parentsFirst, TargetHoldsDataError } from './store-copy';
import { moveToEmbedded, moveToServer } from './store-move';

const work = mkdtempSync(path.join(tmpdir(), 'ferry-move-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('tables in the order their foreign keys need', () => {
  it('puts the tables others refer to first', () => {
    const references = [
      { child: 'wave_batches', parent: 'waves' },
      { child: 'alert_deliveries', parent: 'alert_targets' },
    ];
    expect(
      parentsFirst(['alert_deliveries', 'alert_targets', 'wave_batches', 'waves', 'unlocks'], references),
    ).toEqual(['alert_targets', 'alert_deliveries', 'waves', 'wave_batches', 'unlocks']);
  });
});

describe.runIf(process.env.DATABASE_URL)('moving a store between the embedded kind and a server', () => {
  // A database of its own: the move truncates Ferry's tables, which other files' tests use at the same time.
  const admin = process.env.DATABASE_URL ?? '';
  const name = `ferry_move_${process.pid}`;
  // The suite's body runs to be collected even when skipped: a URL without a server then.
  const url = Object.assign(new URL(admin || 'postgres://localhost'), { pathname: `/${name}` }).toString();
  const embedded = (dataDir: string): StoreConfig => ({
    dataDir,
    archiveDir: path.join(dataDir, 'archives'),
    openTimeoutMs: DEFAULT_OPEN_TIMEOUT_MS,
  });
  const both = (dataDir: string): StoreConfig => ({ ...embedded(dataDir), databaseUrl: url });
  const mine = path.join(work, 'mine');

  async function onAdmin(text: string, database = admin): Promise<void> {
    const client = new pg.Client({ connectionString: database });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }
  afterAll(() => onAdmin(`drop database if exists ${name} with (force)`));

  async function rowsAt(options: { dataDir?: string; databaseUrl?: string }) {
    const opened = await openStore(options);
    try {
      return comparable(await everything(opened)) as Record<string, unknown[]>;
    } finally {
      await opened.close();
    }
  }

  let mineRows: Record<string, unknown[]>;

  it('a person’s embedded store moves to an empty server whole, and is left as it was', async () => {
    await onAdmin(`create database ${name}`);
    const opened = await openStore({ dataDir: mine });
    await fill(opened);
    await opened.close();
    mineRows = await rowsAt({ dataDir: mine });

    const moved = await moveToServer(both(mine));
    expect(moved.replaced).toBe(false);
    expect(moved.rows).toMatchObject({ author_drafts: 2, rate_samples: 2, unlocks: 1, timeline_events: 1 });
    expect(await rowsAt({ databaseUrl: url })).toEqual(mineRows);
    expect(await rowsAt({ dataDir: mine })).toEqual(mineRows);

    // The server's sequences follow the copied ids: the next reading gets a fresh one.
    const server = await openStore({ databaseUrl: url });
    try {
      const T1 = new Date('2026-11-21T12:00:00Z');
      await createFerryStore(server).rateHistory.record([
        { at: T1, resource: 'core', limit: 5000, remaining: 4000, used: 1000, reset: T1, source: 'poll' },
      ]);
    } finally {
      await server.close();
    }
  }, 180_000);

  it('a server that holds rows is refused unless --replace; a copy that fails changes nothing', async () => {
    const held = await rowsAt({ databaseUrl: url });
    expect(held.rate_samples).toHaveLength(3);
    const refused = await moveToServer(both(mine)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TargetHoldsDataError);
    expect((refused as Error).message).toMatch(/already holds rows \(.*rate_samples 3.*\); add --replace/);
    expect(await rowsAt({ databaseUrl: url })).toEqual(held);

    // A row the server will not take, after others were written: the whole copy is rolled back.
    await onAdmin(`alter table unlocks add constraint refuse_a check (repo_name <> 'a') not valid`, url);
    await expect(moveToServer(both(mine), { replace: true })).rejects.toThrow(/refuse_a/);
    expect(await rowsAt({ databaseUrl: url })).toEqual(held);
    await onAdmin(`alter table unlocks drop constraint refuse_a`, url);

    const replaced = await moveToServer(both(mine), { replace: true });
    expect(replaced.replaced).toBe(true);
    expect(await rowsAt({ databaseUrl: url })).toEqual(mineRows);
  }, 180_000);

  it('an embedded backup restores into the server, with the same guarantees', async () => {
    const file = path.join(work, 'mine.tgz');
    await backupStore(embedded(mine), file);
    const half = path.join(work, 'half.tgz');
    writeFileSync(half, firstHalf(readFileSync(file)));
    await expect(restoreStore(both(mine), half, { replace: true })).rejects.toThrow(/not usable/);
    await expect(restoreStore(both(mine), file)).rejects.toThrow(TargetHoldsDataError);
    const restored = await restoreStore(both(mine), file, { replace: true });
    expect(restored.replaced).toBe(true);
    expect(await rowsAt({ databaseUrl: url })).toEqual(mineRows);
  }, 180_000);

  it('the server’s store moves into an embedded one; one with rows is kept aside, and only with --replace', async () => {
    const fresh = path.join(work, 'fresh');
    const moved = await moveToEmbedded(both(fresh));
    expect(moved.previous).toBeUndefined();
    expect(await rowsAt({ dataDir: fresh })).toEqual(mineRows);

    const other = path.join(work, 'other');
    const opened = await openStore({ dataDir: other });
    await createFerryStore(opened).recent.touch('org', 'someone-else', new Date('2026-11-22T00:00:00Z'));
    await opened.close();
    const before = await rowsAt({ dataDir: other });
    await expect(moveToEmbedded(both(other))).rejects.toThrow(/recent_items 1\); add --replace/);
    expect(await rowsAt({ dataDir: other })).toEqual(before);

    const replaced = await moveToEmbedded(both(other), { replace: true });
    expect(replaced.replaced).toBe(true);
    expect(existsSync(path.join(replaced.previous!, 'PG_VERSION'))).toBe(true);
    expect(await rowsAt({ dataDir: other })).toEqual(mineRows);
  }, 180_000);

  it('the command says what it did, and exits non-zero with a message when refused', () => {
    const run = (...args: string[]) =>
      spawnSync('npx', ['tsx', 'scripts/store-move.ts', ...args], {
        cwd: process.cwd(),
        env: { ...process.env, DATA_DIR: mine, DATABASE_URL: url },
        encoding: 'utf8',
        timeout: 120_000,
      });
    const refused = run('to-server');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/Ferry cannot move its store \(PostgreSQL at .*\): .* already holds rows/);
    const moved = run('to-server', '--replace');
    expect(moved.status).toBe(0);
    expect(moved.stdout).toMatch(/Moved embedded, .*mine\/pglite to PostgreSQL at .*: .*author_drafts 2/);
    expect(moved.stdout).toMatch(/held before were replaced/);
    expect(run('sideways').status).toBe(1);
    expect(run().status).toBe(2);
  }, 180_000);
});
