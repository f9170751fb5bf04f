import { sql } from 'drizzle-orm';
import { createAlertStore } from './alerts';
import { createAuthorDrafts } from './author-drafts';
import type { Store } from './open-store';
import { createRateHistory } from './rate-history';
import { createRecent } from './recent';
import { createTimeline } from './timeline';
import { withoutParameters } from './query-errors';
import { createUnlocks } from './unlocks';
import { createWatchSnapshots } from './watch-snapshots';
import { createWaveStore } from './wave-store';

/** The query layer over one open store: what the gateway's routes and watcher use. */
export function createFerryStore(store: Store) {
  return {
    kind: store.kind,
    /** Plain SQL for the job engine (src/server/jobs). */
    executeSql: store.executeSql,
    rateHistory: withoutParameters(createRateHistory(store.db)),
    timeline: withoutParameters(createTimeline(store.db)),
    unlocks: withoutParameters(createUnlocks(store.db)),
    authorDrafts: withoutParameters(createAuthorDrafts(store.db)),
    recent: withoutParameters(createRecent(store.db)),
    watchSnapshots: withoutParameters(createWatchSnapshots(store.db)),
    waves: withoutParameters(createWaveStore(store.db)),
    alerts: withoutParameters(createAlertStore(store.db)),
    /**
     * The simulator was reset to its seeded world: its ids and its clock start again, so what was remembered
     * of the old world (timelines, unlocks, drafts, snapshots, rate readings, recent items) describes things
     * that no longer exist. Waves are left to their runner.
     */
    async forgetSimulatedWorld(): Promise<void> {
      await store.db.execute(
        sql`truncate timeline_events, unlocks, author_drafts, watch_snapshots, rate_samples, recent_items, wave_batches, waves`,
      );
    },
    close: () => store.close(),
  };
}

export type FerryStore = ReturnType<typeof createFerryStore>;
