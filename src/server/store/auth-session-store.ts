import { and, eq, lt } from 'drizzle-orm';
import type { Db } from './open-store';
import { authSessions } from './schema';

/**
 * Sessions and sign-ins on their way (src/server/auth), shared by every gateway of a team. Keys are hashes of
 * the cookie values; what `data` holds is the sign-in's business.
 */
export interface AuthRow {
  key: string;
  kind: 'session' | 'login';
  data: unknown;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

export interface AuthSessionStore {
  put(row: AuthRow): Promise<void>;
  get(key: string, kind: AuthRow['kind']): Promise<AuthRow | undefined>;
  /** Read and delete in one statement: a sign-in's state is used once, whichever gateway asks first. */
  take(key: string, kind: AuthRow['kind']): Promise<AuthRow | undefined>;
  touch(key: string, lastSeenAt: number, data?: unknown): Promise<void>;
  delete(key: string): Promise<void>;
  /** Drop every row past its expiry (sessions and unfinished sign-ins). */
  sweep(now: number): Promise<number>;
}

type Row = typeof authSessions.$inferSelect;
const rowOf = (row: Row): AuthRow => ({
  key: row.key,
  kind: row.kind === 'login' ? 'login' : 'session',
  data: row.data,
  createdAt: row.createdAt.getTime(),
  lastSeenAt: row.lastSeenAt.getTime(),
  expiresAt: row.expiresAt.getTime(),
});

export function createAuthSessionStore(db: Db): AuthSessionStore {
  return {
    async put(row) {
      await db.insert(authSessions).values({
        key: row.key,
        kind: row.kind,
        data: row.data,
        createdAt: new Date(row.createdAt),
        lastSeenAt: new Date(row.lastSeenAt),
        expiresAt: new Date(row.expiresAt),
      });
    },
    async get(key, kind) {
      const [row] = await db
        .select()
        .from(authSessions)
        .where(and(eq(authSessions.key, key), eq(authSessions.kind, kind)));
      return row ? rowOf(row) : undefined;
    },
    async take(key, kind) {
      const [row] = await db
        .delete(authSessions)
        .where(and(eq(authSessions.key, key), eq(authSessions.kind, kind)))
        .returning();
      return row ? rowOf(row) : undefined;
    },
    async touch(key, lastSeenAt, data) {
      await db
        .update(authSessions)
        .set({ lastSeenAt: new Date(lastSeenAt), ...(data === undefined ? {} : { data }) })
        .where(eq(authSessions.key, key));
    },
    async delete(key) {
      await db.delete(authSessions).where(eq(authSessions.key, key));
    },
    async sweep(now) {
      const gone = await db
        .delete(authSessions)
        .where(lt(authSessions.expiresAt, new Date(now)))
        .returning({ key: authSessions.key });
      return gone.length;
    },
  };
}

/** Without a store (a gateway alone with no data folder): this process keeps them. */
export function memoryAuthSessionStore(): AuthSessionStore {
  const rows = new Map<string, AuthRow>();
  const of = (key: string, kind: AuthRow['kind']) => {
    const row = rows.get(key);
    return row && row.kind === kind ? row : undefined;
  };
  return {
    put: (row) => Promise.resolve(void rows.set(row.key, { ...row })),
    get: (key, kind) => Promise.resolve(of(key, kind)),
    take(key, kind) {
      const row = of(key, kind);
      if (row) rows.delete(key);
      return Promise.resolve(row);
    },
    touch(key, lastSeenAt, data) {
      const row = rows.get(key);
      if (row) rows.set(key, { ...row, lastSeenAt, ...(data === undefined ? {} : { data }) });
      return Promise.resolve();
    },
    delete: (key) => Promise.resolve(void rows.delete(key)),
    sweep(now) {
      let gone = 0;
      for (const [key, row] of rows) if (row.expiresAt < now && rows.delete(key)) gone++;
      return Promise.resolve(gone);
    },
  };
}
