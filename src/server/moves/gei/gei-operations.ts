import {
  parseAbortSuccess,
  parseGraphqlRateLimit,
  parseGeiMigration,
  parseMigrationList,
  parseMigrationNodes,
  parseMigrationSourceId,
  type GeiMigration,
  type GraphqlAnswer,
  type GraphqlRateLimit,
} from '@/contracts/github/gei';
import type { GeiMigrationState } from '@/contracts/move-run';
import type { TargetVisibility } from '@/contracts/moves';
import { isShapeError } from '@/contracts/json';
import type { OutboundBounds } from '@/server/outbound/bounded-fetch';
import { upstreamError, UpstreamFailureError } from '@/server/outbound/upstream-failure';
import type { TargetClient } from '../target-client';
import { GeiRefusedError } from './gei-errors';

/**
 * GitHub Enterprise Importer's operations on the target, as a move runs them: gh-gei v1.32's operation strings
 * (whole-move.md §1; tests/contract/target-graphql-schema.test.ts holds them), sent through the target client
 * (bounded, typed limits), every answer parsed. A refusal is a `GeiRefusedError` carrying GitHub's words.
 */

/** gh-gei `CreateGhecMigrationSource` (GitHub archives are `GITHUB_ARCHIVE` sources). */
export const CREATE_MIGRATION_SOURCE =
  'mutation createMigrationSource($name: String!, $url: String!, $ownerId: ID!, $type: MigrationSourceType!) { createMigrationSource(input: {name: $name, url: $url, ownerId: $ownerId, type: $type}) { migrationSource { id, name, url, type } } }';

/** gh-gei `StartMigration`, whitespace folded. */
export const START_REPOSITORY_MIGRATION =
  'mutation startRepositoryMigration($sourceId: ID!, $ownerId: ID!, $sourceRepositoryUrl: URI!, $repositoryName: String!, $continueOnError: Boolean!, $gitArchiveUrl: String, $metadataArchiveUrl: String, $accessToken: String!, $githubPat: String, $skipReleases: Boolean, $targetRepoVisibility: String, $lockSource: Boolean) { startRepositoryMigration(input: { sourceId: $sourceId, ownerId: $ownerId, sourceRepositoryUrl: $sourceRepositoryUrl, repositoryName: $repositoryName, continueOnError: $continueOnError, gitArchiveUrl: $gitArchiveUrl, metadataArchiveUrl: $metadataArchiveUrl, accessToken: $accessToken, githubPat: $githubPat, skipReleases: $skipReleases, targetRepoVisibility: $targetRepoVisibility, lockSource: $lockSource }) { repositoryMigration { id, databaseId, migrationSource { id, name, type }, sourceUrl, state, failureReason } } }';

/** gh-gei `AbortMigration`. */
export const ABORT_REPOSITORY_MIGRATION =
  'mutation abortRepositoryMigration($migrationId: ID!) { abortRepositoryMigration(input: { migrationId: $migrationId }) { success } }';

/**
 * gh-gei's `GetMigrationLogUrl` read (an organization's migrations to one name), newest first and with the state:
 * what a move asks after a crash between "start sent" and "answer stored", so it never starts twice.
 */
export const FIND_MIGRATIONS =
  'query ferryMoveFindMigrations($org: String!, $repo: String!, $first: Int!) { organization(login: $org) { repositoryMigrations(first: $first, repositoryName: $repo, orderBy: {field: CREATED_AT, direction: DESC}) { nodes { id state failureReason migrationLogUrl repositoryName createdAt migrationSource { id } } } } }';

/** gh-gei's `GetMigration` fields for many ids at once, with the points left (one request per 100 ids). */
export const MIGRATION_STATES =
  'query ferryMoveMigrationStates($ids: [ID!]!) { nodes(ids: $ids) { ... on Migration { id state failureReason migrationLogUrl repositoryName } } rateLimit { limit remaining used resetAt cost } }';

/** `nodes(ids:)` takes at most 100 ids. */
export const IDS_PER_QUERY = 100;

export interface StartMigrationInput {
  sourceId: string;
  /** The organization's node id. */
  ownerId: string;
  /** The name on the target. */
  repositoryName: string;
  sourceRepositoryUrl: string;
  /** `gei://archive/…` from GitHub-owned storage: sent as `gitArchiveUrl` and `metadataArchiveUrl`. */
  archiveUrl: string;
  /** The source token (GEI does not use it for an archive it already has; required by the schema). */
  accessToken: string;
  /** The target token (GEI checks it is a classic PAT). */
  githubPat: string;
  targetRepoVisibility: TargetVisibility;
  skipReleases?: boolean;
}

export interface MigrationStatus {
  state: GeiMigrationState;
  failureReason?: string;
  migrationLogUrl?: string;
  repositoryName?: string;
}

export interface MigrationStates {
  /** id → its state; an id GitHub resolved to no migration is absent. */
  states: Map<string, MigrationStatus>;
  /** The points left after the last request (the lowest), for the caller's back-off. */
  rateLimit?: GraphqlRateLimit;
  /** GraphQL requests sent (one per 100 ids). */
  requests: number;
}

export interface GeiOperationsOptions {
  /**
   * Told of each request sent, with its points when GitHub said them (for a move's `requests` figures): a request
   * GitHub refused (a limit, a 5xx) or whose answer never came is counted too, as GitHub counted it.
   */
  onRequest?: (points: number | undefined) => void;
  /** The start's own bounds: shorter than other calls', so a start whose answer was lost is looked up sooner. */
  startBounds?: OutboundBounds;
}

const shaped = <T>(read: () => T): T => {
  try {
    return read();
  } catch (error) {
    if (isShapeError(error)) throw new UpstreamFailureError(upstreamError(200, error.message));
    throw error;
  }
};

/** The field's value, or GitHub's refusal of it (its first error) as a typed error. */
function fieldOf(answer: GraphqlAnswer, field: string, operation: string): unknown {
  const value = answer.data?.[field];
  if (value !== null && value !== undefined) return value;
  const refusal = answer.errors.find((error) => error.path?.[0] === field) ?? answer.errors[0];
  if (refusal) throw new GeiRefusedError(operation, refusal);
  throw new UpstreamFailureError(upstreamError(200, `GitHub answered no ${field}.`));
}

export function createGeiOperations(client: TargetClient, options: GeiOperationsOptions = {}) {
  async function send(
    text: string,
    variables: Record<string, unknown>,
    points?: (a: GraphqlAnswer) => number | undefined,
    bounds?: OutboundBounds,
  ) {
    const before = client.sentCount();
    let answer: GraphqlAnswer;
    try {
      ({ answer } = await client.query(text, variables, bounds));
    } catch (error) {
      if (client.sentCount() > before) options.onRequest?.(undefined);
      throw error;
    }
    options.onRequest?.(points?.(answer));
    return answer;
  }

  return {
    async createMigrationSource(input: {
      ownerId: string;
      name: string;
      url: string;
    }): Promise<{ id: string }> {
      const answer = await send(CREATE_MIGRATION_SOURCE, { ...input, type: 'GITHUB_ARCHIVE' });
      const payload = fieldOf(answer, 'createMigrationSource', 'createMigrationSource');
      return { id: shaped(() => parseMigrationSourceId(payload)) };
    },

    async startRepositoryMigration(
      input: StartMigrationInput,
    ): Promise<{ id: string; state: GeiMigrationState }> {
      const answer = await send(
        START_REPOSITORY_MIGRATION,
        {
          sourceId: input.sourceId,
          ownerId: input.ownerId,
          sourceRepositoryUrl: input.sourceRepositoryUrl,
          repositoryName: input.repositoryName,
          continueOnError: true,
          gitArchiveUrl: input.archiveUrl,
          metadataArchiveUrl: input.archiveUrl,
          accessToken: input.accessToken,
          githubPat: input.githubPat,
          skipReleases: input.skipReleases ?? false,
          targetRepoVisibility: input.targetRepoVisibility,
          lockSource: false,
        },
        undefined,
        options.startBounds,
      );
      const payload = fieldOf(answer, 'startRepositoryMigration', 'startRepositoryMigration');
      const migration = shaped(() =>
        parseGeiMigration(
          payload !== null && typeof payload === 'object' && 'repositoryMigration' in payload
            ? payload.repositoryMigration
            : undefined,
        ),
      );
      if (!migration) throw new UpstreamFailureError(upstreamError(200, 'GitHub answered no migration.'));
      return { id: migration.id, state: migration.state };
    },

    /** The organization's migrations to `repositoryName` (exact name, as GitHub filters), newest first. */
    async findMigrations(input: {
      ownerLogin: string;
      repositoryName: string;
      first?: number;
    }): Promise<GeiMigration[]> {
      const first = Math.min(100, Math.max(1, Math.floor(input.first ?? 20)));
      const answer = await send(FIND_MIGRATIONS, {
        org: input.ownerLogin,
        repo: input.repositoryName,
        first,
      });
      const organization = fieldOf(answer, 'organization', 'repositoryMigrations');
      return shaped(() => parseMigrationNodes(organization));
    },

    /**
     * Each migration's state in one `nodes(ids:)` request per 100 ids, the points left read in the same request.
     * An id GitHub cannot resolve (NOT_FOUND beside its null) is absent; any other error is GitHub's refusal.
     */
    async migrationStates(ids: readonly string[]): Promise<MigrationStates> {
      const unique = [...new Set(ids.filter((id) => id.length > 0 && id.length <= 200))];
      const states = new Map<string, MigrationStatus>();
      let rateLimit: GraphqlRateLimit | undefined;
      let requests = 0;
      for (let start = 0; start < unique.length; start += IDS_PER_QUERY) {
        const chunk = unique.slice(start, start + IDS_PER_QUERY);
        let read: GraphqlRateLimit | undefined;
        const answer = await send(MIGRATION_STATES, { ids: chunk }, (a) => {
          read = shaped(() => parseGraphqlRateLimit(a.data?.rateLimit));
          return read?.cost;
        });
        requests += 1;
        const refusal = answer.errors.find(
          (error) => error.type !== 'NOT_FOUND' || error.path?.[0] !== 'nodes',
        );
        if (refusal) throw new GeiRefusedError('nodes', refusal);
        const nodes = shaped(() => parseMigrationList(answer.data?.nodes, chunk.length));
        nodes.forEach((node, i) => {
          // Only the id asked at that place: an answer about another id is not taken for it.
          if (!node || node.id !== chunk[i]) return;
          states.set(node.id, {
            state: node.state,
            ...(node.failureReason ? { failureReason: node.failureReason } : {}),
            ...(node.migrationLogUrl ? { migrationLogUrl: node.migrationLogUrl } : {}),
            ...(node.repositoryName ? { repositoryName: node.repositoryName } : {}),
          });
        });
        if (read && (!rateLimit || read.remaining <= rateLimit.remaining)) rateLimit = read;
      }
      return { states, ...(rateLimit ? { rateLimit } : {}), requests };
    },

    /** true when GitHub aborted it; a finished or unknown migration is GitHub's refusal (GeiRefusedError). */
    async abortRepositoryMigration(id: string): Promise<boolean> {
      const answer = await send(ABORT_REPOSITORY_MIGRATION, { migrationId: id });
      const payload = fieldOf(answer, 'abortRepositoryMigration', 'abortRepositoryMigration');
      return shaped(() => parseAbortSuccess(payload));
    },
  };
}

export type GeiOperations = ReturnType<typeof createGeiOperations>;
