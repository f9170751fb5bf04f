import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { GithubEnv } from './auth';

/** Where GitHub's REST API is mounted in the simulator: the GitHub Enterprise Server form, `/api/v3`. */
export const GITHUB_PREFIX = '/api/v3';
export const DOCS = 'https://docs.github.com/rest';

/**
 * Set by Ferry's gateway on requests to its embedded simulator: the gateway's own origin. The simulator then writes
 * body URLs there (`…/api/github/…`, which resolve through the gateway) instead of on its internal address, which
 * resolves nowhere. Honoured only by a simulator created with `trustGatewayOrigin`.
 */
export const GATEWAY_ORIGIN_HEADER = 'x-ferry-gateway-origin';

/** The gateway origin a request carries, when the simulator trusts it and it is a plain http(s) origin. */
export function gatewayOriginOf(request: Request): string | undefined {
  const value = request.headers.get(GATEWAY_ORIGIN_HEADER);
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value
      ? value
      : undefined;
  } catch {
    return undefined;
  }
}

/** Where API URLs in bodies point: the request's own origin (or, behind the gateway, the gateway's). */
export function apiBase(c: Context<GithubEnv>): string {
  const gateway = c.get('gatewayOrigin');
  return gateway ? `${gateway}/api/github` : new URL(c.req.url).origin + GITHUB_PREFIX;
}

export function webBase(c: Context<GithubEnv>): string {
  return c.get('gatewayOrigin') ?? new URL(c.req.url).origin;
}

/** GitHub's JSON content type, on errors too (Hono's `c.json` sends no charset). */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON answer with GitHub's content type. */
export function githubJson(
  c: Context,
  body: unknown,
  status: 200 | 201 | 400 | 401 | 403 | 404 | 409 | 410 | 415 | 422 | 500 | 503,
) {
  return c.body(JSON.stringify(body), status, { 'content-type': JSON_TYPE });
}

/** GitHub's `basic-error` body, with the status as a string as newer responses carry it. */
export function githubError(
  c: Context,
  status: 400 | 401 | 403 | 404 | 409 | 410 | 415 | 422 | 500 | 503,
  message: string,
  extra: Record<string, unknown> = {},
) {
  return githubJson(c, { message, documentation_url: DOCS, status: String(status), ...extra }, status);
}

export function validationFailed(
  c: Context,
  errors: { resource: string; field?: string; code: string; message?: string }[],
) {
  return githubJson(c, { message: 'Validation Failed', errors, documentation_url: DOCS, status: '422' }, 422);
}

export function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('hex')}"`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (value: string) => value.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim() === '*' || bare(candidate) === bare(etag));
}

/** A JSON 200 with an ETag; answers 304 when the client already has it. */
export function sendJson(c: Context, body: unknown, status: 200 | 201 = 200): Response {
  const text = JSON.stringify(body);
  return sendJsonText(c, text, etagOf(text), status);
}

/** `sendJson` for a body already serialized (and hashed) by the caller. */
export function sendJsonText(c: Context, text: string, etag: string, status: 200 | 201 = 200): Response {
  const headers = {
    'content-type': JSON_TYPE,
    etag,
    'cache-control': 'private, max-age=60, s-maxage=60',
    vary: 'Accept, Authorization, Cookie, X-GitHub-OTP',
  };
  if (status === 200 && c.req.method === 'GET' && matchesEtag(c.req.header('if-none-match'), etag)) {
    return c.body(null, 304, { etag, 'cache-control': headers['cache-control'], vary: headers.vary });
  }
  return c.body(text, status, headers);
}

/** How an operation pages: GitHub's usual 30 by default and at most 100; some lists (variables) say otherwise. */
export interface PageRule {
  defaultPerPage?: number;
  maxPerPage?: number;
}

/** One page of `items` for the request's `per_page` and `page` (GitHub clamps them), and its `Link` header. */
export function pageOf<T>(
  c: Context,
  items: readonly T[],
  rule: PageRule = {},
): { slice: T[]; link?: string } {
  const { defaultPerPage = 30, maxPerPage = 100 } = rule;
  const url = new URL(c.req.url);
  const perPageRaw = Number(url.searchParams.get('per_page') ?? defaultPerPage);
  const perPage =
    Number.isInteger(perPageRaw) && perPageRaw > 0 ? Math.min(perPageRaw, maxPerPage) : defaultPerPage;
  const pageRaw = Number(url.searchParams.get('page') ?? 1);
  const page = Number.isInteger(pageRaw) && pageRaw > 0 ? pageRaw : 1;
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const slice = items.slice((page - 1) * perPage, page * perPage);

  const link = (target: number, rel: string) => {
    const next = new URL(url);
    next.searchParams.set('per_page', String(perPage));
    next.searchParams.set('page', String(target));
    return `<${next.toString()}>; rel="${rel}"`;
  };
  const parts: string[] = [];
  if (page > 1) parts.push(link(Math.min(page - 1, last), 'prev'));
  if (page < last) parts.push(link(page + 1, 'next'), link(last, 'last'));
  if (page > 1) parts.push(link(1, 'first'));
  return parts.length > 0 ? { slice, link: parts.join(', ') } : { slice };
}

/** Page a list as GitHub does: `per_page` (default 30, max 100), `page`, and a `Link` header. */
export function sendPage<T>(c: Context, items: readonly T[], rule: PageRule = {}): Response {
  const { slice, link } = pageOf(c, items, rule);
  const response = sendJson(c, slice);
  if (link) response.headers.set('link', link);
  return response;
}

/**
 * `sendPage` of `items` each shown by `show`, only the page's: a 500-repository organization's listing built
 * every object for every page (a wave's kill test spent half its CPU there).
 */
export function sendShownPage<T, U>(
  c: Context,
  items: readonly T[],
  show: (item: T) => U,
  rule: PageRule = {},
): Response {
  const { slice, link } = pageOf(c, items, rule);
  const response = sendJson(c, slice.map(show));
  if (link) response.headers.set('link', link);
  return response;
}

/** A paged list GitHub wraps with its total (`{ total_count, secrets: [...] }`): the page under `key`. */
export function sendCountedPage<T>(
  c: Context,
  key: string,
  items: readonly T[],
  rule: PageRule = {},
): Response {
  const { slice, link } = pageOf(c, items, rule);
  const response = sendJson(c, { total_count: items.length, [key]: slice });
  if (link) response.headers.set('link', link);
  return response;
}

/**
 * The migration operations the specification marks PREVIEW. Today's GitHub documents no preview for them and
 * answers any `Accept`; the scenario `strict-preview` keeps the specification's rule (415 without
 * `application/vnd.github.wyandotte-preview+json`).
 */
export function requiresPreview(c: Context, strict: boolean): Response | undefined {
  if (!strict) return undefined;
  const accept = c.req.header('accept') ?? '';
  if (accept.includes('wyandotte-preview')) return undefined;
  return githubError(
    c,
    415,
    "If you would like to help us test the Migrations API during its preview period, you must specify a custom media type in the 'Accept' header. Please see the docs for full information.",
  );
}
