import type {
  IdentityDraft,
  IdentityDraftsSave,
  IdentityDraftsSaved,
  SentInvitation,
} from '@/contracts/identities';
import type { FerryStore } from '@/server/store/ferry-store';
import { IdentityInputError } from './identity-input-error';
import { MAX_IDENTITY_PAGES } from './identity-reads';

/**
 * The identity map and the invitations Ferry sent, kept in the author editor's draft store (`author_drafts`),
 * with its version and overwrite rules, under keys no import can have (an import's is `owner/repo`):
 * `identities:<org>` — a mapping per mannequin (`authorId` = the mannequin's database id, `name` = the target
 * user, '' for nobody, `email` = the mannequin's node id); `identities-invited:<org>` — one row per invitation sent
 * (`name` = the member invited, `updatedAt` = when); `identities-reattributed:<org>` — the same for each mannequin
 * reattributed without an invitation (EMU). A simulator reset forgets them with the other drafts.
 */
const mapKey = (org: string) => `identities:${org.toLowerCase()}`;
const invitedKey = (org: string) => `identities-invited:${org.toLowerCase()}`;
const reattributedKey = (org: string) => `identities-reattributed:${org.toLowerCase()}`;
const SENT_BY = 'ferry-invitations';
/** Rows a map may hold: as many mannequins as a read lists (50 pages of 100), so input cannot grow it further. */
export const MAX_MAP_ROWS = MAX_IDENTITY_PAGES * 100;

export function identityDrafts(store: FerryStore, maxRows = MAX_MAP_ROWS) {
  return {
    async list(org: string): Promise<IdentityDraft[]> {
      return (await store.authorDrafts.list(mapKey(org))).map((row) => ({
        mannequinId: row.email,
        databaseId: row.authorId,
        targetUser: row.name,
        version: row.version,
        updatedAt: row.updatedAt.toISOString(),
        updatedBy: row.updatedBy,
      }));
    },

    async save(org: string, request: IdentityDraftsSave): Promise<IdentityDraftsSaved> {
      const kept = new Set((await store.authorDrafts.list(mapKey(org))).map((row) => row.authorId));
      const added = new Set(request.saves.map((save) => save.databaseId).filter((id) => !kept.has(id)));
      if (kept.size + added.size > maxRows)
        throw new IdentityInputError(
          `The map of ${org} holds at most ${maxRows} mannequins (as many as Ferry reads); nothing was saved.`,
        );
      const results = await store.authorDrafts.save(
        mapKey(org),
        request.saves.map((save) => ({
          authorId: save.databaseId,
          name: save.targetUser,
          email: save.mannequinId,
          baseVersion: save.baseVersion,
        })),
        request.client,
        new Date(),
      );
      return {
        results: results.map(({ draft, overwrote }) => ({
          draft: {
            mannequinId: draft.email,
            databaseId: draft.authorId,
            targetUser: draft.name,
            version: draft.version,
            updatedAt: draft.updatedAt.toISOString(),
            updatedBy: draft.updatedBy,
          },
          ...(overwrote
            ? {
                overwrote: {
                  updatedBy: overwrote.updatedBy,
                  updatedAt: overwrote.updatedAt.toISOString(),
                  targetUser: overwrote.name,
                },
              }
            : {}),
        })),
      };
    },

    async invitations(org: string): Promise<SentInvitation[]> {
      return sentRows(await store.authorDrafts.list(invitedKey(org)));
    },

    async reattributions(org: string): Promise<SentInvitation[]> {
      return sentRows(await store.authorDrafts.list(reattributedKey(org)));
    },

    /** Kept as soon as GitHub accepted it, one by one: a gateway killed mid-way loses none it sent. */
    async invited(org: string, databaseId: number, mannequinId: string, targetUser: string): Promise<void> {
      await keepSent(invitedKey(org), databaseId, mannequinId, targetUser);
    },

    /** A reattribution GitHub made (EMU), kept as an invitation is. */
    async reattributed(org: string, databaseId: number, mannequinId: string, targetUser: string) {
      await keepSent(reattributedKey(org), databaseId, mannequinId, targetUser);
    },
  };

  async function keepSent(key: string, databaseId: number, mannequinId: string, targetUser: string) {
    await store.authorDrafts.save(
      key,
      [{ authorId: databaseId, name: targetUser, email: mannequinId, baseVersion: Number.MAX_SAFE_INTEGER }],
      SENT_BY,
      new Date(),
    );
  }
}

function sentRows(rows: readonly { email: string; name: string; updatedAt: Date }[]): SentInvitation[] {
  return rows.map((row) => ({
    mannequinId: row.email,
    targetUser: row.name,
    sentAt: row.updatedAt.toISOString(),
  }));
}

export type IdentityDrafts = ReturnType<typeof identityDrafts>;
