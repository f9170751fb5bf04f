import { emailProblem, nameProblem } from './author-rules';
import type { CommitAuthor } from '@/contracts/github/source-import';
import type { InvalidLine, MappingEntry, ParsedMapping } from './mapping-files';

export interface MatchedEntry {
  entry: MappingEntry;
  author: CommitAuthor;
  /** The mapping would change nothing (same as what is shown now). */
  unchanged: boolean;
}

export interface MappingPreview {
  matched: MatchedEntry[];
  unmatched: MappingEntry[];
  invalid: InvalidLine[];
}

/**
 * What applying a mapping file would do, before anything is applied: entries are matched to authors by
 * `remote_id`, then by `remote_name` (git-svn's "user"); invalid names/emails are reported, not applied.
 * `current` gives the value shown now per author (edits included), to flag entries that change nothing.
 */
export function previewMapping(
  parsed: ParsedMapping,
  authors: readonly CommitAuthor[],
  current: (author: CommitAuthor) => { name: string; email: string } = (author) => author,
): MappingPreview {
  const byRemoteId = new Map<string, CommitAuthor>();
  const byRemoteName = new Map<string, CommitAuthor>();
  for (const author of authors) {
    if (!byRemoteId.has(author.remoteId)) byRemoteId.set(author.remoteId, author);
    if (!byRemoteName.has(author.remoteName)) byRemoteName.set(author.remoteName, author);
  }
  const matched: MatchedEntry[] = [];
  const unmatched: MappingEntry[] = [];
  const invalid: InvalidLine[] = [...parsed.invalid];
  for (const entry of parsed.entries) {
    const problem = nameProblem(entry.name) ?? emailProblem(entry.email);
    if (problem) {
      invalid.push({
        line: entry.line,
        text: `${entry.remoteId ?? entry.remoteName ?? ''} = ${entry.name} <${entry.email}>`,
        reason: problem,
      });
      continue;
    }
    const author =
      (entry.remoteId !== undefined ? byRemoteId.get(entry.remoteId) : undefined) ??
      (entry.remoteName !== undefined ? byRemoteName.get(entry.remoteName) : undefined);
    if (!author) {
      unmatched.push(entry);
      continue;
    }
    const shown = current(author);
    matched.push({ entry, author, unchanged: shown.name === entry.name && shown.email === entry.email });
  }
  invalid.sort((a, b) => a.line - b.line);
  return { matched, unmatched, invalid };
}
