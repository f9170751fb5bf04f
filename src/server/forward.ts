import { USER_AGENT } from '@/contracts/github/http';
import { RATE_LIMIT_HEADERS } from '@/contracts/github/rate-limit';
import { API_VERSION_SELECTED_HEADER, githubRequestHeaders } from '@/contracts/github/wire-headers';
import type { Context } from 'hono';
import type { Match } from './allow-list';
import { resolveArchive } from './archive';
import type { GatewayConfig } from './config';
import { gatewayError } from './gateway-error';
import { rewriteLinkHeader } from './link-rewrite';
import { redactJsonText } from './redact';
import { secretsOf } from './security';
import { upstreamFailure } from './outbound/upstream-failure';
import { fetchBounded, readBounded, type BoundedAnswer, type UpstreamFetch } from './outbound/bounded-fetch';
import { jsonBounds } from './outbound/bounds';
import type { HandedUrlCheck } from './outbound/handed-url';
import { GATEWAY_ORIGIN_HEADER } from '@/simulator/github/http';

/** Response headers a client needs; everything else (cookies, server banners...) stays behind. */
const PASSED_HEADERS = [
  'content-type',
  'etag',
  'last-modified',
  'retry-after',
  ...RATE_LIMIT_HEADERS,
  'x-github-request-id',
  'x-github-media-type',
  API_VERSION_SELECTED_HEADER,
  'x-oauth-scopes',
  'x-accepted-oauth-scopes',
  'x-accepted-github-permissions',
  'github-authentication-token-expiration',
  'x-poll-interval',
  'deprecation',
  'sunset',
  'date',
  'x-request-id',
  'x-api-version',
] as const;

const ETAG_VALUE = /^(?:W\/)?"[\x21\x23-\x7e]{1,200}"$/;

async function readJsonBody(c: Context): Promise<string | undefined | Error> {
  const text = await c.req.text();
  if (!text.trim()) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return new Error('Body should be a JSON object');
    return JSON.stringify(parsed);
  } catch {
    return new Error('Problems parsing JSON');
  }
}

function upstreamHeaders(
  config: GatewayConfig,
  match: Match,
  c: Context,
  authorization: string | undefined,
): Headers {
  const github = match.operation.upstream === 'github';
  const headers = new Headers(
    github
      ? githubRequestHeaders({
          apiVersion: config.github.apiVersion,
          accept: match.operation.preview ? 'preview' : 'json',
          authorization: authorization || undefined,
        })
      : // Porkbun's API, not GitHub's: Ferry's name and plain JSON.
        { 'user-agent': USER_AGENT, accept: 'application/json' },
  );
  if (!github) {
    if (config.registrar.apiKey && config.registrar.secretApiKey) {
      headers.set('x-api-key', config.registrar.apiKey);
      headers.set('x-secret-api-key', config.registrar.secretApiKey);
    }
  }
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').every((tag) => ETAG_VALUE.test(tag.trim()))) {
    headers.set('if-none-match', ifNoneMatch);
  }
  return headers;
}

/** How a GitHub call is authorised: the chosen credential's header, and a minted token to keep out of answers. */
export interface UpstreamAuth {
  authorization?: string;
  secret?: string;
}

/** Without a storage rule (the registrar has no archives), no archive redirect is followed. */
const NO_STORAGE: HandedUrlCheck = () => Promise.resolve('this upstream has no storage');

/**
 * Forward one allowed operation and shape the answer for the browser. `checkStorage`: where an archive's
 * redirect may point (`handedUrlChecks(…).archive`).
 */
export async function forward(
  c: Context,
  config: GatewayConfig,
  match: Match,
  fetchUpstream: UpstreamFetch,
  auth: UpstreamAuth = {},
  checkStorage: HandedUrlCheck = NO_STORAGE,
): Promise<Response> {
  const { operation } = match;
  const upstream = operation.upstream === 'github' ? config.github : config.registrar;
  const query = new URL(c.req.url).search;
  const target = `${upstream.baseUrl}/${match.path}${query}`;
  const headers = upstreamHeaders(config, match, c, auth.authorization);
  // The embedded simulator writes body URLs on this origin, where they resolve (not on its internal address).
  if (upstream.mode === 'simulator') headers.set(GATEWAY_ORIGIN_HEADER, new URL(c.req.url).origin);

  let body: string | undefined;
  if (operation.method !== 'GET' && operation.method !== 'DELETE') {
    const parsed = await readJsonBody(c);
    if (parsed instanceof Error) return gatewayError(c, 400, parsed.message, 'BAD_BODY');
    body = parsed;
    if (operation.upstream === 'registrar' && config.registrar.apiKey && config.registrar.secretApiKey) {
      // POST operations of the registrar take the keys as body fields.
      const fields = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      body = JSON.stringify({
        ...fields,
        apikey: config.registrar.apiKey,
        secretapikey: config.registrar.secretApiKey,
      });
      headers.delete('x-api-key');
      headers.delete('x-secret-api-key');
    }
    if (body !== undefined) headers.set('content-type', 'application/json');
  }

  const bounds = jsonBounds(config, operation.largeAnswer);
  let answer: BoundedAnswer;
  try {
    answer = await fetchBounded(
      fetchUpstream,
      target,
      { method: operation.method, headers, body, redirect: 'manual' },
      bounds,
    );
  } catch (error) {
    const failure = upstreamFailure(error, 'connect');
    return gatewayError(c, failure.status, failure.message, failure.code);
  }
  if (operation.archive && [301, 302, 303, 307, 308].includes(answer.response.status)) {
    answer.abort();
    return resolveArchive(c, config, match, answer.response, {
      fetchUpstream,
      checkStorage,
      requestUrl: target,
    });
  }
  // Absolute, on this gateway's origin (its Host was checked): non-browser clients can follow them too.
  const gatewayPrefix = `${new URL(c.req.url).origin}/api/${operation.upstream}`;
  return shapeResponse(c, config, answer, {
    upstreamBase: upstream.baseUrl,
    gatewayPrefix,
    secret: auth.secret,
  });
}

async function shapeResponse(
  c: Context,
  config: GatewayConfig,
  answer: BoundedAnswer,
  { upstreamBase, gatewayPrefix, secret }: { upstreamBase: string; gatewayPrefix: string; secret?: string },
): Promise<Response> {
  const upstream = answer.response;
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const link = rewriteLinkHeader(upstream.headers.get('link'), upstreamBase, gatewayPrefix);
  if (link) headers.set('link', link);

  if (upstream.status >= 300 && upstream.status < 400 && upstream.status !== 304) {
    answer.abort();
    return gatewayError(
      c,
      502,
      `The upstream answered an unexpected redirect (HTTP ${upstream.status}).`,
      'UNEXPECTED_REDIRECT',
    );
  }
  const contentType = upstream.headers.get('content-type') ?? '';
  const isJson = /^application\/(?:[\w.+-]*\+)?json\b/i.test(contentType);
  if (upstream.status >= 400 && !isJson) {
    // Never pass upstream HTML (proxy error pages, login walls) to the browser.
    answer.abort();
    headers.set('content-type', 'application/json; charset=utf-8');
    return new Response(
      JSON.stringify({
        message: `The upstream answered HTTP ${upstream.status} without a JSON body.`,
        code: 'UPSTREAM_NOT_JSON',
        source: 'gateway',
      }),
      { status: upstream.status, headers },
    );
  }
  if (upstream.status < 300 && upstream.status !== 204 && !isJson && upstream.body) {
    answer.abort();
    return gatewayError(c, 502, 'The upstream answered with something other than JSON.', 'UPSTREAM_NOT_JSON');
  }
  const nullBody = upstream.status === 204 || upstream.status === 304 || !answer.body;
  if (nullBody) {
    answer.abort();
    return new Response(null, { status: upstream.status, headers });
  }
  // Only JSON is left (other bodies were refused above). It is read, to redact credentials an upstream
  // may reflect, so it is bounded (size, stall, total time); archives stream (archive.ts).
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBounded(answer.body);
  } catch (error) {
    answer.abort();
    return bodyFailure(c, error);
  }
  const text = new TextDecoder().decode(bytes);
  const clean = redactJsonText(text, secret ? [...secretsOf(config), secret] : secretsOf(config));
  // Unchanged text goes on as the bytes that came in (no second encoding of a large answer).
  return new Response(clean === text ? bytes : clean, { status: upstream.status, headers });
}

/** The browser-facing answer for a body the bounds cut (or the upstream broke off). */
function bodyFailure(c: Context, error: unknown): Response {
  const failure = upstreamFailure(error, 'body');
  return gatewayError(c, failure.status, failure.message, failure.code);
}
