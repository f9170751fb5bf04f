import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AlertAttempt, AlertDeliveryState, AlertEvent } from '@/contracts/alerts';
import type { Db } from './open-store';
import { alertDeliveries, alertTargets } from './schema';

export type StoredTarget = typeof alertTargets.$inferSelect;
export type StoredDelivery = Omit<typeof alertDeliveries.$inferSelect, 'event' | 'state'> & {
  event: AlertEvent;
  state: AlertDeliveryState;
};

/** Alert targets and their deliveries (src/server/alerts). */
export function createAlertStore(db: Db) {
  return {
    targets: (): Promise<StoredTarget[]> => db.select().from(alertTargets).orderBy(alertTargets.createdAt),

    async target(id: string): Promise<StoredTarget | undefined> {
      const [row] = await db.select().from(alertTargets).where(eq(alertTargets.id, id));
      return row;
    },

    async addTarget(target: typeof alertTargets.$inferInsert): Promise<StoredTarget> {
      const [row] = await db.insert(alertTargets).values(target).returning();
      return row!;
    },

    async removeTarget(id: string): Promise<boolean> {
      return (await db.delete(alertTargets).where(eq(alertTargets.id, id)).returning()).length > 0;
    },

    async resume(id: string): Promise<boolean> {
      const rows = await db
        .update(alertTargets)
        .set({ paused: false, pausedReason: null, failures: 0 })
        .where(eq(alertTargets.id, id))
        .returning();
      return rows.length > 0;
    },

    /** A delivery failed for good: count it, and pause the target after `pauseAfter` in a row. */
    async failedFor(id: string, pauseAfter: number, reason: string): Promise<void> {
      await db
        .update(alertTargets)
        .set({
          failures: sql`${alertTargets.failures} + 1`,
          paused: sql`${alertTargets.failures} + 1 >= ${pauseAfter}`,
          pausedReason: sql`case when ${alertTargets.failures} + 1 >= ${pauseAfter} then ${reason} else ${alertTargets.pausedReason} end`,
        })
        .where(eq(alertTargets.id, id));
    },

    async deliveredFor(id: string): Promise<void> {
      await db.update(alertTargets).set({ failures: 0 }).where(eq(alertTargets.id, id));
    },

    /** Record a delivery before it is sent; false when it exists already (the same event, emitted again). */
    async addDelivery(
      id: string,
      targetId: string,
      event: AlertEvent,
      state: 'pending' | 'held' = 'pending',
    ): Promise<boolean> {
      const rows = await db
        .insert(alertDeliveries)
        .values({ id, targetId, event, state, attempts: [] })
        .onConflictDoNothing()
        .returning({ id: alertDeliveries.id });
      return rows.length > 0;
    },

    async delivery(id: string): Promise<StoredDelivery | undefined> {
      const [row] = await db.select().from(alertDeliveries).where(eq(alertDeliveries.id, id));
      return row as StoredDelivery | undefined;
    },

    /** Append an attempt and set the state (`pending` while retries remain). */
    async attempted(id: string, attempt: AlertAttempt, state: AlertDeliveryState): Promise<void> {
      await db
        .update(alertDeliveries)
        .set({
          state,
          attempts: sql`${alertDeliveries.attempts} || ${JSON.stringify([attempt])}::jsonb`,
        })
        .where(and(eq(alertDeliveries.id, id), eq(alertDeliveries.state, 'pending')));
    },

    /** How many events a paused target holds. */
    async heldCount(targetId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(alertDeliveries)
        .where(and(eq(alertDeliveries.targetId, targetId), eq(alertDeliveries.state, 'held')));
      return row?.n ?? 0;
    },

    /** Resumed: what was held is pending again; its ids, to be sent. */
    async releaseHeld(targetId: string): Promise<string[]> {
      const rows = await db
        .update(alertDeliveries)
        .set({ state: 'pending' })
        .where(and(eq(alertDeliveries.targetId, targetId), eq(alertDeliveries.state, 'held')))
        .returning({ id: alertDeliveries.id });
      return rows.map((row) => row.id);
    },

    async deliveries(targetId: string, limit: number): Promise<StoredDelivery[]> {
      const rows = await db
        .select()
        .from(alertDeliveries)
        .where(eq(alertDeliveries.targetId, targetId))
        .orderBy(desc(alertDeliveries.createdAt))
        .limit(limit);
      return rows as StoredDelivery[];
    },
  };
}

export type AlertStore = ReturnType<typeof createAlertStore>;
