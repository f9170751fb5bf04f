import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AlertEvent, AlertResumeChoice } from '@/contracts/alerts';
import type { Db } from './open-store';
import { alertDeliveries, alertTargets } from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The events a paused target holds for its Resume. Every change here reads the target's row locked
 * (`FOR UPDATE`): a hold and a Resume on the same target take turns, whichever gateways make them, so an event
 * is either held before the Resume (and released by it) or sent after it — never held after its target was
 * resumed, where nothing would ever send it.
 */
export function createHeldDeliveries(db: Db, max: number) {
  const pausedNow = async (tx: Tx, targetId: string) => {
    const [row] = await tx
      .select({ paused: alertTargets.paused })
      .from(alertTargets)
      .where(eq(alertTargets.id, targetId))
      .for('update');
    return row?.paused;
  };

  /** Keep the newest `max` held; the older are dropped and counted on the target. */
  const dropOldest = async (tx: Tx, targetId: string) => {
    const older = tx
      .select({ id: alertDeliveries.id })
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.targetId, targetId), eq(alertDeliveries.state, 'held')))
      .orderBy(desc(alertDeliveries.createdAt), desc(alertDeliveries.id))
      .offset(max);
    const dropped = await tx
      .update(alertDeliveries)
      .set({ state: 'dropped' })
      .where(inArray(alertDeliveries.id, older))
      .returning({ id: alertDeliveries.id });
    if (dropped.length > 0)
      await tx
        .update(alertTargets)
        .set({ heldDropped: sql`${alertTargets.heldDropped} + ${dropped.length}` })
        .where(eq(alertTargets.id, targetId));
  };

  return {
    /**
     * Record a delivery of `event` to `targetId`: `pending` (to be sent now) or, while the target is paused,
     * `held`. Undefined when it was recorded already (the same happening, emitted again) or the target is gone.
     */
    record(id: string, targetId: string, event: AlertEvent): Promise<'pending' | 'held' | undefined> {
      return db.transaction(async (tx) => {
        const paused = await pausedNow(tx, targetId);
        if (paused === undefined) return undefined;
        const state = paused ? 'held' : 'pending';
        const added = await tx
          .insert(alertDeliveries)
          .values({ id, targetId, event, state, attempts: [] })
          .onConflictDoNothing()
          .returning({ id: alertDeliveries.id });
        if (added.length === 0) return undefined;
        if (paused) await dropOldest(tx, targetId);
        return state;
      });
    },

    /** A pending delivery about to be sent to a target paused meanwhile: held instead (true) if it still is. */
    holdIfPaused(id: string, targetId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await pausedNow(tx, targetId))) return false;
        const held = await tx
          .update(alertDeliveries)
          .set({ state: 'held' })
          .where(and(eq(alertDeliveries.id, id), eq(alertDeliveries.state, 'pending')))
          .returning({ id: alertDeliveries.id });
        if (held.length > 0) await dropOldest(tx, targetId);
        return true;
      });
    },

    /**
     * Resume the target: what it held becomes pending (`send`, its ids returned oldest first, to be sent in that
     * order) or `discarded`. Undefined when there is no such target.
     */
    resume(
      targetId: string,
      choice: AlertResumeChoice,
    ): Promise<{ released: string[]; discarded: number } | undefined> {
      return db.transaction(async (tx) => {
        if ((await pausedNow(tx, targetId)) === undefined) return undefined;
        await tx
          .update(alertTargets)
          .set({ paused: false, pausedReason: null, failures: 0, heldDropped: 0 })
          .where(eq(alertTargets.id, targetId));
        const changed = await tx
          .update(alertDeliveries)
          .set({ state: choice === 'send' ? 'pending' : 'discarded' })
          .where(and(eq(alertDeliveries.targetId, targetId), eq(alertDeliveries.state, 'held')))
          .returning({ id: alertDeliveries.id, createdAt: alertDeliveries.createdAt });
        changed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
        return choice === 'send'
          ? { released: changed.map((row) => row.id), discarded: 0 }
          : { released: [], discarded: changed.length };
      });
    },

    /** How many events a paused target holds. */
    async heldCount(targetId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(alertDeliveries)
        .where(and(eq(alertDeliveries.targetId, targetId), eq(alertDeliveries.state, 'held')));
      return row?.n ?? 0;
    },
  };
}
