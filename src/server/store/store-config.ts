/** Where Ferry keeps its memory: `DATABASE_URL` (PostgreSQL) or an embedded store under `DATA_DIR`. */
export interface StoreConfig {
  dataDir: string;
  databaseUrl?: string;
}

export function loadStoreConfig(env: Record<string, string | undefined>): StoreConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(?:ql)?:\/\//i.test(databaseUrl)) {
    // Never echo the value: it usually carries a password.
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL.');
  }
  return { dataDir: env.DATA_DIR?.trim() || 'data', databaseUrl };
}

/** What start-up prints: the folder, or the server without its credentials. */
export function describeStore(config: StoreConfig): string {
  if (!config.databaseUrl) return `embedded, ${config.dataDir}/pglite`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
