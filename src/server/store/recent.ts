import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Db } from './open-store';
import { recentItems } from './schema';

export type RecentKind = 'org' | 'import' | 'tld';
export interface RecentItem {
  kind: RecentKind;
  key: string;
  openedAt: Date;
}

/** How many of each kind are remembered. */
export const RECENT_KEEP = 20;

export function createRecent(db: Db) {
  return {
    async touch(kind: RecentKind, key: string, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(recentItems)
          .values({ kind, key, openedAt: at })
          .onConflictDoUpdate({ target: [recentItems.kind, recentItems.key], set: { openedAt: at } });
        const kept = await tx
          .select({ key: recentItems.key })
          .from(recentItems)
          .where(eq(recentItems.kind, kind))
          .orderBy(desc(recentItems.openedAt))
          .limit(RECENT_KEEP);
        await tx.delete(recentItems).where(
          and(
            eq(recentItems.kind, kind),
            notInArray(
              recentItems.key,
              kept.map((row) => row.key),
            ),
          ),
        );
      });
    },

    async list(kind?: RecentKind): Promise<RecentItem[]> {
      const rows = await db
        .select()
        .from(recentItems)
        .where(kind ? eq(recentItems.kind, kind) : undefined)
        .orderBy(desc(recentItems.openedAt));
      return rows.map((row) => ({ ...row, kind: row.kind as RecentKind }));
    },
  };
}

export type Recent = ReturnType<typeof createRecent>;
