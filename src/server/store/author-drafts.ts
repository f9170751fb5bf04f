import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './open-store';
import { authorDrafts } from './schema';

export interface AuthorDraft {
  authorId: number;
  name: string;
  email: string;
  /** Grows by one with every save of this author; a save names the version it started from. */
  version: number;
  updatedAt: Date;
  updatedBy: string;
}

export interface DraftSave {
  authorId: number;
  name: string;
  email: string;
  /** The version the editor started from; 0 for an author without a draft. */
  baseVersion: number;
}

export interface DraftSaveResult {
  draft: AuthorDraft;
  /** Set when the save replaced someone else's newer draft: the later save wins, and says so. */
  overwrote?: { updatedBy: string; updatedAt: Date; name: string; email: string };
}

export function createAuthorDrafts(db: Db) {
  return {
    async list(importKey: string): Promise<AuthorDraft[]> {
      return db
        .select({
          authorId: authorDrafts.authorId,
          name: authorDrafts.name,
          email: authorDrafts.email,
          version: authorDrafts.version,
          updatedAt: authorDrafts.updatedAt,
          updatedBy: authorDrafts.updatedBy,
        })
        .from(authorDrafts)
        .where(eq(authorDrafts.importKey, importKey))
        .orderBy(asc(authorDrafts.authorId));
    },

    /**
     * Saves several drafts in one transaction; each reports whom it overwrote, if anyone. Two statements
     * whatever the count (rows locked, then one upsert), so a mapping of 100,000 authors saves in ~100
     * requests of 1,000 without 200,000 round trips. Within one request the last save of an author wins.
     */
    async save(
      importKey: string,
      saves: readonly DraftSave[],
      by: string,
      at: Date,
    ): Promise<DraftSaveResult[]> {
      const unique = [...new Map(saves.map((save) => [save.authorId, save])).values()];
      if (unique.length === 0) return [];
      return db.transaction(async (tx) => {
        const ids = unique.map((save) => save.authorId);
        const before = await tx
          .select()
          .from(authorDrafts)
          .where(and(eq(authorDrafts.importKey, importKey), inArray(authorDrafts.authorId, ids)))
          .for('update');
        const rows = await tx
          .insert(authorDrafts)
          .values(
            unique.map((save) => ({
              importKey,
              authorId: save.authorId,
              name: save.name,
              email: save.email,
              version: 1,
              updatedAt: at,
              updatedBy: by,
            })),
          )
          .onConflictDoUpdate({
            target: [authorDrafts.importKey, authorDrafts.authorId],
            set: {
              name: sql`excluded.name`,
              email: sql`excluded.email`,
              version: sql`${authorDrafts.version} + 1`,
              updatedAt: at,
              updatedBy: by,
            },
          })
          .returning();
        const previous = new Map(before.map((row) => [row.authorId, row]));
        const saved = new Map(rows.map((row) => [row.authorId, row]));
        return unique.map((save): DraftSaveResult => {
          const row = saved.get(save.authorId)!;
          const prior = previous.get(save.authorId);
          const overwritten = prior && prior.version > save.baseVersion && prior.updatedBy !== by;
          return {
            draft: {
              authorId: row.authorId,
              name: row.name,
              email: row.email,
              version: row.version,
              updatedAt: row.updatedAt,
              updatedBy: row.updatedBy,
            },
            ...(overwritten
              ? {
                  overwrote: {
                    updatedBy: prior.updatedBy,
                    updatedAt: prior.updatedAt,
                    name: prior.name,
                    email: prior.email,
                  },
                }
              : {}),
          };
        });
      });
    },

    /** A draft is gone once its mapping reached GitHub (or the user discards it). */
    async discard(importKey: string, authorIds: readonly number[]): Promise<void> {
      if (authorIds.length === 0) return;
      await db
        .delete(authorDrafts)
        .where(and(eq(authorDrafts.importKey, importKey), inArray(authorDrafts.authorId, [...authorIds])));
    },
  };
}

export type AuthorDrafts = ReturnType<typeof createAuthorDrafts>;
