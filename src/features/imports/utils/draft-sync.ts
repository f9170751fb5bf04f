import type { AuthorDraftEntry } from '@/contracts/ferry';
import type { AuthorEdit, AuthorEdits } from './author-edits';

/**
 * Drafts on the server and edits not yet sent there, pure. What the editor shows is the server's drafts with
 * this browser's unsent edits on top; an author whose edit was removed (saved to GitHub, or undone) while the
 * server still has a draft is a pending delete.
 */
export interface PendingDrafts {
  edits: AuthorEdits;
  deletes: number[];
}

export const NO_PENDING: PendingDrafts = { edits: {}, deletes: [] };

export function draftAsEdit(draft: AuthorDraftEntry): AuthorEdit {
  return { ...(draft.name ? { name: draft.name } : {}), ...(draft.email ? { email: draft.email } : {}) };
}

const sameEdit = (a: AuthorEdit | undefined, b: AuthorEdit | undefined) =>
  (a?.name ?? '') === (b?.name ?? '') && (a?.email ?? '') === (b?.email ?? '');

export function mergeEdits(server: readonly AuthorDraftEntry[], pending: PendingDrafts): AuthorEdits {
  const edits: AuthorEdits = {};
  const deleted = new Set(pending.deletes);
  for (const draft of server) if (!deleted.has(draft.authorId)) edits[draft.authorId] = draftAsEdit(draft);
  return { ...edits, ...pending.edits };
}

/** What must still be sent for the editor to show `edits`, given the server's drafts. */
export function pendingFrom(edits: AuthorEdits, server: readonly AuthorDraftEntry[]): PendingDrafts {
  const byId = new Map(server.map((draft) => [String(draft.authorId), draft]));
  const pending: AuthorEdits = {};
  for (const [id, edit] of Object.entries(edits)) {
    const draft = byId.get(id);
    if (!draft || !sameEdit(edit, draftAsEdit(draft))) pending[id] = edit;
  }
  const deletes = server.filter((draft) => !(String(draft.authorId) in edits)).map((draft) => draft.authorId);
  return { edits: pending, deletes };
}

export function hasPending(pending: PendingDrafts): boolean {
  return pending.deletes.length > 0 || Object.keys(pending.edits).length > 0;
}

/** After a sync: drop what was sent and is still unchanged (an edit typed meanwhile stays pending). */
export function withoutSent(pending: PendingDrafts, sent: PendingDrafts): PendingDrafts {
  const edits: AuthorEdits = {};
  for (const [id, edit] of Object.entries(pending.edits)) {
    if (!sameEdit(edit, sent.edits[id]) || !(id in sent.edits)) edits[id] = edit;
  }
  const sentDeletes = new Set(sent.deletes);
  return { edits, deletes: pending.deletes.filter((id) => !sentDeletes.has(id)) };
}

/** Drafts another browser changed between two reads, for a notice. */
export function changedElsewhere(
  before: readonly AuthorDraftEntry[],
  after: readonly AuthorDraftEntry[],
  me: string,
): AuthorDraftEntry[] {
  const previous = new Map(before.map((draft) => [draft.authorId, draft.version]));
  return after.filter(
    (draft) => draft.updatedBy !== me && draft.version > (previous.get(draft.authorId) ?? 0),
  );
}
