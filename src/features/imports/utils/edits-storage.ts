import type { AuthorEdits } from './author-edits';
import type { PendingDrafts } from './draft-sync';

/**
 * Author edits in localStorage, keyed by repository and import (its source URL). Drafts live in the gateway's
 * store now; this browser keeps only what it has not sent there yet (v2, "pending"), so a reload or a failing
 * store loses nothing. v1 keys hold drafts from before the store: offered for upload once, then removed.
 * Only names and emails are stored; never credentials.
 */
const PREFIX = 'ferry.imports.author-edits.v1';
const PENDING_PREFIX = 'ferry.imports.author-drafts-pending.v2';

export function editsKey(owner: string, repo: string, vcsUrl: string): string {
  return `${PREFIX}:${owner.toLowerCase()}/${repo.toLowerCase()}:${vcsUrl}`;
}

export function pendingKey(owner: string, repo: string, vcsUrl: string): string {
  return `${PENDING_PREFIX}:${owner.toLowerCase()}/${repo.toLowerCase()}:${vcsUrl}`;
}

export function loadPending(storage: Storage | undefined, key: string): PendingDrafts {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return { edits: {}, deletes: [] };
    const parsed = JSON.parse(raw) as { edits?: unknown; deletes?: unknown };
    const deletes = Array.isArray(parsed.deletes)
      ? parsed.deletes.filter((id): id is number => Number.isInteger(id) && (id as number) > 0)
      : [];
    return { edits: isEdits(parsed.edits) ? parsed.edits : {}, deletes };
  } catch {
    return { edits: {}, deletes: [] };
  }
}

export function savePending(storage: Storage | undefined, key: string, pending: PendingDrafts): void {
  try {
    if (Object.keys(pending.edits).length === 0 && pending.deletes.length === 0) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(pending));
  } catch {
    // Storage full or disabled: pending edits stay in memory for this visit.
  }
}

function isEdits(value: unknown): value is AuthorEdits {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value as Record<string, unknown>).every(([id, edit]) => {
    if (!/^\d+$/.test(id) || typeof edit !== 'object' || edit === null) return false;
    const { name, email } = edit as Record<string, unknown>;
    return (
      (name === undefined || typeof name === 'string') && (email === undefined || typeof email === 'string')
    );
  });
}

export function loadEdits(storage: Storage | undefined, key: string): AuthorEdits {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    return isEdits(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

export function saveEdits(storage: Storage | undefined, key: string, edits: AuthorEdits): void {
  try {
    if (Object.keys(edits).length === 0) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(edits));
  } catch {
    // Storage full or disabled: edits stay in memory for this visit.
  }
}

export function clearEdits(storage: Storage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // ignore
  }
}
