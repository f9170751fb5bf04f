import type { AuthorEdits } from './author-edits';

/**
 * Unsaved author edits live in localStorage, keyed by repository and import (its source URL), so they survive
 * a reload or a failed save. Only names and emails are stored; never credentials.
 */
const PREFIX = 'ferry.imports.author-edits.v1';

export function editsKey(owner: string, repo: string, vcsUrl: string): string {
  return `${PREFIX}:${owner.toLowerCase()}/${repo.toLowerCase()}:${vcsUrl}`;
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
