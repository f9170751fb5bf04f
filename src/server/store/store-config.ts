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
  /**
   * How long making a new embedded store may take (`STORE_CREATE_TIMEOUT_MS`): PostgreSQL's initdb inside PGlite,
   * a few CPU-seconds, much longer on a busy machine. Past it start-up stops and says so.
   */
  createTimeoutMs?: number;
}

/** Well under the 15 s a start-up may take before it must have failed (node itself starts in ~1 s). */
export const DEFAULT_OPEN_TIMEOUT_MS = 10_000;
/** A first start on a slow machine takes a few seconds; this is for a creation that never ends. */
export const DEFAULT_CREATE_TIMEOUT_MS = 120_000;

/** A whole number of milliseconds from `min` to `max` in `env[name]`, or `fallback` when it is not set. */
function millisecondsOf(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  [min, max]: [number, number],
): number {
  const given = env[name]?.trim();
  const value = given ? Number(given) : fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number of milliseconds from ${min} to ${max}.`);
  }
  return value;
}

export function loadStoreConfig(env: Record<string, string | undefined>): StoreConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(?:ql)?:\/\//i.test(databaseUrl)) {
    // Never echo the value: it usually carries a password.
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL.');
  }
  const openTimeoutMs = millisecondsOf(env, 'STORE_OPEN_TIMEOUT_MS', DEFAULT_OPEN_TIMEOUT_MS, [100, 600_000]);
  const createTimeoutMs = millisecondsOf(
    env,
    'STORE_CREATE_TIMEOUT_MS',
    DEFAULT_CREATE_TIMEOUT_MS,
    [1_000, 3_600_000],
  );
  const dataDir = env.DATA_DIR?.trim() || 'data';
  const archiveDir = env.ARCHIVE_DIR?.trim() || path.join(dataDir, 'archives');
  if (archiveDir.includes('\0')) throw new Error('ARCHIVE_DIR must be a folder path.');
  return { dataDir, archiveDir, databaseUrl, openTimeoutMs, createTimeoutMs };
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
