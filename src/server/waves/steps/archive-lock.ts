import { mkdir } from 'node:fs/promises';
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
