import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { EMBEDDED_START_PARAMS } from './embedded-memory';
import { migrationsFolder } from './open-store';
import { countsOf } from './store-copy';
import { BadBackupError } from './verified-dump';

/** Open an embedded store's folder, bring it to this Ferry's schema (as a start-up would), use it, close it. */
export async function withMigratedPglite<T>(
  folder: string,
  work: (client: PGlite) => Promise<T>,
): Promise<T> {
  const client = new PGlite(folder, { startParams: [...EMBEDDED_START_PARAMS] });
  try {
    await client.waitReady;
    await migrate(drizzle({ client }), { migrationsFolder: migrationsFolder() });
    return await work(client);
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** A store unpacked from a backup opens, migrates and counts, or the backup is refused. Returns its rows. */
export async function checkUnpacked(folder: string): Promise<Record<string, number>> {
  if (!existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new BadBackupError('the backup is not usable: it holds no PG_VERSION (not a PGlite data folder)');
  }
  try {
    return await withMigratedPglite(folder, countsOf);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new BadBackupError(`the backup is not usable: PGlite cannot open what it holds (${why})`, {
      cause: error,
    });
  }
}
