import { and, asc, eq } from 'drizzle-orm';
import type { Db } from './open-store';
import { unlocks } from './schema';

export interface UnlockRecord {
  owner: string;
  migrationId: number;
  repoName: string;
  at: Date;
  actor: string;
}

export function createUnlocks(db: Db) {
  return {
    /** Recording twice keeps the first time: an unlock is a fact, not a counter. */
    async record(unlock: UnlockRecord): Promise<void> {
      await db.insert(unlocks).values(unlock).onConflictDoNothing();
    },

    async forMigration(owner: string, migrationId: number): Promise<UnlockRecord[]> {
      return db
        .select()
        .from(unlocks)
        .where(and(eq(unlocks.owner, owner), eq(unlocks.migrationId, migrationId)))
        .orderBy(asc(unlocks.at));
    },
  };
}

export type Unlocks = ReturnType<typeof createUnlocks>;
