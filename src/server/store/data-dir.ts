import { randomBytes } from 'node:crypto';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { withDeadline } from './deadline';

/** `DATA_DIR` cannot hold Ferry's files: the message says which folder, what failed, and what to do. */
export class DataDirError extends Error {
  constructor(dir: string, what: string) {
    super(
      `DATA_DIR ${dir} cannot be used: ${what}. Set DATA_DIR to a folder Ferry can create and write (default ./data).`,
    );
    this.name = 'DataDirError';
  }
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Create `dir` one level at a time. Node 20's `mkdir(…, { recursive: true })` never returns under a
 * pseudo file system such as /proc (the kernel answers ENOENT for a folder whose parent exists, and Node
 * retries forever), which is how `DATA_DIR=/proc/…` used to hang start-up without a word.
 */
async function makeFolders(dir: string): Promise<void> {
  const missing: string[] = [];
  let current = dir;
  for (;;) {
    try {
      if (!(await stat(current)).isDirectory()) throw new DataDirError(dir, `${current} is not a folder`);
      break;
    } catch (error) {
      if (error instanceof DataDirError) throw error;
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw new DataDirError(dir, `${current} cannot be read (${reason(error)})`);
      }
      const parent = path.dirname(current);
      if (parent === current) throw new DataDirError(dir, 'its root does not exist');
      missing.unshift(current);
      current = parent;
    }
  }
  for (const folder of missing) {
    try {
      await mkdir(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw new DataDirError(dir, `${folder} cannot be created (${reason(error)})`);
    }
  }
}

/** A file is written, synced and removed: a folder that takes writes and keeps them. */
async function probeWrite(dir: string): Promise<void> {
  const probe = path.join(dir, `.ferry-probe-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    const handle = await open(probe, 'wx');
    try {
      await handle.writeFile('ferry');
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new DataDirError(dir, `a file cannot be written in it (${reason(error)})`);
  } finally {
    await rm(probe, { force: true }).catch(() => undefined);
  }
}

/**
 * Make sure `DATA_DIR` exists and takes writes, within `timeoutMs`: an unusable folder (under /proc, read-only,
 * a file, a hung network mount) stops start-up with a message instead of hanging or failing deep inside the
 * store. Returns the absolute folder.
 */
export async function prepareDataDir(dataDir: string, timeoutMs: number): Promise<string> {
  const dir = path.resolve(dataDir);
  await withDeadline(
    (async () => {
      await makeFolders(dir);
      await probeWrite(dir);
    })(),
    timeoutMs,
    () => new DataDirError(dir, `it did not answer within ${timeoutMs / 1000} s`),
  );
  return dir;
}
