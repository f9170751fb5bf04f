import type { ArchiveUser, CommitAuthor, IdentitiesAnswer, PersonSuggestion } from '@/contracts/identities';
import type { IdentityRow } from './identity-rows';

/**
 * Everyone the map shows, one row each, by kind: the target's mannequins (the only rows that are mapped, invited
 * and written to the reclaim CSV), the users of the moves' archives, and the distinct commit authors (information:
 * commits keep their e-mail and are attributed by it).
 */
export const IDENTITY_KINDS = ['mannequin', 'archive-user', 'commit-author'] as const;
export type IdentityKind = (typeof IDENTITY_KINDS)[number];
export type KindFilter = IdentityKind | 'all';

export const KIND_LABELS: Record<IdentityKind, { one: string; many: string }> = {
  mannequin: { one: 'Mannequin', many: 'Mannequins' },
  'archive-user': { one: 'Archive user', many: 'Archive users' },
  'commit-author': { one: 'Commit author', many: 'Commit authors' },
};

export type PersonRow =
  | { kind: 'mannequin'; key: string; row: IdentityRow }
  | { kind: 'archive-user'; key: string; user: ArchiveUser }
  | { kind: 'commit-author'; key: string; author: CommitAuthor };

/** The rows of every kind: mannequins first (as GitHub lists them), then archive users, then commit authors. */
export function personRows(answer: IdentitiesAnswer, mannequins: readonly IdentityRow[]): PersonRow[] {
  return [
    ...mannequins.map((row): PersonRow => ({ kind: 'mannequin', key: `m:${row.mannequin.id}`, row })),
    ...(answer.archiveUsers ?? []).map((user): PersonRow => ({
      kind: 'archive-user',
      key: `u:${user.login}`,
      user,
    })),
    ...(answer.commitAuthors ?? []).map((author, i): PersonRow => ({
      kind: 'commit-author',
      key: `a:${i}:${author.email}`,
      author,
    })),
  ];
}

export const ofKind = (rows: readonly PersonRow[], kind: KindFilter): readonly PersonRow[] =>
  kind === 'all' ? rows : rows.filter((row) => row.kind === kind);

/** What a search looks in: the login or name, the e-mails, the member suggested and the member chosen. */
function searchedText(row: PersonRow): string {
  if (row.kind === 'mannequin') {
    const { mannequin, suggestion, chosen } = row.row;
    return [mannequin.login, mannequin.email, suggestion?.targetUser, chosen].join('\n');
  }
  if (row.kind === 'archive-user')
    return [row.user.login, row.user.name, ...row.user.emails, row.user.suggestion?.targetUser].join('\n');
  return [row.author.name, row.author.email, row.author.suggestion?.targetUser].join('\n');
}

/** The rows of a kind that hold the search (case and surrounding spaces aside; an empty search holds all). */
export function shownPeople(
  rows: readonly PersonRow[],
  kind: KindFilter,
  search: string,
): readonly PersonRow[] {
  const wanted = search.trim().toLowerCase();
  const ofThisKind = ofKind(rows, kind);
  return wanted ? ofThisKind.filter((row) => searchedText(row).toLowerCase().includes(wanted)) : ofThisKind;
}

export function kindCounts(rows: readonly PersonRow[]): Record<IdentityKind, number> {
  const counts = { mannequin: 0, 'archive-user': 0, 'commit-author': 0 };
  for (const row of rows) counts[row.kind] += 1;
  return counts;
}

/** A row's name for assistive technology and tests: a mannequin by its login, the others with their kind. */
export function rowLabel(row: PersonRow): string {
  if (row.kind === 'mannequin') return row.row.mannequin.login;
  if (row.kind === 'archive-user') return `${row.user.login} (archive user)`;
  return `${row.author.name} <${row.author.email}> (commit author)`;
}

export function suggestionText(suggestion: PersonSuggestion | undefined): string {
  if (!suggestion) return '—';
  const why =
    suggestion.why === 'email'
      ? 'same e-mail'
      : suggestion.why === 'archive-email'
        ? 'same e-mail in the archive'
        : 'same login';
  return `${suggestion.targetUser} (${why})`;
}
