import type { AuthorRow } from './author-edits';
import { isSynthesised } from './author-rules';
import type { CommitAuthor } from '@/contracts/github/source-import';

/**
 * Copy from another import's mapping: for each author here, the same remote name there (matched as the
 * importer knows it), if it was mapped there (no longer as synthesised) and differs from what is shown here.
 */
export function copyChanges(
  rows: readonly AuthorRow[],
  other: readonly CommitAuthor[],
): { id: number; remoteName: string; name: string; email: string }[] {
  const mapped = new Map<string, CommitAuthor>();
  for (const author of other) {
    if (!isSynthesised(author) && !mapped.has(author.remoteName)) mapped.set(author.remoteName, author);
  }
  const changes: { id: number; remoteName: string; name: string; email: string }[] = [];
  for (const row of rows) {
    const source = mapped.get(row.remoteName);
    if (source && (source.name !== row.name || source.email !== row.email)) {
      changes.push({ id: row.id, remoteName: row.remoteName, name: source.name, email: source.email });
    }
  }
  return changes;
}
