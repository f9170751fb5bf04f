import { sql } from 'drizzle-orm';
import type { Db } from './open-store';

/**
 * One account's write slots, shared by every gateway of a team (table `write_pace`): each write reserves the
 * next slot in one statement — at least `spacingMs` after the previous one, whichever gateway took it — and
 * learns how long to wait for it. The database's clock is the one clock, so gateways' clocks may differ.
 */
export function createWritePace(db: Db) {
  return {
    /** Reserve the account's next write slot: the milliseconds to wait before sending. */
    async reserve(account: string, spacingMs: number): Promise<number> {
      const spacing = Math.max(0, Math.round(spacingMs));
      const result: unknown = await db.execute(sql`
        insert into write_pace (account, next_at)
        values (${account}, clock_timestamp() + ${spacing} * interval '1 millisecond')
        on conflict (account) do update
          set next_at = greatest(write_pace.next_at, clock_timestamp()) + ${spacing} * interval '1 millisecond'
        returning greatest(0, extract(epoch from (next_at - clock_timestamp())) * 1000 - ${spacing})::float8 as wait_ms`);
      const [row] = (result as { rows: { wait_ms: number | string }[] }).rows;
      return Math.max(0, Number(row?.wait_ms ?? 0));
    },
  };
}

export type WritePace = ReturnType<typeof createWritePace>;
