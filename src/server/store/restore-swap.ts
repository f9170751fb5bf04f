import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * How a restored embedded store takes the place of the current one: it is made and checked in a folder of
 * its own beside `DATA_DIR/pglite`, then two renames swap them, with a note in `DATA_DIR` while they run. A
 * start that finds the note (the swap was killed half-way), or an empty `pglite` beside a store set aside (what
 * a restore that died used to leave), stops and says where the store is instead of opening an empty one.
 */

const NOTE = 'pglite.restore-unfinished.json';
const RESTORING = 'pglite.restoring-';
const BEFORE = 'pglite.before-restore-';

/** A restore did not finish: the store is in a folder beside `DATA_DIR/pglite`. */
export class UnfinishedRestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnfinishedRestoreError';
  }
}

/** A time for folder names: sortable, no `:` (not allowed on every file system). */
export function folderStamp(at = new Date()): string {
  return at.toISOString().replaceAll(':', '-');
}

/** Where a restore unpacks and checks a store before it takes the place of `DATA_DIR/pglite`. */
export function restoringFolder(dir: string, stamp: string): string {
  return path.join(dir, `${RESTORING}${stamp}`);
}

const hasStore = (folder: string) => existsSync(path.join(folder, 'PG_VERSION'));

/** Throws `UnfinishedRestoreError` when `dir` shows a restore that stopped part-way; see the module's note. */
export async function refuseUnfinishedRestore(dir: string): Promise<void> {
  const folder = path.join(dir, 'pglite');
  const note = path.join(dir, NOTE);
  if (existsSync(note)) {
    const { previous, restored } = (await readFile(note, 'utf8')
      .then((text) => JSON.parse(text) as Record<string, unknown>)
      .catch(() => ({}))) as Record<string, unknown>;
    const where = [restored, previous].filter((one) => typeof one === 'string' && hasStore(one));
    throw new UnfinishedRestoreError(
      `a restore stopped while it swapped ${folder} for the restored store (${note}). ` +
        (where.length > 0
          ? `The stores are in ${where.join(' (restored) and ')} (the one it replaced): rename the one you want to ${folder}, then remove ${note}.`
          : `Check ${folder}, then remove ${note}.`),
    );
  }
  if (!existsSync(folder) || (await readdir(folder)).length > 0) return;
  const aside = (await readdir(dir))
    .filter((name) => name.startsWith(BEFORE) && hasStore(path.join(dir, name)))
    .sort()
    .at(-1);
  if (aside) {
    const kept = path.join(dir, aside);
    throw new UnfinishedRestoreError(
      `${folder} is empty and ${kept} holds the store a restore set aside: the restore did not finish. ` +
        `Put the store back (remove the empty ${folder}, rename ${kept} to ${folder}) and restore again, or remove the empty ${folder} to start with an empty memory.`,
    );
  }
}

/**
 * Remove a restore's staging folder once it is done with. A PGlite that failed to open it may still be writing
 * there for a moment (ENOTEMPTY): removal retries, and what it cannot remove never hides why the restore ended
 * (`removeAbandonedRestores` takes it on the next one).
 */
export async function removeStaging(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }).catch(() => undefined);
}

/** Folders a restore killed before its swap left behind (the store was not touched). Call under the lock. */
export async function removeAbandonedRestores(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    if (name.startsWith(RESTORING)) await rm(path.join(dir, name), { recursive: true, force: true });
  }
}

/**
 * Put `restored` (a checked store) in the place of `DATA_DIR/pglite`. Returns where the store it replaced
 * was kept, if there was one. Call under the store's lock.
 */
export async function swapIn(dir: string, restored: string, stamp: string): Promise<string | undefined> {
  const folder = path.join(dir, 'pglite');
  const note = path.join(dir, NOTE);
  const occupied = existsSync(folder) && (await readdir(folder)).length > 0;
  const previous = occupied ? path.join(dir, `${BEFORE}${stamp}`) : undefined;
  await writeFile(note, JSON.stringify({ previous, restored }));
  if (previous) await rename(folder, previous);
  else if (existsSync(folder)) await rmdir(folder);
  try {
    await rename(restored, folder);
  } catch (error) {
    if (previous) await rename(previous, folder);
    await rm(note, { force: true });
    throw error;
  }
  await rm(note, { force: true });
  return previous;
}
