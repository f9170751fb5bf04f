/**
 * The operations the gateway forwards. Anything else is refused before it reaches an upstream.
 * Path templates use `{name:kind}`; each kind is validated on the raw (still percent-encoded) segment, so
 * encoded slashes, dots and control characters never pass.
 */
import {
  GITHUB_OPERATIONS,
  PARAM_RULES,
  type GithubOperation,
  type ParamKind,
} from '@/contracts/github/operations';

/**
 * An operation the gateway forwards: GitHub's come from the operation table in src/contracts/github;
 * the registrar's few are listed here.
 */
export type Operation = Omit<GithubOperation, 'credentials' | 'id'> & {
  id: string;
  upstream: 'github' | 'registrar';
  credentials?: GithubOperation['credentials'];
};

const REGISTRAR_OPERATIONS: readonly Operation[] = [
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

export const OPERATIONS: readonly Operation[] = [
  ...GITHUB_OPERATIONS.map((operation): Operation => ({ ...operation, upstream: 'github' })),
  ...REGISTRAR_OPERATIONS,
];

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
