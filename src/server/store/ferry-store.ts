import { sql } from 'drizzle-orm';
import { createAuthorDrafts } from './author-drafts';
import type { Store } from './open-store';
import { createRateHistory } from './rate-history';
import { createRecent } from './recent';
import { createTimeline } from './timeline';
import { createUnlocks } from './unlocks';
import { createWatchSnapshots } from './watch-snapshots';

/** The query layer over one open store: what the gateway's routes and watcher use. */
export function createFerryStore(store: Store) {
  return {
    kind: store.kind,
    rateHistory: createRateHistory(store.db),
    timeline: createTimeline(store.db),
    unlocks: createUnlocks(store.db),
    authorDrafts: createAuthorDrafts(store.db),
    recent: createRecent(store.db),
    watchSnapshots: createWatchSnapshots(store.db),
    /**
     * The simulator was reset to its seeded world: ids start again, so what was remembered about its
     * migrations, imports and drafts describes things that no longer exist. Rate history and recent items stay.
     */
    async forgetSimulatedWorld(): Promise<void> {
      await store.db.execute(sql`truncate timeline_events, unlocks, author_drafts, watch_snapshots`);
    },
    close: () => store.close(),
  };
}

export type FerryStore = ReturnType<typeof createFerryStore>;
