import { isRecord, ShapeError, stringOf, timeOf } from '../json';
import { parseRepositoryRef, type RepositoryRef } from './repository';

/**
 * GitHub's migration (an export archive) as Ferry reads it, and its states: the one place that decides
 * what a migration answer means and when an export is finished.
 */
export const MIGRATION_STATES = ['pending', 'exporting', 'exported', 'failed'] as const;
export type MigrationState = (typeof MIGRATION_STATES)[number];

export function isKnownMigrationState(state: string): state is MigrationState {
  return (MIGRATION_STATES as readonly string[]).includes(state);
}

/** Finished: nothing more will happen. Unknown states count as still running (so they are checked again). */
export function isMigrationFinished(state: string): boolean {
  return state === 'exported' || state === 'failed';
}

/** The fields of GitHub's `migration` the pages and the gateway use, validated at the edge. */
/** What an export leaves out or locks: asked for when it starts, reported in every answer. */
export interface MigrationOptions {
  lockRepositories: boolean;
  excludeMetadata: boolean;
  excludeGitData: boolean;
  excludeAttachments: boolean;
  excludeReleases: boolean;
  excludeOwnerProjects: boolean;
}

export interface Migration extends MigrationOptions {
  id: number;
  guid: string;
  /** `pending`, `exporting`, `exported`, `failed`, or a value GitHub adds later (kept as-is). */
  state: string;
  owner?: string;
  orgMetadataOnly: boolean;
  repositories: RepositoryRef[];
  createdAt: number;
  updatedAt: number;
  archiveUrl?: string;
}

function readRepositoryRef(value: unknown): RepositoryRef[] {
  try {
    return [parseRepositoryRef(value)];
  } catch {
    return [];
  }
}

function malformed(what: string): ShapeError {
  return new ShapeError('github', `Unexpected ${what} in GitHub’s answer.`);
}

export function parseMigration(value: unknown): Migration {
  if (!isRecord(value) || typeof value.id !== 'number' || typeof value.state !== 'string')
    throw malformed('migration');
  const createdAt = timeOf(value.created_at);
  const updatedAt = timeOf(value.updated_at);
  if (createdAt === undefined) throw malformed('created_at');
  if (updatedAt === undefined) throw malformed('updated_at');
  const flag = (name: string) => value[name] === true;
  return {
    id: value.id,
    guid: stringOf(value.guid) ?? '',
    state: value.state,
    owner: isRecord(value.owner) ? stringOf(value.owner.login) : undefined,
    lockRepositories: flag('lock_repositories'),
    excludeMetadata: flag('exclude_metadata'),
    excludeGitData: flag('exclude_git_data'),
    excludeAttachments: flag('exclude_attachments'),
    excludeReleases: flag('exclude_releases'),
    excludeOwnerProjects: flag('exclude_owner_projects'),
    orgMetadataOnly: flag('org_metadata_only'),
    // A repository entry Ferry cannot read is left out rather than hiding the whole export.
    repositories: Array.isArray(value.repositories) ? value.repositories.flatMap(readRepositoryRef) : [],
    createdAt,
    updatedAt,
    archiveUrl: stringOf(value.archive_url),
  };
}

export function parseMigrationList(value: unknown): Migration[] {
  if (!Array.isArray(value)) throw malformed('migration list');
  return value.map(parseMigration);
}

/** How many migrations are in each state (known states always present, unknown ones added). */
export function countByState(migrations: readonly Pick<Migration, 'state'>[]): Record<string, number> {
  const counts: Record<string, number> = { pending: 0, exporting: 0, exported: 0, failed: 0 };
  for (const migration of migrations) counts[migration.state] = (counts[migration.state] ?? 0) + 1;
  return counts;
}

/** A list answer's well-formed migrations; a malformed entry is left out rather than failing a whole page. */
export function readMigrations(value: unknown): Migration[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    try {
      return [parseMigration(item)];
    } catch {
      return [];
    }
  });
}

/**
 * The state of a migration answer, or undefined when it carries none: for readers that only need to know
 * where an export is (the watcher, the timeline recorder), not the whole migration.
 */
export function migrationStateOf(value: unknown): string | undefined {
  return isRecord(value) ? stringOf(value.state) : undefined;
}

/** A migration's repository names in a canonical form: sorted, lowercased (GitHub's names ignore case). */
export function repositorySetKey(names: readonly string[]): string {
  return names
    .map((name) => name.toLowerCase())
    .sort()
    .join('\n');
}
