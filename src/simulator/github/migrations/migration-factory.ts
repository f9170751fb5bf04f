import { createHash } from 'node:crypto';
import { buildMinimalRepository, type SimRepo } from '../factories/repository';
import { buildSimpleUser, type SimAccount } from '../factories/user';
import type { GithubState } from '../state';
import { archiveStatus, stateAt, stateChangedAt } from './state-machine';
import type { SimMigration } from './store';

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A stable v1-looking guid from the id and creation time. */
export function migrationGuid(id: number, createdAt: number): string {
  const hex = createHash('sha1').update(`migration:${id}:${createdAt}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-11e5-${hex.slice(12, 16)}-${hex.slice(16, 28)}`;
}

/** The `repository` shape embedded in a migration (minimal-repository minus the two fields it does not declare). */
export function buildMigrationRepository(
  repo: SimRepo,
  owner: SimAccount,
  api: string,
  web: string,
  apiVersion = '2022-11-28',
) {
  const full: Partial<ReturnType<typeof buildMinimalRepository>> = buildMinimalRepository(
    repo,
    owner,
    api,
    web,
  );
  delete full.network_count;
  delete full.subscribers_count;
  // API version 2026-03-10 embeds the newer minimal repository, without the retired fields.
  if (apiVersion === '2026-03-10') delete full.has_downloads;
  return full;
}

export function migrationReposOf(state: GithubState, migration: SimMigration): SimRepo[] {
  return migration.repoIds.flatMap((id) => state.world.repos.filter((repo) => repo.id === id));
}

export function migrationUrl(api: string, migration: SimMigration): string {
  return migration.scope.kind === 'org'
    ? `${api}/orgs/${migration.scope.org}/migrations/${migration.id}`
    : `${api}/user/migrations/${migration.id}`;
}

/** The `migration` body at simulated time `now`. `archive_url` is present only while an archive exists. */
export function buildMigration(
  state: GithubState,
  migration: SimMigration,
  now: number,
  api: string,
  web: string,
  options: { excludeRepositories?: boolean; apiVersion?: string } = {},
) {
  const ownerLogin = migration.scope.kind === 'org' ? migration.scope.org : migration.scope.login;
  const owner = state.world.accounts.get(ownerLogin);
  const url = migrationUrl(api, migration);
  const repositories = options.excludeRepositories
    ? []
    : migrationReposOf(state, migration).flatMap((repo) => {
        const repoOwner = state.world.accounts.get(repo.owner);
        return repoOwner ? [buildMigrationRepository(repo, repoOwner, api, web, options.apiVersion)] : [];
      });
  return {
    id: migration.id,
    node_id: Buffer.from(`MG:${migration.id}`).toString('base64').replace(/=+$/, ''),
    owner: owner ? buildSimpleUser(owner, api, web) : null,
    guid: migration.guid,
    state: stateAt(migration.schedule, now),
    lock_repositories: migration.options.lock_repositories,
    exclude_metadata: migration.options.exclude_metadata,
    exclude_git_data: migration.options.exclude_git_data,
    exclude_attachments: migration.options.exclude_attachments,
    exclude_releases: migration.options.exclude_releases,
    exclude_owner_projects: migration.options.exclude_owner_projects,
    org_metadata_only: migration.options.org_metadata_only,
    repositories,
    url,
    created_at: iso(migration.schedule.createdAt),
    updated_at: iso(stateChangedAt(migration.schedule, now)),
    ...(archiveStatus(migration, now) === 'available' ? { archive_url: `${url}/archive` } : {}),
    exclude: migration.options.exclude,
  };
}
