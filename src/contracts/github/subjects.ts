/**
 * Timeline and watch subjects: the keys under which Ferry remembers a migration or an import. GitHub's
 * logins and repository names ignore case, so a key is always lowercased here; whoever writes or reads
 * a timeline builds its key with these functions and nothing else.
 */
export type MigrationOwner = { kind: 'org'; org: string } | { kind: 'user' };

/** `org/octo-org/migration/42` or `user/migration/42`. */
export function migrationSubject(owner: MigrationOwner, id: number | string): string {
  return owner.kind === 'org' ? `org/${owner.org.toLowerCase()}/migration/${id}` : `user/migration/${id}`;
}

/** `repo/octocat/hello/import`. */
export function importSubject(owner: string, repo: string): string {
  return `repo/${owner}/${repo}/import`.toLowerCase();
}

/** The owner part of unlock records: `org/octo-org` or `user`. */
export function ownerKey(owner: MigrationOwner): string {
  return owner.kind === 'org' ? `org/${owner.org.toLowerCase()}` : 'user';
}

/** What a subject as typed (any case) reads as: the form every key is stored in. */
export function normaliseSubject(subject: string): string {
  return subject.toLowerCase();
}
