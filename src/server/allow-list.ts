/**
 * The operations the gateway forwards. Anything else is refused before it reaches an upstream.
 * Path templates use `{name:kind}`; each kind is validated on the raw (still percent-encoded) segment, so
 * encoded slashes, dots and control characters never pass.
 */
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type ParamKind = 'login' | 'repo' | 'id' | 'tld';

export interface Operation {
  id: string;
  upstream: 'github' | 'registrar';
  method: Method;
  path: string;
  query?: readonly string[];
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
}

export const LARGE_ANSWER_FACTOR = 8;

const PAGED = ['per_page', 'page'] as const;

export const OPERATIONS: readonly Operation[] = [
  { id: 'rate-limit/get', upstream: 'github', method: 'GET', path: 'rate_limit' },
  { id: 'users/get-authenticated', upstream: 'github', method: 'GET', path: 'user' },
  {
    id: 'orgs/list-for-authenticated-user',
    upstream: 'github',
    method: 'GET',
    path: 'user/orgs',
    query: PAGED,
  },
  {
    id: 'repos/list-for-authenticated-user',
    upstream: 'github',
    method: 'GET',
    path: 'user/repos',
    query: [...PAGED, 'type', 'sort', 'affiliation'],
  },
  {
    id: 'repos/list-for-org',
    upstream: 'github',
    method: 'GET',
    path: 'orgs/{org:login}/repos',
    query: [...PAGED, 'type', 'sort'],
  },
  // Organization migrations
  {
    id: 'migrations/list-for-org',
    upstream: 'github',
    method: 'GET',
    path: 'orgs/{org:login}/migrations',
    query: [...PAGED, 'exclude'],
    preview: true,
  },
  { id: 'migrations/start-for-org', upstream: 'github', method: 'POST', path: 'orgs/{org:login}/migrations' },
  {
    id: 'migrations/get-status-for-org',
    upstream: 'github',
    method: 'GET',
    path: 'orgs/{org:login}/migrations/{migration_id:id}',
    query: ['exclude'],
    preview: true,
  },
  {
    id: 'migrations/download-archive-for-org',
    upstream: 'github',
    method: 'GET',
    path: 'orgs/{org:login}/migrations/{migration_id:id}/archive',
    preview: true,
    archive: true,
  },
  {
    id: 'migrations/delete-archive-for-org',
    upstream: 'github',
    method: 'DELETE',
    path: 'orgs/{org:login}/migrations/{migration_id:id}/archive',
    preview: true,
  },
  {
    id: 'migrations/unlock-repo-for-org',
    upstream: 'github',
    method: 'DELETE',
    path: 'orgs/{org:login}/migrations/{migration_id:id}/repos/{repo_name:repo}/lock',
    preview: true,
  },
  {
    id: 'migrations/list-repos-for-org',
    upstream: 'github',
    method: 'GET',
    path: 'orgs/{org:login}/migrations/{migration_id:id}/repositories',
    query: PAGED,
    preview: true,
  },
  // User migrations
  {
    id: 'migrations/list-for-authenticated-user',
    upstream: 'github',
    method: 'GET',
    path: 'user/migrations',
    query: PAGED,
    preview: true,
  },
  {
    id: 'migrations/start-for-authenticated-user',
    upstream: 'github',
    method: 'POST',
    path: 'user/migrations',
  },
  {
    id: 'migrations/get-status-for-authenticated-user',
    upstream: 'github',
    method: 'GET',
    path: 'user/migrations/{migration_id:id}',
    query: ['exclude'],
    preview: true,
  },
  {
    id: 'migrations/get-archive-for-authenticated-user',
    upstream: 'github',
    method: 'GET',
    path: 'user/migrations/{migration_id:id}/archive',
    preview: true,
    archive: true,
  },
  {
    id: 'migrations/delete-archive-for-authenticated-user',
    upstream: 'github',
    method: 'DELETE',
    path: 'user/migrations/{migration_id:id}/archive',
    preview: true,
  },
  {
    id: 'migrations/unlock-repo-for-authenticated-user',
    upstream: 'github',
    method: 'DELETE',
    path: 'user/migrations/{migration_id:id}/repos/{repo_name:repo}/lock',
    preview: true,
  },
  {
    id: 'migrations/list-repos-for-authenticated-user',
    upstream: 'github',
    method: 'GET',
    path: 'user/migrations/{migration_id:id}/repositories',
    query: PAGED,
    preview: true,
  },
  // Source imports
  {
    id: 'migrations/get-import-status',
    upstream: 'github',
    method: 'GET',
    path: 'repos/{owner:login}/{repo:repo}/import',
    absentAsNull: true,
  },
  {
    id: 'migrations/start-import',
    upstream: 'github',
    method: 'PUT',
    path: 'repos/{owner:login}/{repo:repo}/import',
  },
  {
    id: 'migrations/update-import',
    upstream: 'github',
    method: 'PATCH',
    path: 'repos/{owner:login}/{repo:repo}/import',
  },
  {
    id: 'migrations/cancel-import',
    upstream: 'github',
    method: 'DELETE',
    path: 'repos/{owner:login}/{repo:repo}/import',
  },
  {
    id: 'migrations/get-commit-authors',
    upstream: 'github',
    method: 'GET',
    path: 'repos/{owner:login}/{repo:repo}/import/authors',
    query: ['since'],
    largeAnswer: true,
  },
  {
    id: 'migrations/map-commit-author',
    upstream: 'github',
    method: 'PATCH',
    path: 'repos/{owner:login}/{repo:repo}/import/authors/{author_id:id}',
  },
  {
    id: 'migrations/get-large-files',
    upstream: 'github',
    method: 'GET',
    path: 'repos/{owner:login}/{repo:repo}/import/large_files',
  },
  {
    id: 'migrations/set-lfs-preference',
    upstream: 'github',
    method: 'PATCH',
    path: 'repos/{owner:login}/{repo:repo}/import/lfs',
  },
  // Registrar
  { id: 'registrar/ping', upstream: 'registrar', method: 'POST', path: 'ping' },
  {
    id: 'registrar/get-registration-requirements',
    upstream: 'registrar',
    method: 'GET',
    path: 'domain/getRegistrationRequirements/{tld:tld}',
  },
  // The registrar's `describedby` document (OpenAPI): public, fetched without keys.
  { id: 'registrar/spec', upstream: 'registrar', method: 'GET', path: 'spec' },
];

/** GitHub logins: alphanumerics and single inner hyphens, at most 39 characters. */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
/** Repository names: letters, digits, `.`, `-`, `_`; not `.` or `..`. */
const REPO = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,100}$/;
const ID = /^[1-9][0-9]{0,15}$/;
/** A TLD in ASCII (IDNs as xn--): one or more dot-separated LDH labels. */
const TLD = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const PARAM_RULES: Record<ParamKind, RegExp> = { login: LOGIN, repo: REPO, id: ID, tld: TLD };
const QUERY_VALUE = /^[A-Za-z0-9_,.-]{0,100}$/;

export interface Match {
  operation: Operation;
  /** The validated path to append to the upstream base. */
  path: string;
  params: Record<string, string>;
}

export type MatchResult =
  { ok: true; match: Match } | { ok: false; status: 400 | 404 | 405; message: string };

/** Params when the template matches, `null` when its shape differs, or why a parameter is invalid. */
function matchTemplate(template: string, segments: string[]): Record<string, string> | null | string {
  const parts = template.split('/');
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index] ?? '';
    const param = /^\{(\w+):(\w+)\}$/.exec(part);
    if (!param) {
      if (part !== segment) return null;
      continue;
    }
    const [, name, kind] = param;
    if (!PARAM_RULES[kind as ParamKind].test(segment))
      return `Invalid ${name}: ${JSON.stringify(segment.slice(0, 120))}`;
    params[name as string] = segment;
  }
  return params;
}

/**
 * Find the allowed operation for `method` + raw `path` (relative to `/api/<upstream>/`) and check its query.
 */
export function matchOperation(
  upstream: Operation['upstream'],
  method: string,
  rawPath: string,
  query: URLSearchParams,
): MatchResult {
  const segments = rawPath.split('/');
  let shapeMatched = false;
  let invalid: string | undefined;
  for (const operation of OPERATIONS) {
    if (operation.upstream !== upstream) continue;
    const result = matchTemplate(operation.path, segments);
    if (result === null) continue;
    if (typeof result === 'string') {
      invalid ??= result;
      continue;
    }
    shapeMatched = true;
    if (operation.method !== method) continue;
    for (const [key, value] of query) {
      if (!operation.query?.includes(key))
        return { ok: false, status: 400, message: `Query parameter not allowed: ${key.slice(0, 60)}` };
      if (!QUERY_VALUE.test(value)) return { ok: false, status: 400, message: `Invalid value for ${key}` };
    }
    return { ok: true, match: { operation, path: segments.join('/'), params: result } };
  }
  if (invalid) return { ok: false, status: 400, message: invalid };
  if (shapeMatched) return { ok: false, status: 405, message: `Method ${method} is not allowed here` };
  return { ok: false, status: 404, message: 'This operation is not forwarded by Ferry’s gateway' };
}
