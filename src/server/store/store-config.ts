import path from 'node:path';

/** Where Ferry keeps its memory: `DATABASE_URL` (PostgreSQL) or an embedded store under `DATA_DIR`. */
export interface StoreConfig {
  dataDir: string;
  /**
   * `ARCHIVE_DIR`: where migration waves keep their archives (default `<DATA_DIR>/archives`). A team's gateways
   * share one (a network volume): any gateway downloads, any serves.
   */
  archiveDir: string;
  databaseUrl?: string;
  /**
   * How long start-up may spend reaching the store (`STORE_OPEN_TIMEOUT_MS`): the server's answer, or the
   * embedded folder's checks and lock. Past it the gateway stops with a message instead of hanging.
   */
  openTimeoutMs: number;
}

/** Well under the 15 s a start-up may take before it must have failed (node itself starts in ~1 s). */
export const DEFAULT_OPEN_TIMEOUT_MS = 10_000;

export function loadStoreConfig(env: Record<string, string | undefined>): StoreConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(?:ql)?:\/\//i.test(databaseUrl)) {
    // Never echo the value: it usually carries a password.
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL.');
  }
  const timeout = env.STORE_OPEN_TIMEOUT_MS?.trim();
  const openTimeoutMs = timeout ? Number(timeout) : DEFAULT_OPEN_TIMEOUT_MS;
  if (!Number.isInteger(openTimeoutMs) || openTimeoutMs < 100 || openTimeoutMs > 600_000) {
    throw new Error('STORE_OPEN_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000.');
  }
  const dataDir = env.DATA_DIR?.trim() || 'data';
  const archiveDir = env.ARCHIVE_DIR?.trim() || path.join(dataDir, 'archives');
  if (archiveDir.includes('\0')) throw new Error('ARCHIVE_DIR must be a folder path.');
  return { dataDir, archiveDir, databaseUrl, openTimeoutMs };
}

/** What start-up prints: the folder, or the server without its credentials. */
export function describeStore(config: Pick<StoreConfig, 'dataDir' | 'databaseUrl'>): string {
  if (!config.databaseUrl) return `embedded, ${config.dataDir}/pglite`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
