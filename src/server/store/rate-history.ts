import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from './open-store';
import { rateSamples } from './schema';

export interface RateReading {
  at: Date;
  resource: string;
  limit: number;
  remaining: number;
  used: number;
  reset: Date;
  source: 'header' | 'poll';
  /** The configured GitHub credential it is of (`default` when not said). */
  credential?: string;
}

export const HISTORY_KEEP_MS = 30 * 24 * 3_600_000;
/** Older than this, readings are thinned to one per resource and bucket. */
export const FULL_DETAIL_MS = 24 * 3_600_000;
export const DOWNSAMPLE_BUCKET_S = 300;

export function createRateHistory(db: Db) {
  return {
    /** One transaction: either every reading of a batch is kept or none. */
    async record(readings: readonly RateReading[]): Promise<void> {
      if (readings.length === 0) return;
      await db
        .insert(rateSamples)
        .values(readings.map((reading) => ({ ...reading, credential: reading.credential ?? 'default' })));
    },

    /**
     * Readings since a time, oldest first. With `stepSeconds`, the newest reading of each resource per step
     * only: a chart of a day needs a point every few minutes, not every reading.
     */
    async read(
      since: Date,
      resource?: string,
      stepSeconds?: number,
      credential?: string,
    ): Promise<RateReading[]> {
      if (stepSeconds && stepSeconds >= 1) return readStepped(db, since, resource, stepSeconds, credential);
      const where = and(
        gte(rateSamples.at, since),
        resource ? eq(rateSamples.resource, resource) : undefined,
        credential ? eq(rateSamples.credential, credential) : undefined,
      );
      const rows = await db
        .select({
          at: rateSamples.at,
          resource: rateSamples.resource,
          limit: rateSamples.limit,
          remaining: rateSamples.remaining,
          used: rateSamples.used,
          reset: rateSamples.reset,
          source: rateSamples.source,
          credential: rateSamples.credential,
        })
        .from(rateSamples)
        .where(where)
        .orderBy(asc(rateSamples.at), asc(rateSamples.id));
      return rows.map((row) => ({ ...row, source: row.source === 'poll' ? 'poll' : 'header' }));
    },

    /** Forget readings older than 30 days; keep one per resource and 5 minutes past the first day. */
    async compact(now: Date): Promise<{ deleted: number }> {
      const expired = new Date(now.getTime() - HISTORY_KEEP_MS);
      const detailed = new Date(now.getTime() - FULL_DETAIL_MS);
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(rateSamples)
          .where(lt(rateSamples.at, expired))
          .returning({ id: rateSamples.id });
        const thinned = await tx.execute<{ id: number }>(sql`
          delete from ${rateSamples} where ${rateSamples.id} in (
            select id from (
              select id, row_number() over (
                partition by credential, resource, floor(extract(epoch from at) / ${DOWNSAMPLE_BUCKET_S})
                order by at desc, id desc
              ) as rank
              from ${rateSamples}
              where at < ${detailed} and not downsampled
            ) ranked where rank > 1
          ) returning ${rateSamples.id}`);
        await tx
          .update(rateSamples)
          .set({ downsampled: true })
          .where(and(lt(rateSamples.at, detailed), eq(rateSamples.downsampled, false)));
        return { deleted: gone.length + rowsOf(thinned).length };
      });
    },
  };
}

export type RateHistory = ReturnType<typeof createRateHistory>;

async function readStepped(
  db: Db,
  since: Date,
  resource: string | undefined,
  step: number,
  credential: string | undefined,
): Promise<RateReading[]> {
  // DISTINCT ON must repeat ORDER BY's expression exactly, so the step is written in, not bound twice.
  const bucket = sql.raw(`floor(extract(epoch from at) / ${Math.max(1, Math.floor(step))})`);
  const result = await db.execute(sql`
    select * from (
      select distinct on (credential, resource, ${bucket})
        at, resource, "limit", remaining, used, reset, source, credential
      from ${rateSamples}
      where at >= ${since} ${resource ? sql`and resource = ${resource}` : sql``}
        ${credential ? sql`and credential = ${credential}` : sql``}
      order by credential, resource, ${bucket}, at desc, id desc
    ) stepped order by at, credential, resource`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    at: new Date(row.at as string | Date),
    resource: String(row.resource),
    limit: Number(row.limit),
    remaining: Number(row.remaining),
    used: Number(row.used),
    reset: new Date(row.reset as string | Date),
    source: row.source === 'poll' ? 'poll' : 'header',
    credential: String(row.credential),
  }));
}

/** PGlite and node-postgres shape `execute` results alike (`rows`). */
function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: T[] }).rows;
  return Array.isArray(rows) ? rows : [];
}
