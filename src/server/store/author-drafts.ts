import { and, asc, eq, sql } from 'drizzle-orm';
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

    /** Saves several drafts in one transaction; each reports whom it overwrote, if anyone. */
    async save(
      importKey: string,
      saves: readonly DraftSave[],
      by: string,
      at: Date,
    ): Promise<DraftSaveResult[]> {
      return db.transaction(async (tx) => {
        const results: DraftSaveResult[] = [];
        for (const save of saves) {
          const [before] = await tx
            .select()
            .from(authorDrafts)
            .where(and(eq(authorDrafts.importKey, importKey), eq(authorDrafts.authorId, save.authorId)))
            .for('update');
          const [row] = await tx
            .insert(authorDrafts)
            .values({
              importKey,
              authorId: save.authorId,
              name: save.name,
              email: save.email,
              version: 1,
              updatedAt: at,
              updatedBy: by,
            })
            .onConflictDoUpdate({
              target: [authorDrafts.importKey, authorDrafts.authorId],
              set: {
                name: save.name,
                email: save.email,
                version: sql`${authorDrafts.version} + 1`,
                updatedAt: at,
                updatedBy: by,
              },
            })
            .returning();
          const overwritten = before && before.version > save.baseVersion && before.updatedBy !== by;
          results.push({
            draft: {
              authorId: row!.authorId,
              name: row!.name,
              email: row!.email,
              version: row!.version,
              updatedAt: row!.updatedAt,
              updatedBy: row!.updatedBy,
            },
            ...(overwritten
              ? {
                  overwrote: {
                    updatedBy: before.updatedBy,
                    updatedAt: before.updatedAt,
                    name: before.name,
                    email: before.email,
                  },
                }
              : {}),
          });
        }
        return results;
      });
    },

    /** A draft is gone once its mapping reached GitHub (or the user discards it). */
    async discard(importKey: string, authorIds: readonly number[]): Promise<void> {
      if (authorIds.length === 0) return;
      await db.transaction(async (tx) => {
        for (const authorId of authorIds) {
          await tx
            .delete(authorDrafts)
            .where(and(eq(authorDrafts.importKey, importKey), eq(authorDrafts.authorId, authorId)));
        }
      });
    },
  };
}

export type AuthorDrafts = ReturnType<typeof createAuthorDrafts>;
