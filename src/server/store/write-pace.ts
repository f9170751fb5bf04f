import { sql } from 'drizzle-orm';
import type { Db } from './open-store';

/** The row that holds an account after GitHub said "wait" (beside its write row, same table). */
export const holdKeyOf = (account: string) => `hold:${account}`;

const waitOf = (result: unknown): number => {
  const [row] = (result as { rows: { wait_ms: number | string | null }[] }).rows;
  return Math.max(0, Number(row?.wait_ms ?? 0));
};

/**
 * One account's limits as every gateway of a team keeps them (table `write_pace`, the database's clock the one
 * clock): its write slot — claimed at the moment of sending, so a gateway that wakes late from its wait cannot
 * send within a second of another's write — and its hold after GitHub asked to wait (a secondary limit, a spent
 * budget), which stops every request with that account's token on every gateway until it has passed.
 */
export function createWritePace(db: Db) {
  return {
    /**
     * Claim the account's write now: 0 when taken (send at once; the next write is `spacingMs` from now), else
     * the milliseconds to wait before asking again (another write was sent less than `spacingMs` ago, or the
     * account is held).
     */
    async claim(account: string, spacingMs: number): Promise<number> {
      const spacing = Math.max(0, Math.round(spacingMs));
      const hold = holdKeyOf(account);
      const result: unknown = await db.execute(sql`
        with held as (
          select extract(epoch from (next_at - clock_timestamp())) * 1000 as ms
          from write_pace where account = ${hold} and next_at > clock_timestamp()
        ), claimed as (
          insert into write_pace as pace (account, next_at)
          select ${account}, clock_timestamp() + ${spacing} * interval '1 millisecond'
          where not exists (select 1 from held)
          on conflict (account) do update
            set next_at = clock_timestamp() + ${spacing} * interval '1 millisecond'
            where pace.next_at <= clock_timestamp()
          returning 1
        )
        select case
          when exists (select 1 from claimed) then 0
          else greatest(
            1,
            coalesce((select ms from held), 0),
            coalesce((select extract(epoch from (next_at - clock_timestamp())) * 1000
                      from write_pace where account = ${account}), 1)
          )
        end::float8 as wait_ms`);
      return waitOf(result);
    },

    /** Hold the account for `waitMs` from now (a longer hold already written stays). */
    async hold(account: string, waitMs: number): Promise<void> {
      const wait = Math.max(0, Math.min(Math.round(waitMs), 24 * 3_600_000));
      await db.execute(sql`
        insert into write_pace as pace (account, next_at)
        values (${holdKeyOf(account)}, clock_timestamp() + ${wait} * interval '1 millisecond')
        on conflict (account) do update
          set next_at = greatest(pace.next_at, clock_timestamp() + ${wait} * interval '1 millisecond')`);
    },

    /** Milliseconds the account is still held (0: requests may go). */
    async heldMs(account: string): Promise<number> {
      const result: unknown = await db.execute(sql`
        select greatest(0, extract(epoch from (next_at - clock_timestamp())) * 1000)::float8 as wait_ms
        from write_pace where account = ${holdKeyOf(account)}`);
      return waitOf(result);
    },
  };
}

export type WritePace = ReturnType<typeof createWritePace>;
