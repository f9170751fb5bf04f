import { ID_PATTERN, LOGIN_PATTERN, REPO_NAME_PATTERN, TLD_PATTERN } from './names';

/**
 * Every GitHub operation Ferry calls, the one table: the gateway's allow-list is built from it, the SPA's
 * feature clients take their paths from it (`githubPath`), the watcher reads which answers it follows.
 * Path templates use `{name:kind}`; each kind is a rule of `names.ts`, checked on the raw segment.
 *
 * What each costs is GitHub's rule, the same for every row: one request of the primary budget, nothing for
 * `GET /rate_limit` or for a read answered 304 (every GET here revalidates with its ETag); writes weigh five
 * points of the secondary limit and are sent one at a time.
 */
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type ParamKind = 'login' | 'repo' | 'id' | 'tld';

/** What the watcher keeps of an answer: one migration, one import, a list of migrations, a migration's repositories. */
export type WatchKind = 'migration' | 'import' | 'list' | 'repos';

/**
 * Who may call an operation. GitHub's published description marks every migration-export operation
 * `x-github.enabledForGitHubApps: false` (checked against @octokit/openapi by operations.test.ts): an App
 * installation token cannot call them. Fine-grained tokens may, with the permission GitHub names in
 * `X-Accepted-GitHub-Permissions` when it refuses.
 */
export type CredentialKind = 'classic' | 'fine-grained' | 'app';
const ANY_CREDENTIAL: readonly CredentialKind[] = ['classic', 'fine-grained', 'app'];
const NO_APPS: readonly CredentialKind[] = ['classic', 'fine-grained'];

export interface GithubOperation {
  /** GitHub's operationId. */
  id: string;
  method: Method;
  path: string;
  query?: readonly string[];
  credentials: readonly CredentialKind[];
  /** Needs `application/vnd.github.wyandotte-preview+json`. */
  preview?: boolean;
  /** Answers 302 to an archive in storage; the gateway resolves it. */
  archive?: boolean;
  /**
   * One answer holds a whole list that cannot be paged (every commit author: 100,000 are ~25 MB): read up to
   * LARGE_ANSWER_FACTOR times the JSON cap.
   */
  largeAnswer?: boolean;
  /** GitHub's 404 means "none" here, not an error: answered as `200 null` on request (ABSENT_HEADER). */
  absentAsNull?: boolean;
  /** The shared watcher follows this answer and serves every browser from its snapshot. */
  watch?: WatchKind;
}

export const LARGE_ANSWER_FACTOR = 8;

const PAGED = ['per_page', 'page'] as const;

export const GITHUB_OPERATIONS = [
  { id: 'rate-limit/get', credentials: ANY_CREDENTIAL, method: 'GET', path: 'rate_limit' },
  { id: 'users/get-authenticated', credentials: NO_APPS, method: 'GET', path: 'user' },
  {
    id: 'orgs/list-for-authenticated-user',
    credentials: NO_APPS,
    method: 'GET',
    path: 'user/orgs',
    query: PAGED,
  },
  {
    id: 'repos/list-for-authenticated-user',
    credentials: NO_APPS,
    method: 'GET',
    path: 'user/repos',
    query: [...PAGED, 'type', 'sort', 'affiliation'],
  },
  {
    id: 'repos/list-for-org',
    credentials: ANY_CREDENTIAL,
    method: 'GET',
    path: 'orgs/{org:login}/repos',
    query: [...PAGED, 'type', 'sort'],
  },
  // Organization migrations
  {
    id: 'migrations/list-for-org',
    watch: 'list',
    credentials: NO_APPS,
    method: 'GET',
    path: 'orgs/{org:login}/migrations',
    query: [...PAGED, 'exclude'],
    preview: true,
  },
  {
    id: 'migrations/start-for-org',
    credentials: NO_APPS,
    method: 'POST',
    path: 'orgs/{org:login}/migrations',
  },
  {
    id: 'migrations/get-status-for-org',
    watch: 'migration',
    credentials: NO_APPS,
    method: 'GET',
    path: 'orgs/{org:login}/migrations/{migration_id:id}',
    query: ['exclude'],
    preview: true,
  },
  {
    id: 'migrations/download-archive-for-org',
    credentials: NO_APPS,
    method: 'GET',
    path: 'orgs/{org:login}/migrations/{migration_id:id}/archive',
    preview: true,
    archive: true,
  },
  {
    id: 'migrations/delete-archive-for-org',
    credentials: NO_APPS,
    method: 'DELETE',
    path: 'orgs/{org:login}/migrations/{migration_id:id}/archive',
    preview: true,
  },
  {
    id: 'migrations/unlock-repo-for-org',
    credentials: NO_APPS,
    method: 'DELETE',
    path: 'orgs/{org:login}/migrations/{migration_id:id}/repos/{repo_name:repo}/lock',
    preview: true,
  },
  {
    id: 'migrations/list-repos-for-org',
    watch: 'repos',
    credentials: NO_APPS,
    method: 'GET',
    path: 'orgs/{org:login}/migrations/{migration_id:id}/repositories',
    query: PAGED,
    preview: true,
  },
  // User migrations
  {
    id: 'migrations/list-for-authenticated-user',
    watch: 'list',
    credentials: NO_APPS,
    method: 'GET',
    path: 'user/migrations',
    query: PAGED,
    preview: true,
  },
  {
    id: 'migrations/start-for-authenticated-user',
    credentials: NO_APPS,
    method: 'POST',
    path: 'user/migrations',
  },
  {
    id: 'migrations/get-status-for-authenticated-user',
    watch: 'migration',
    credentials: NO_APPS,
    method: 'GET',
    path: 'user/migrations/{migration_id:id}',
    query: ['exclude'],
    preview: true,
  },
  {
    id: 'migrations/get-archive-for-authenticated-user',
    credentials: NO_APPS,
    method: 'GET',
    path: 'user/migrations/{migration_id:id}/archive',
    preview: true,
    archive: true,
  },
  {
    id: 'migrations/delete-archive-for-authenticated-user',
    credentials: NO_APPS,
    method: 'DELETE',
    path: 'user/migrations/{migration_id:id}/archive',
    preview: true,
  },
  {
    id: 'migrations/unlock-repo-for-authenticated-user',
    credentials: NO_APPS,
    method: 'DELETE',
    path: 'user/migrations/{migration_id:id}/repos/{repo_name:repo}/lock',
    preview: true,
  },
  {
    id: 'migrations/list-repos-for-authenticated-user',
    watch: 'repos',
    credentials: NO_APPS,
    method: 'GET',
    path: 'user/migrations/{migration_id:id}/repositories',
    query: PAGED,
    preview: true,
  },
  // Source imports
  {
    id: 'migrations/get-import-status',
    watch: 'import',
    credentials: ANY_CREDENTIAL,
    method: 'GET',
    path: 'repos/{owner:login}/{repo:repo}/import',
    absentAsNull: true,
  },
  {
    id: 'migrations/start-import',
    credentials: ANY_CREDENTIAL,
    method: 'PUT',
    path: 'repos/{owner:login}/{repo:repo}/import',
  },
  {
    id: 'migrations/update-import',
    credentials: ANY_CREDENTIAL,
    method: 'PATCH',
    path: 'repos/{owner:login}/{repo:repo}/import',
  },
  {
    id: 'migrations/cancel-import',
    credentials: ANY_CREDENTIAL,
    method: 'DELETE',
    path: 'repos/{owner:login}/{repo:repo}/import',
  },
  {
    id: 'migrations/get-commit-authors',
    credentials: ANY_CREDENTIAL,
    method: 'GET',
    path: 'repos/{owner:login}/{repo:repo}/import/authors',
    query: ['since'],
    largeAnswer: true,
  },
  {
    id: 'migrations/map-commit-author',
    credentials: ANY_CREDENTIAL,
    method: 'PATCH',
    path: 'repos/{owner:login}/{repo:repo}/import/authors/{author_id:id}',
  },
  {
    id: 'migrations/get-large-files',
    credentials: ANY_CREDENTIAL,
    method: 'GET',
    path: 'repos/{owner:login}/{repo:repo}/import/large_files',
  },
  {
    id: 'migrations/set-lfs-preference',
    credentials: ANY_CREDENTIAL,
    method: 'PATCH',
    path: 'repos/{owner:login}/{repo:repo}/import/lfs',
  },
] as const satisfies readonly GithubOperation[];

export type GithubOperationId = (typeof GITHUB_OPERATIONS)[number]['id'];

/**
 * The calls the gateway makes itself for an App credential, with the App's JWT (through @octokit/auth-app):
 * never forwarded for a browser, so not on the allow-list. Listed so the contract tests check the simulator's
 * answers to them against GitHub's description too.
 */
export const GITHUB_APP_OPERATIONS = [
  { id: 'apps/list-installations', method: 'GET', path: 'app/installations' },
  { id: 'apps/get-installation', method: 'GET', path: 'app/installations/{installation_id:id}' },
  {
    id: 'apps/create-installation-access-token',
    method: 'POST',
    path: 'app/installations/{installation_id:id}/access_tokens',
  },
] as const;

/**
 * Writes the gateway sends itself to the source, never forwarded for a browser (not on the allow-list: a page
 * must not rename, archive or publish a repository through the gateway): a move archives its source after
 * validation (`src/server/moves/run/`). Listed so the contract tests check the simulator's answers too.
 */
export const GITHUB_GATEWAY_WRITES = [
  { id: 'repos/update', method: 'PATCH', path: 'repos/{owner:login}/{repo:repo}' },
] as const;

const BY_ID = new Map<string, GithubOperation>(
  GITHUB_OPERATIONS.map((operation) => [operation.id, operation]),
);

export function githubOperation(id: GithubOperationId): GithubOperation {
  return BY_ID.get(id)!;
}

export const PARAM_RULES: Record<ParamKind, RegExp> = {
  login: LOGIN_PATTERN,
  repo: REPO_NAME_PATTERN,
  id: ID_PATTERN,
  tld: TLD_PATTERN,
};

/**
 * The upstream path of an operation (relative to the API base), parameters percent-encoded: the SPA's
 * clients ask the gateway for `/api/github/<this>`, the wave runner asks GitHub for it.
 */
export function githubPath(id: GithubOperationId, params: Record<string, string | number> = {}): string {
  return githubOperation(id).path.replace(/\{(\w+):\w+\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${id} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}
