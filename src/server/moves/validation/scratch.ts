import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The scratch folders an archive's bare repositories are written to while counted: `ferry-validation-<pid>-*`,
 * removed when the count ends. A process killed mid-count leaves its folder; `removeLeftScratch` (at start) removes
 * those whose process is gone, and never one of a live process (another gateway on the same machine).
 */
const PREFIX = 'ferry-validation-';
const OURS = new RegExp(`^${PREFIX}(\\d+)-`);

export const makeScratch = (dir: string) => mkdtemp(join(dir, `${PREFIX}${process.pid}-`));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the scratch folders of processes that are gone; answers their names. */
export async function removeLeftScratch(dir: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const pid = Number(OURS.exec(name)?.[1]);
    if (!Number.isSafeInteger(pid) || pid <= 0 || alive(pid)) continue;
    await rm(join(dir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
