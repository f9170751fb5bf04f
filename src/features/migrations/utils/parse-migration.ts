import { ApiError } from '@/lib/api-error';

/** The fields of GitHub's `migration` the pages use, validated at the edge. */
export interface MigrationRepo {
  id: number;
  name: string;
  fullName: string;
  private: boolean;
  size?: number;
}

export interface Migration {
  id: number;
  guid: string;
  /** `pending`, `exporting`, `exported`, `failed`, or a value GitHub adds later (kept as-is). */
  state: string;
  owner?: string;
  lockRepositories: boolean;
  excludeMetadata: boolean;
  excludeGitData: boolean;
  excludeAttachments: boolean;
  excludeReleases: boolean;
  excludeOwnerProjects: boolean;
  orgMetadataOnly: boolean;
  repositories: MigrationRepo[];
  createdAt: number;
  updatedAt: number;
  archiveUrl?: string;
}

type Json = Record<string, unknown>;

function malformed(what: string): ApiError {
  return new ApiError({
    kind: 'malformed',
    upstream: 'github',
    message: `Unexpected ${what} in GitHub’s answer.`,
  });
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function time(value: unknown, what: string): number {
  const parsed = typeof value === 'string' ? Date.parse(value) : NaN;
  if (!Number.isFinite(parsed)) throw malformed(what);
  return parsed;
}

export function parseRepo(value: unknown): MigrationRepo {
  if (!isRecord(value) || typeof value.id !== 'number' || typeof value.name !== 'string')
    throw malformed('repository');
  return {
    id: value.id,
    name: value.name,
    fullName: typeof value.full_name === 'string' ? value.full_name : value.name,
    private: value.private === true,
    size: typeof value.size === 'number' ? value.size : undefined,
  };
}

export function parseRepoList(value: unknown): MigrationRepo[] {
  if (!Array.isArray(value)) throw malformed('repository list');
  return value.map(parseRepo);
}

export function parseMigration(value: unknown): Migration {
  if (!isRecord(value) || typeof value.id !== 'number' || typeof value.state !== 'string')
    throw malformed('migration');
  const flag = (name: string) => value[name] === true;
  return {
    id: value.id,
    guid: typeof value.guid === 'string' ? value.guid : '',
    state: value.state,
    owner: isRecord(value.owner) && typeof value.owner.login === 'string' ? value.owner.login : undefined,
    lockRepositories: flag('lock_repositories'),
    excludeMetadata: flag('exclude_metadata'),
    excludeGitData: flag('exclude_git_data'),
    excludeAttachments: flag('exclude_attachments'),
    excludeReleases: flag('exclude_releases'),
    excludeOwnerProjects: flag('exclude_owner_projects'),
    orgMetadataOnly: flag('org_metadata_only'),
    repositories: Array.isArray(value.repositories) ? value.repositories.map(parseRepo) : [],
    createdAt: time(value.created_at, 'created_at'),
    updatedAt: time(value.updated_at, 'updated_at'),
    archiveUrl: typeof value.archive_url === 'string' ? value.archive_url : undefined,
  };
}

export function parseMigrationList(value: unknown): Migration[] {
  if (!Array.isArray(value)) throw malformed('migration list');
  return value.map(parseMigration);
}

export interface OrgSummary {
  login: string;
  description?: string;
}

export function parseOrgList(value: unknown): OrgSummary[] {
  if (!Array.isArray(value)) throw malformed('organization list');
  return value.map((item) => {
    if (!isRecord(item) || typeof item.login !== 'string') throw malformed('organization');
    return {
      login: item.login,
      description: typeof item.description === 'string' ? item.description : undefined,
    };
  });
}
