import { sql } from 'drizzle-orm';
import { createFerryStore } from './ferry-store';
import type { Store } from './open-store';

/** A store with something in every table a person would miss, and all of it read back (tests only). */

const T0 = new Date('2026-11-20T12:00:00Z');

/** Something in every table a person would miss: history, a timeline, an unlock, drafts, recent items. */
export async function fill(opened: Store): Promise<void> {
  const store = createFerryStore(opened);
  await store.rateHistory.record([
    { at: T0, resource: 'core', limit: 5000, remaining: 4990, used: 10, reset: T0, source: 'poll' },
    { at: T0, resource: 'search', limit: 30, remaining: 29, used: 1, reset: T0, source: 'header' },
  ]);
  await store.timeline.record({
    at: T0,
    kind: 'migration',
    subject: 'org/octo-org/migration/7',
    state: 'exported',
    actor: 'watcher',
    detail: { repositories: 2 },
  });
  await store.unlocks.record({
    owner: 'org/octo-org',
    migrationId: 7,
    repoName: 'a',
    at: T0,
    actor: 'octocat',
  });
  await store.authorDrafts.save(
    'octocat/hello',
    [
      { authorId: 7, name: 'Mona', email: 'mona@example.com', baseVersion: 0 },
      { authorId: 8, name: 'Hubot', email: 'hubot@example.com', baseVersion: 0 },
    ],
    'browser-one',
    T0,
  );
  await store.recent.touch('org', 'octo-org', T0);
}

/** Rows of a query, on either kind (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<T>(opened: Store, query: ReturnType<typeof sql.raw>): Promise<T[]> {
  const result: unknown = await opened.db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Every row of every table of Ferry's schema (and the migrations applied), in a stable order. */
export async function everything(opened: Store): Promise<Record<string, unknown[]>> {
  const tables = await rowsOf<{ tablename: string }>(
    opened,
    sql.raw(`select tablename from pg_tables where schemaname = 'public' order by 1`),
  );
  const all: Record<string, unknown[]> = {};
  for (const { tablename } of tables) {
    all[tablename] = await rowsOf(opened, sql.raw(`select * from "${tablename}" order by 1`));
  }
  all['drizzle.__drizzle_migrations'] = await rowsOf(
    opened,
    sql.raw('select hash, created_at from drizzle.__drizzle_migrations order by id'),
  );
  return all;
}

/**
 * `everything` of either kind in one form: node-postgres gives bigint columns as strings, PGlite as numbers.
 * (A text column of digits is read as a number on both sides alike.)
 */
export function comparable(all: Record<string, unknown[]>): unknown {
  return JSON.parse(JSON.stringify(all), (_key, value: unknown) =>
    typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value,
  );
}
