import { migrationHref } from '../paths';

/** Whose migrations: an organization's, or the authenticated user's own. Every page and query takes one. */
export type MigrationScope = { kind: 'org'; org: string } | { kind: 'user' };

export const userScope: MigrationScope = { kind: 'user' };

export function orgScope(org: string): MigrationScope {
  return { kind: 'org', org };
}

/** The API path of the scope's migration collection, relative to `/api/github/`. */
export function migrationsApiPath(scope: MigrationScope): string {
  return scope.kind === 'org' ? `orgs/${encodeURIComponent(scope.org)}/migrations` : 'user/migrations';
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
  return `/api/github/${migrationsApiPath(scope)}/${id}/archive`;
}

/** The file name the gateway gives the download (see src/server/archive.ts). */
export function archiveFilename(scope: MigrationScope, id: number): string {
  return scope.kind === 'org' ? `${scope.org}-migration-${id}.tar.gz` : `migration-${id}.tar.gz`;
}

const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;

/** GitHub login rules: letters, digits, single inner hyphens, at most 39 characters. */
export function isValidLogin(value: string): boolean {
  return LOGIN.test(value);
}
