import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from './open-store';
import { watchSnapshots } from './schema';

export interface WatchSnapshot {
  path: string;
  kind: string;
  state: string;
  etag: string | null;
  body: unknown;
  seenAt: Date;
  terminal: boolean;
}

/** A snapshot as a gateway of the team finds it: `held` when some gateway's lease on it runs now. */
export interface StoredWatch extends WatchSnapshot {
  held: boolean;
}

/** The state of a row written by a first ask that has no answer yet (never served, never resumed). */
export const ASKING = 'asking';

/**
 * Who polls a watched resource for the team: a lease on its row (`poller`, `lease_until`, on the database's
 * clock so gateways' clocks do not matter). The holder polls and writes the snapshot; every other gateway reads
 * it. A lease that runs out (its gateway died or stopped following) is taken by the next gateway that wants it.
 */
export function createWatchSnapshots(db: Db) {
  const leaseFree = (holder: string) =>
    or(
      eq(watchSnapshots.poller, holder),
      sql`${watchSnapshots.leaseUntil} is null`,
      sql`${watchSnapshots.leaseUntil} < now()`,
    );
  const leaseFor = (ms: number) => sql`now() + make_interval(secs => ${Math.ceil(ms) / 1_000})`;

  return {
    async put(snapshot: WatchSnapshot): Promise<void> {
      const { path, ...rest } = snapshot;
      await db
        .insert(watchSnapshots)
        .values({ path, ...rest })
        .onConflictDoUpdate({ target: watchSnapshots.path, set: rest });
    },

    /** Answered snapshots (a first ask still waiting for its answer is left out). */
    async all(): Promise<WatchSnapshot[]> {
      return db.select().from(watchSnapshots).where(ne(watchSnapshots.state, ASKING));
    },

    async get(path: string): Promise<StoredWatch | undefined> {
      const [row] = await db
        .select({
          path: watchSnapshots.path,
          kind: watchSnapshots.kind,
          state: watchSnapshots.state,
          etag: watchSnapshots.etag,
          body: watchSnapshots.body,
          seenAt: watchSnapshots.seenAt,
          terminal: watchSnapshots.terminal,
          held: sql<boolean>`coalesce(${watchSnapshots.leaseUntil} > now(), false)`,
        })
        .from(watchSnapshots)
        .where(eq(watchSnapshots.path, path));
      return row;
    },

    /** Take or keep the lease to poll `path` for `ms`: `held` (poll it), `other` (read it) or `missing`. */
    async claim(path: string, holder: string, ms: number): Promise<'held' | 'other' | 'missing'> {
      const taken = await db
        .update(watchSnapshots)
        .set({ poller: holder, leaseUntil: leaseFor(ms) })
        .where(and(eq(watchSnapshots.path, path), leaseFree(holder)))
        .returning({ path: watchSnapshots.path });
      if (taken.length > 0) return 'held';
      const [row] = await db
        .select({ path: watchSnapshots.path })
        .from(watchSnapshots)
        .where(eq(watchSnapshots.path, path));
      return row ? 'other' : 'missing';
    },

    /**
     * The first ask for `path` across the team: true when this gateway is to ask the upstream (its row, state
     * `asking`, is written with the lease); false when another gateway asks or polls it now.
     */
    async claimFirst(path: string, kind: string, holder: string, ms: number): Promise<boolean> {
      const taken = await db
        .insert(watchSnapshots)
        .values({
          path,
          kind,
          state: ASKING,
          etag: null,
          body: {},
          seenAt: new Date(0),
          terminal: false,
          poller: holder,
          leaseUntil: leaseFor(ms),
        })
        .onConflictDoUpdate({
          target: watchSnapshots.path,
          set: { poller: holder, leaseUntil: leaseFor(ms) },
          setWhere: leaseFree(holder),
        })
        .returning({ path: watchSnapshots.path });
      return taken.length > 0;
    },

    /** Give up the lease (terminal, nobody asking, stopping): the next gateway that wants it takes it at once. */
    async release(path: string, holder: string): Promise<void> {
      await db
        .update(watchSnapshots)
        .set({ leaseUntil: null })
        .where(and(eq(watchSnapshots.path, path), eq(watchSnapshots.poller, holder)));
    },

    /** Give up every lease of `holder`, or every lease at all (the embedded store's only process starting). */
    async releaseAll(holder?: string): Promise<void> {
      await db
        .update(watchSnapshots)
        .set({ leaseUntil: null })
        .where(holder === undefined ? undefined : eq(watchSnapshots.poller, holder));
    },

    async remove(path: string): Promise<void> {
      await db.delete(watchSnapshots).where(eq(watchSnapshots.path, path));
    },

    /** Drop a first ask that got no answer, so gateways waiting for it ask themselves. */
    async removeAsking(path: string): Promise<void> {
      await db
        .delete(watchSnapshots)
        .where(and(eq(watchSnapshots.path, path), eq(watchSnapshots.state, ASKING)));
    },
  };
}

export type WatchSnapshots = ReturnType<typeof createWatchSnapshots>;
