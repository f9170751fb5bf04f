import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  refuseUnfinishedRestore,
  removeAbandonedRestores,
  restoringFolder,
  swapIn,
  UnfinishedRestoreError,
} from './restore-swap';

const work = mkdtempSync(path.join(tmpdir(), 'ferry-swap-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let n = 0;
function dataDir(): string {
  const dir = path.join(work, `data-${(n += 1)}`);
  mkdirSync(dir);
  return dir;
}
/** A folder that looks like a store to the checks (they look for PG_VERSION). */
function storeIn(folder: string, marker: string): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'PG_VERSION'), '18\n');
  writeFileSync(path.join(folder, 'which'), marker);
}
const which = (folder: string) => readFileSync(path.join(folder, 'which'), 'utf8');

describe('swapping a restored store in', () => {
  it('puts the restored store in place and keeps the old one aside', async () => {
    const dir = dataDir();
    storeIn(path.join(dir, 'pglite'), 'old');
    const restored = restoringFolder(dir, 'T1');
    storeIn(restored, 'new');
    const previous = await swapIn(dir, restored, 'T1');
    expect(which(path.join(dir, 'pglite'))).toBe('new');
    expect(which(previous!)).toBe('old');
    expect(readdirSync(dir).sort()).toEqual(['pglite', 'pglite.before-restore-T1']);
    await expect(refuseUnfinishedRestore(dir)).resolves.toBeUndefined();
  });

  it('into an empty or missing folder keeps nothing aside', async () => {
    const dir = dataDir();
    mkdirSync(path.join(dir, 'pglite'));
    storeIn(restoringFolder(dir, 'T1'), 'new');
    expect(await swapIn(dir, restoringFolder(dir, 'T1'), 'T1')).toBeUndefined();
    expect(readdirSync(dir)).toEqual(['pglite']);
  });

  it('a swap killed between its renames stops the next start, naming both stores', async () => {
    const dir = dataDir();
    storeIn(path.join(dir, 'pglite.before-restore-T1'), 'old');
    storeIn(restoringFolder(dir, 'T1'), 'new');
    writeFileSync(
      path.join(dir, 'pglite.restore-unfinished.json'),
      JSON.stringify({
        previous: path.join(dir, 'pglite.before-restore-T1'),
        restored: restoringFolder(dir, 'T1'),
      }),
    );
    const refused = await refuseUnfinishedRestore(dir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UnfinishedRestoreError);
    expect((refused as Error).message).toContain(`${restoringFolder(dir, 'T1')} (restored)`);
    expect((refused as Error).message).toContain(path.join(dir, 'pglite.before-restore-T1'));
  });

  it('an empty store beside one set aside stops the start; an empty one alone does not', async () => {
    const dir = dataDir();
    mkdirSync(path.join(dir, 'pglite'));
    await expect(refuseUnfinishedRestore(dir)).resolves.toBeUndefined();
    storeIn(path.join(dir, 'pglite.before-restore-T1'), 'old');
    await expect(refuseUnfinishedRestore(dir)).rejects.toThrow(/restore did not finish/);
    // Removed on purpose (not left empty): the person chose to start again.
    rmSync(path.join(dir, 'pglite'), { recursive: true });
    await expect(refuseUnfinishedRestore(dir)).resolves.toBeUndefined();
  });

  it('removes what a restore killed before its swap left, and nothing else', async () => {
    const dir = dataDir();
    storeIn(path.join(dir, 'pglite'), 'current');
    storeIn(restoringFolder(dir, 'T0'), 'half');
    await removeAbandonedRestores(dir);
    expect(readdirSync(dir)).toEqual(['pglite']);
    expect(existsSync(path.join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
  });
});
