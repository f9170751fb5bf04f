import { sql } from 'drizzle-orm';
import { createAlertStore } from './alerts';
import { createAuditStore } from './audit-store';
import { createAuthorDrafts } from './author-drafts';
import { createAuthSessionStore } from './auth-session-store';
import { createInventoryStore } from './inventory-store';
import { createMoveStore } from './move-store';
import type { Store } from './open-store';
import { createRateHistory } from './rate-history';
import { createRecent } from './recent';
import { createTimeline } from './timeline';
import { withoutParameters } from './query-errors';
import { createUnlocks } from './unlocks';
import { createWatchSnapshots } from './watch-snapshots';
import { createWaveStore } from './wave-store';
import { createWritePace } from './write-pace';

/** The query layer over one open store: what the gateway's routes and watcher use. */
export function createFerryStore(store: Store) {
  return {
    kind: store.kind,
    /** Plain SQL for the job engine (src/server/jobs). */
    executeSql: store.executeSql,
    /** One holder at a time across the team (the job engine's set-up). */
    exclusive: store.exclusive,
    /** Notices of due jobs, so idle workers need not ask (the job engine). */
    listen: store.listen,
    rateHistory: withoutParameters(createRateHistory(store.db)),
    timeline: withoutParameters(createTimeline(store.db)),
    unlocks: withoutParameters(createUnlocks(store.db)),
    authorDrafts: withoutParameters(createAuthorDrafts(store.db)),
    recent: withoutParameters(createRecent(store.db)),
    watchSnapshots: withoutParameters(createWatchSnapshots(store.db)),
    waves: withoutParameters(createWaveStore(store.db)),
    moves: withoutParameters(createMoveStore(store.db)),
    inventories: withoutParameters(createInventoryStore(store.db)),
    authSessions: withoutParameters(createAuthSessionStore(store.db)),
    alerts: withoutParameters(createAlertStore(store.db)),
    writePace: withoutParameters(createWritePace(store.db)),
    /** Every write through the gateway, in a hash chain (issue 51): never forgotten by a simulator reset. */
    auditLog: withoutParameters(createAuditStore(store.db)),
    /**
     * The simulator was reset to its seeded world: its ids and its clock start again, so what was remembered
     * of the old world describes things that no longer exist. Only the simulated areas are forgotten: with
     * GitHub live and the registrar simulated, a reset forgets recent TLDs and nothing of the live GitHub.
     * Waves are left to their runner.
     */
    async forgetSimulatedWorld(areas: {
      github: boolean;
      target?: boolean;
      registrar: boolean;
    }): Promise<void> {
      await store.db.transaction(async (tx) => {
        // A new world's accounts have no limit in force: what GitHub asked the old one's to wait is dropped.
        if (areas.github)
          await tx.execute(
            sql`delete from write_pace where account like 'hold:%' and account not like 'hold:target:%'`,
          );
        if (areas.target) await tx.execute(sql`delete from write_pace where account like 'hold:target:%'`);
        if (areas.github) {
          await tx.execute(
            sql`truncate timeline_events, unlocks, author_drafts, watch_snapshots, rate_samples, wave_batches, waves, move_repositories, moves, inventories`,
          );
          await tx.execute(sql`delete from recent_items where kind in ('org', 'import')`);
        }
        if (areas.registrar) await tx.execute(sql`delete from recent_items where kind = 'tld'`);
      });
    },
    close: () => store.close(),
  };
}

export type FerryStore = ReturnType<typeof createFerryStore>;
