import { githubPath, type GithubOperationId } from '@/contracts/github/operations';
import type { MigrationOwner } from '@/contracts/github/subjects';
import { migrationHref } from '../paths';

/** Whose migrations: an organization's, or the authenticated user's own. Every page and query takes one. */
export type MigrationScope = MigrationOwner;

export const userScope: MigrationScope = { kind: 'user' };

export function orgScope(org: string): MigrationScope {
  return { kind: 'org', org };
}

/** What a page does with a scope's migrations, and GitHub's operation for it in each scope. */
const OPERATIONS = {
  list: ['migrations/list-for-org', 'migrations/list-for-authenticated-user'],
  start: ['migrations/start-for-org', 'migrations/start-for-authenticated-user'],
  status: ['migrations/get-status-for-org', 'migrations/get-status-for-authenticated-user'],
  archive: ['migrations/download-archive-for-org', 'migrations/get-archive-for-authenticated-user'],
  deleteArchive: ['migrations/delete-archive-for-org', 'migrations/delete-archive-for-authenticated-user'],
  unlock: ['migrations/unlock-repo-for-org', 'migrations/unlock-repo-for-authenticated-user'],
  repositories: ['migrations/list-repos-for-org', 'migrations/list-repos-for-authenticated-user'],
} as const satisfies Record<string, readonly [GithubOperationId, GithubOperationId]>;

/** The API path (relative to `/api/github/`) of `action` in the scope, from GitHub's operation table. */
export function migrationApiPath(
  scope: MigrationScope,
  action: keyof typeof OPERATIONS,
  params: { migration_id?: number; repo_name?: string } = {},
): string {
  const [org, user] = OPERATIONS[action];
  const values = Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] !== undefined),
  );
  return scope.kind === 'org' ? githubPath(org, { ...values, org: scope.org }) : githubPath(user, values);
}

/** A stable key for caches and local storage. */
export function scopeKey(scope: MigrationScope): string {
  return scope.kind === 'org' ? `org:${scope.org.toLowerCase()}` : 'user';
}

export function scopeLabel(scope: MigrationScope): string {
  return scope.kind === 'org' ? scope.org : 'your account';
}

export function listHref(scope: MigrationScope): string {
  return scope.kind === 'org' ? migrationHref.org(scope.org) : migrationHref.user();
}

export function migrationPageHref(scope: MigrationScope, id: number): string {
  return scope.kind === 'org' ? migrationHref.orgMigration(scope.org, id) : migrationHref.userMigration(id);
}

/** The gateway URL that downloads the archive (a plain link: the gateway resolves GitHub's redirect). */
export function archiveHref(scope: MigrationScope, id: number): string {
  return `/api/github/${migrationApiPath(scope, 'archive', { migration_id: id })}`;
}

/** The file name the gateway gives the download (see src/server/archive.ts). */
export function archiveFilename(scope: MigrationScope, id: number): string {
  return scope.kind === 'org' ? `${scope.org}-migration-${id}.tar.gz` : `migration-${id}.tar.gz`;
}
