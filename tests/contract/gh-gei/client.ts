/**
 * gh-gei v1.32.0's GithubApi (src/Octoshift/Services/GithubApi.cs) — the methods that `migrate-repo` (GHES source,
 * `--use-github-storage`), `wait-for-migration`, `download-logs`, `generate-mannequin-csv` and `reclaim-mannequin`
 * call, one function each, with the same URL, body (property order included), retry wrapper and exception
 * mapping as the C# method named in its comment. The GHES source is a GithubApi too (`--ghes-api-url` as its
 * API URL). The wire beneath: github-client.ts, retry-policy.ts, wire.ts; the commands: commands.ts.
 */
import { ArchiveUploader } from './archive-uploader';
import { type GeiRuntime, GithubClient } from './github-client';
import * as Q from './graphql';
import { asArray, asInt, asNullableInt, asString, at, parseObject } from './jtoken';
import {
  type AttributionResult,
  type Mannequin,
  type Migration,
  attributionResult,
  buildMannequin,
} from './models';
import type { RetryPolicy } from './retry-policy';
import { HttpRequestError, OctoshiftCliError, escapeDataString } from './wire';

export { HttpRequestError, OctoshiftCliError } from './wire';
export type { GeiRuntime } from './github-client';
export type { AttributionResult, Mannequin, Migration, UserInfo } from './models';

const DEFAULT_API_URL = 'https://api.github.com';
const DEFAULT_UPLOADS_URL = 'https://uploads.github.com';

/**
 * GithubApiFactory.Create(apiUrl, uploadsUrl, pat): a GithubClient with its own HttpClient ("Default": no
 * redirects), RetryPolicy.WithServiceName("GitHub") for the client, the singleton policy for GithubApi and the
 * ArchiveUploader.
 */
export function createGithubApi(
  runtime: GeiRuntime,
  policy: RetryPolicy,
  apiUrl: string | undefined,
  uploadsUrl: string | undefined,
  personalAccessToken: string,
): GithubApi {
  const client = new GithubClient(runtime, policy, personalAccessToken);
  const uploader = new ArchiveUploader(client, uploadsUrl ?? DEFAULT_UPLOADS_URL, runtime, policy);
  return new GithubApi(client, apiUrl ?? DEFAULT_API_URL, policy, uploader);
}

function wrap(message: string) {
  return (error: unknown): never => {
    throw new OctoshiftCliError(message, { cause: error });
  };
}

export class GithubApi {
  private readonly graphqlUrl: string;

  constructor(
    readonly client: GithubClient,
    readonly apiUrl: string,
    private readonly retryPolicy: RetryPolicy,
    readonly uploader: ArchiveUploader,
  ) {
    this.graphqlUrl = `${apiUrl}/graphql`;
  }

  /** GetEnterpriseServerVersion: `GET {api}/meta` → `installed_version`. */
  async getEnterpriseServerVersion(): Promise<string | null> {
    const response = await this.client.getAsync(`${this.apiUrl}/meta`);
    return asString(at(parseObject(response), 'installed_version'));
  }

  /** DoesRepoExist: `GET {api}/repos/{org}/{repo}` expecting 404 (any other status is an exception, retried). */
  async doesRepoExist(org: string, repo: string): Promise<boolean> {
    const url = `${this.apiUrl}/repos/${escapeDataString(org)}/${escapeDataString(repo)}`;
    try {
      await this.client.getNonSuccessAsync(url, 404);
      return false;
    } catch (error) {
      if (error instanceof HttpRequestError && error.statusCode === 200) return true;
      if (error instanceof HttpRequestError && error.statusCode === 301) return false;
      throw error;
    }
  }

  /** DoesOrgExist: `GET {api}/orgs/{org}`; 404 (after the retries) is false. */
  async doesOrgExist(org: string): Promise<boolean> {
    try {
      await this.client.getAsync(`${this.apiUrl}/orgs/${escapeDataString(org)}`);
      return true;
    } catch (error) {
      if (error instanceof HttpRequestError && error.statusCode === 404) return false;
      throw error;
    }
  }

  /** GetOrgMembershipForUser: `GET {api}/orgs/{org}/memberships/{member}` (not escaped) → role; 404 is null. */
  async getOrgMembershipForUser(org: string, member: string): Promise<string | null> {
    try {
      const response = await this.client.getAsync(`${this.apiUrl}/orgs/${org}/memberships/${member}`);
      return asString(at(parseObject(response), 'role'));
    } catch (error) {
      if (error instanceof HttpRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  /** GetLoginName */
  getLoginName(): Promise<string | null> {
    const payload = { query: Q.GET_LOGIN_NAME };
    return this.retryPolicy
      .retry(async () =>
        asString(at(await this.client.postGraphQLAsync(this.graphqlUrl, payload), 'data', 'viewer', 'login')),
      )
      .catch(wrap('Failed to lookup the login for current user'));
  }

  /** GetOrganizationId */
  getOrganizationId(org: string): Promise<string | null> {
    const payload = { query: Q.GET_ORGANIZATION_ID, variables: { login: org } };
    return this.retryPolicy
      .retry(async () =>
        asString(
          at(await this.client.postGraphQLAsync(this.graphqlUrl, payload), 'data', 'organization', 'id'),
        ),
      )
      .catch(wrap(`Failed to lookup the Organization ID for organization '${org}'`));
  }

  /** GetOrganizationDatabaseId */
  getOrganizationDatabaseId(org: string): Promise<string | null> {
    const payload = { query: Q.GET_ORGANIZATION_DATABASE_ID, variables: { login: org } };
    return this.retryPolicy
      .retry(async () =>
        asString(
          at(
            await this.client.postGraphQLAsync(this.graphqlUrl, payload),
            'data',
            'organization',
            'databaseId',
          ),
        ),
      )
      .catch(wrap(`Failed to lookup the Organization database ID for organization '${org}'`));
  }

  /** CreateGhecMigrationSource (no retry). */
  async createGhecMigrationSource(orgId: string | null): Promise<string | null> {
    const payload = {
      query: Q.CREATE_GHEC_MIGRATION_SOURCE,
      variables: { name: 'GHEC Source', url: 'https://github.com', ownerId: orgId, type: 'GITHUB_ARCHIVE' },
      operationName: 'createMigrationSource',
    };
    const data = await this.client.postGraphQLAsync(this.graphqlUrl, payload);
    return asString(at(data, 'data', 'createMigrationSource', 'migrationSource', 'id'));
  }

  /** StartMigration (no retry; `continueOnError` always true). */
  async startMigration(input: {
    migrationSourceId: string | null;
    sourceRepoUrl: string;
    orgId: string | null;
    repo: string;
    sourceToken: string | null;
    targetToken: string | null;
    gitArchiveUrl: string | null;
    metadataArchiveUrl: string | null;
    skipReleases: boolean;
    targetRepoVisibility: string | null;
    lockSource: boolean;
  }): Promise<string | null> {
    const payload = {
      query: Q.START_MIGRATION,
      variables: {
        sourceId: input.migrationSourceId,
        ownerId: input.orgId,
        sourceRepositoryUrl: input.sourceRepoUrl,
        repositoryName: input.repo,
        continueOnError: true,
        gitArchiveUrl: input.gitArchiveUrl,
        metadataArchiveUrl: input.metadataArchiveUrl,
        accessToken: input.sourceToken,
        githubPat: input.targetToken,
        skipReleases: input.skipReleases,
        targetRepoVisibility: input.targetRepoVisibility,
        lockSource: input.lockSource,
      },
      operationName: 'startRepositoryMigration',
    };
    const data = await this.client.postGraphQLAsync(this.graphqlUrl, payload);
    return asString(at(data, 'data', 'startRepositoryMigration', 'repositoryMigration', 'id'));
  }

  /** GetMigration: Retry around PostGraphQLWithRetryAsync; every read inside the retry. */
  getMigration(migrationId: string): Promise<Migration> {
    const payload = { query: Q.GET_MIGRATION, variables: { id: migrationId } };
    return this.retryPolicy
      .retry(async () => {
        const node = at(
          await this.client.postGraphQLWithRetryAsync(this.graphqlUrl, payload),
          'data',
          'node',
        );
        return {
          state: asString(at(node, 'state')),
          repositoryName: asString(at(node, 'repositoryName')),
          warningsCount: asInt(at(node, 'warningsCount')),
          failureReason: asString(at(node, 'failureReason')),
          migrationLogUrl: asString(at(node, 'migrationLogUrl')),
        };
      })
      .catch(wrap(`Failed to get migration state for migration ${migrationId}`));
  }

  /** GetOrganizationMigration (wait-for-migration with an `OM_` id). */
  getOrganizationMigration(migrationId: string) {
    const payload = { query: Q.GET_ORGANIZATION_MIGRATION, variables: { id: migrationId } };
    return this.retryPolicy
      .retry(async () => {
        const node = at(await this.client.postGraphQLAsync(this.graphqlUrl, payload), 'data', 'node');
        return {
          state: asString(at(node, 'state')),
          sourceOrgUrl: asString(at(node, 'sourceOrgUrl')),
          targetOrgName: asString(at(node, 'targetOrgName')),
          failureReason: asString(at(node, 'failureReason')),
          remainingRepositoriesCount: asNullableInt(at(node, 'remainingRepositoriesCount')),
          totalRepositoriesCount: asNullableInt(at(node, 'totalRepositoriesCount')),
        };
      })
      .catch(wrap(`Failed to get migration state for migration ${migrationId}`));
  }

  /** GetMigrationLogUrl: the last migration of `repo` in `org`, or null when there is none. */
  getMigrationLogUrl(
    org: string,
    repo: string,
  ): Promise<{ migrationLogUrl: string | null; migrationId: string | null } | null> {
    const payload = { query: Q.GET_MIGRATION_LOG_URL, variables: { org, repo } };
    return this.retryPolicy
      .retry(async () => {
        const data = await this.client.postGraphQLAsync(this.graphqlUrl, payload);
        const nodes = asArray(at(data, 'data', 'organization', 'repositoryMigrations', 'nodes'));
        return nodes.length === 0
          ? null
          : {
              migrationLogUrl: asString(at(nodes[0], 'migrationLogUrl')),
              migrationId: asString(at(nodes[0], 'id')),
            };
      })
      .catch(wrap('Failed to get migration log URL.'));
  }

  /** GetMannequins: every page (first 100), inside one Retry. */
  getMannequins(orgId: string | null): Promise<Mannequin[]> {
    const payload = { query: Q.GET_MANNEQUINS, variables: { id: orgId } };
    return this.retryPolicy
      .retry(() => this.mannequinPages(payload))
      .catch(wrap('Failed to retrieve the list of mannequins'));
  }

  /** GetMannequinsByLogin (reclaim-mannequin without --csv); no exception mapping. */
  getMannequinsByLogin(orgId: string | null, login: string): Promise<Mannequin[]> {
    const payload = { query: Q.GET_MANNEQUINS_BY_LOGIN, variables: { id: orgId, login } };
    return this.retryPolicy.retry(() => this.mannequinPages(payload));
  }

  private async mannequinPages(payload: { query: string; variables: Record<string, unknown> }) {
    const mannequins: Mannequin[] = [];
    const pages = this.client.postGraphQLWithPaginationAsync(
      this.graphqlUrl,
      payload,
      (data) => asArray(at(data, 'data', 'node', 'mannequins', 'nodes')),
      (data) => at(data, 'data', 'node', 'mannequins', 'pageInfo'),
    );
    for await (const mannequin of pages) mannequins.push(buildMannequin(mannequin));
    return mannequins;
  }

  /** GetUserId (no retry: "TODO: Add retry logic here"). */
  async getUserId(login: string): Promise<string | null> {
    const payload = { query: Q.GET_USER_ID, variables: { login } };
    const data = await this.client.postGraphQLAsync(this.graphqlUrl, payload);
    return asString(at(data, 'data', 'user', 'id'));
  }

  /** CreateAttributionInvitation: a plain PostAsync (GraphQL errors are not thrown) read with ToObject. */
  async createAttributionInvitation(
    orgId: string | null,
    mannequinId: string | null,
    targetUserId: string | null,
  ) {
    const payload = {
      query: Q.CREATE_ATTRIBUTION_INVITATION,
      variables: { orgId, sourceId: mannequinId, targetId: targetUserId },
    };
    const data = parseObject(await this.client.postAsync(this.graphqlUrl, payload));
    return attributionResult(data, 'createAttributionInvitation');
  }

  /** ReclaimMannequinSkipInvitation (`--skip-invitation`, EMU organizations). */
  reclaimMannequinSkipInvitation(
    orgId: string | null,
    mannequinId: string | null,
    targetUserId: string | null,
  ) {
    const payload = {
      query: Q.REATTRIBUTE_MANNEQUIN_TO_USER,
      variables: { orgId, sourceId: mannequinId, targetId: targetUserId },
    };
    return this.retryPolicy
      .retry(async () =>
        attributionResult(
          await this.client.postGraphQLAsync(this.graphqlUrl, payload),
          'reattributeMannequinToUser',
        ),
      )
      .catch((error: unknown) => {
        const message = error instanceof OctoshiftCliError ? error.message : '';
        if (message.includes("Field 'reattributeMannequinToUser' doesn't exist on type 'Mutation'")) {
          throw new OctoshiftCliError(
            'Reclaiming mannequins with the--skip - invitation flag is not enabled for your GitHub organization.For more details, contact GitHub Support.',
            { cause: error },
          );
        }
        if (message.includes('Target must be a member')) {
          return {
            data: null,
            hasData: false,
            errors: [{ message, type: null }],
          } satisfies AttributionResult;
        }
        throw error;
      });
  }

  /** StartGitArchiveGeneration: `POST {ghes}/orgs/{org}/migrations` {repositories, exclude_metadata}. */
  async startGitArchiveGeneration(org: string, repo: string): Promise<number> {
    const url = `${this.apiUrl}/orgs/${escapeDataString(org)}/migrations`;
    try {
      const response = await this.client.postAsync(url, { repositories: [repo], exclude_metadata: true });
      return asInt(at(parseObject(response), 'id'));
    } catch (error) {
      if (error instanceof HttpRequestError && error.message.includes('configure blob storage')) {
        throw new OctoshiftCliError(error.message, { cause: error });
      }
      throw error;
    }
  }

  /** StartMetadataArchiveGeneration */
  async startMetadataArchiveGeneration(
    org: string,
    repo: string,
    skipReleases: boolean,
    lockSource: boolean,
  ) {
    const url = `${this.apiUrl}/orgs/${escapeDataString(org)}/migrations`;
    const options = {
      repositories: [repo],
      exclude_git_data: true,
      exclude_releases: skipReleases,
      lock_repositories: lockSource,
      exclude_owner_projects: true,
    };
    return asInt(at(parseObject(await this.client.postAsync(url, options)), 'id'));
  }

  /** GetArchiveMigrationStatus: `GET {ghes}/orgs/{org}/migrations/{id}` → state. */
  async getArchiveMigrationStatus(org: string, archiveId: number): Promise<string | null> {
    const url = `${this.apiUrl}/orgs/${escapeDataString(org)}/migrations/${archiveId}`;
    return asString(at(parseObject(await this.client.getAsync(url)), 'state'));
  }

  /**
   * GetArchiveMigrationUrl: `GET {ghes}/orgs/{org}/migrations/{id}/archive` expecting 302 (redirects are not
   * followed) and returning the answer's BODY as the archive URL — not its `Location` header.
   */
  getArchiveMigrationUrl(org: string, archiveId: number): Promise<string> {
    const url = `${this.apiUrl}/orgs/${escapeDataString(org)}/migrations/${archiveId}/archive`;
    return this.client.getNonSuccessAsync(url, 302);
  }

  /** UploadArchiveToGithubStorage */
  uploadArchiveToGithubStorage(orgDatabaseId: string | null, archiveName: string, archive: Buffer) {
    return this.uploader.upload(archive, archiveName, orgDatabaseId as string);
  }
}
