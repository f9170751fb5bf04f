import { and, desc, eq, sql } from 'drizzle-orm';
import {
  ALERT_HELD_MAX,
  type AlertAttempt,
  type AlertDeliveryState,
  type AlertEvent,
} from '@/contracts/alerts';
import { createHeldDeliveries } from './alert-held';
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
    ...createHeldDeliveries(db, ALERT_HELD_MAX),

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

    /**
     * Record a delivery to be sent whether its target is paused or not ("Send a test"); false when it exists
     * already. Events go through `record`, which holds them for a paused target.
     */
    async addDelivery(id: string, targetId: string, event: AlertEvent): Promise<boolean> {
      const rows = await db
        .insert(alertDeliveries)
        .values({ id, targetId, event, state: 'pending', attempts: [] })
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
