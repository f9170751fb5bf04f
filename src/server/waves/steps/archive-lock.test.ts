import { mkdir, mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { composeGateway } from '@/server/gateway';
import { createFerryStore } from '@/server/store/ferry-store';
import { openStore } from '@/server/store/open-store';
import { clearStaleLocks, lockArchive, STALE_MS } from './archive-lock';

/**
 * Lock folders beside archives in the shared ARCHIVE_DIR: one left by a killed gateway (no longer refreshed) is
 * removed by any gateway's clean-up; one whose holder is alive stays, and so does its holder's hold.
 */
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ferry-archive-locks-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What `kill -9` leaves: the lock folder, last refreshed `ageMs` ago. */
async function leftBehind(file: string, ageMs: number) {
  await mkdir(`${file}.lock`, { recursive: true });
  const then = new Date(Date.now() - ageMs);
  await utimes(`${file}.lock`, then, then);
}

describe('stale archive locks', () => {
  it('removes the locks of dead holders and keeps the live one', async () => {
    const dead = path.join(dir, 'wave-a', 'batch-001.tar.gz');
    const deadToo = path.join(dir, 'wave-b', 'batch-002.tar.gz');
    const recent = path.join(dir, 'wave-b', 'batch-003.tar.gz');
    const live = path.join(dir, 'wave-b', 'batch-004.tar.gz');
    await leftBehind(dead, STALE_MS + 5_000);
    await leftBehind(deadToo, 10 * 60_000);
    // Refreshed a moment ago: its holder may be alive.
    await leftBehind(recent, 1_000);
    let lost: Error | undefined;
    const release = await lockArchive(live, (error) => (lost = error));
    expect(release).toBeDefined();

    expect(await clearStaleLocks(dir)).toBe(2);

    expect(await readdir(path.join(dir, 'wave-a'))).toEqual([]);
    expect((await readdir(path.join(dir, 'wave-b'))).sort()).toEqual([
      'batch-003.tar.gz.lock',
      'batch-004.tar.gz.lock',
    ]);
    expect(lost).toBeUndefined();
    await release!();
  });

  it('an empty or missing folder, or stray files, are no error', async () => {
    expect(await clearStaleLocks(path.join(dir, 'absent'))).toBe(0);
    await mkdir(path.join(dir, 'wave-c'));
    await utimes(dir, new Date(0), new Date(0));
    expect(await clearStaleLocks(dir)).toBe(0);
  });

  it('a gateway starting its wave work clears what a killed one left', { timeout: 60_000 }, async () => {
    await leftBehind(path.join(dir, 'wave-d', 'batch-001.tar.gz'), STALE_MS + 5_000);
    const store = createFerryStore(await openStore({}));
    const runtime = composeGateway(loadConfig({}), {
      store,
      archiveDir: dir,
      watch: false,
      controlAccess: 'any',
    });
    try {
      await runtime.waves!.start();
      const deadline = Date.now() + 10_000;
      while ((await readdir(path.join(dir, 'wave-d'))).length > 0) {
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await runtime.waves!.stop();
      await store.close();
    }
  });
});
