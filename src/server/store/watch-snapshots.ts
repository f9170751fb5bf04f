import { eq } from 'drizzle-orm';
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

export function createWatchSnapshots(db: Db) {
  return {
    async put(snapshot: WatchSnapshot): Promise<void> {
      const { path, ...rest } = snapshot;
      await db
        .insert(watchSnapshots)
        .values({ path, ...rest })
        .onConflictDoUpdate({ target: watchSnapshots.path, set: rest });
    },
    async all(): Promise<WatchSnapshot[]> {
      return db.select().from(watchSnapshots);
    },
    async remove(path: string): Promise<void> {
      await db.delete(watchSnapshots).where(eq(watchSnapshots.path, path));
    },
  };
}

export type WatchSnapshots = ReturnType<typeof createWatchSnapshots>;
