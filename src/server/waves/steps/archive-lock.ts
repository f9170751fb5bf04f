import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/** Refreshed this often while held; older than `STALE_MS`, the holder is taken for dead (any gateway). */
const UPDATE_MS = 5_000;
export const STALE_MS = 20_000;

/**
 * One gateway at a time works on an archive file (download, verification): a lock beside it in the shared
 * `ARCHIVE_DIR`, refreshed while held. A gateway killed mid-download leaves a lock that goes stale, and the next
 * gateway to try takes it over and resumes from the `.part` file. `undefined`: someone alive holds it.
 */
export async function lockArchive(
  file: string,
  onLost: (error: Error) => void,
): Promise<(() => Promise<void>) | undefined> {
  await mkdir(path.dirname(file), { recursive: true });
  try {
    return await lockfile.lock(file, {
      realpath: false,
      lockfilePath: `${file}.lock`,
      stale: STALE_MS,
      update: UPDATE_MS,
      retries: 0,
      onCompromised: onLost,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') return undefined;
    throw error;
  }
}

/**
 * Remove the locks a killed gateway left in `archiveDir` (`<wave>/<file>.lock`, no longer refreshed), so none
 * stays in the shared folder when no job comes back to that archive (a finished, cancelled or failed batch). Each
 * stale lock is taken over and released by the same rule as a takeover (`STALE_MS`): a live holder's lock is
 * never touched. Run at a gateway's start and by the wave sweep; answers how many were removed.
 */
export async function clearStaleLocks(archiveDir: string): Promise<number> {
  let removed = 0;
  for (const wave of await folders(archiveDir)) {
    const folder = path.join(archiveDir, wave);
    for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
      if (!entry.isDirectory() || !entry.name.endsWith('.lock')) continue;
      const file = path.join(folder, entry.name.slice(0, -'.lock'.length));
      const release = await lockfile
        .lock(file, { realpath: false, lockfilePath: `${file}.lock`, stale: STALE_MS, retries: 0 })
        .catch(() => undefined);
      if (!release) continue;
      await release();
      removed++;
    }
  }
  return removed;
}

async function folders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}
