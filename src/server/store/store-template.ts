import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, cp, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Tests make dozens of embedded stores, each a new folder. With `FERRY_STORE_TEMPLATE_DIR` set,
 * the first of them leaves what PostgreSQL's initdb made in that folder and each later one copies it: about
 * 0.1 CPU-s against 3–6 for an initdb in a child process (measured on the 2-core machine). A copy is the same
 * empty cluster; only PostgreSQL's system identifier is shared, which nothing in Ferry reads. Unset in
 * production: a gateway makes its folder once in its life.
 */
export const STORE_TEMPLATE_ENV = 'FERRY_STORE_TEMPLATE_DIR';

/**
 * Fill `folder` from `template`, making the template first with `make` when it is not there. Several
 * processes may start at once: each makes its own candidate and renames it into place, and the ones that lose
 * the race drop theirs. PG_VERSION is copied last, so an interrupted copy is not taken for a store.
 */
export async function copyFromTemplate(
  folder: string,
  template: string,
  make: (folder: string) => Promise<void>,
): Promise<void> {
  const root = path.resolve(template);
  const version = path.join(root, 'PG_VERSION');
  if (!existsSync(version)) {
    const candidate = `${root}.making-${process.pid}-${randomUUID()}`;
    try {
      await make(candidate);
      await rename(candidate, root).catch((error: unknown) => {
        if (!existsSync(version)) throw error;
      });
    } finally {
      await rm(candidate, { recursive: true, force: true });
    }
  }
  await cp(root, folder, { recursive: true, filter: (source) => source !== version });
  await copyFile(version, path.join(folder, 'PG_VERSION'));
}
