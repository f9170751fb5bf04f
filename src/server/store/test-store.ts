import { sql } from 'drizzle-orm';
import { createFerryStore, type FerryStore } from './ferry-store';
import { openStore } from './open-store';

export interface TestStore {
  store: FerryStore;
  /** Empty every table, so tests sharing one server start clean. */
  reset(): Promise<void>;
}

/**
 * A store for tests: PostgreSQL when `DATABASE_URL` is set (the CI pass over a real server), otherwise an
 * in-memory embedded store.
 */
export async function openTestStore(): Promise<TestStore> {
  const opened = await openStore({ databaseUrl: process.env.DATABASE_URL });
  const reset = async () => {
    await opened.db.execute(
      sql`truncate rate_samples, timeline_events, unlocks, author_drafts, recent_items, watch_snapshots, wave_batches, waves, alert_deliveries, alert_targets, write_pace, move_repositories, moves, inventories, audit_entries, audit_chain, auth_sessions restart identity`,
    );
  };
  await reset();
  return { store: createFerryStore(opened), reset };
}
