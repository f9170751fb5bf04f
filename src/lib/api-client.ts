import ky, { TimeoutError, type KyInstance, type Options } from 'ky';
import { ApiError, errorFromResponse, type Upstream } from './api-error';
import { clientId } from './client-id';
import { EtagCache } from './etag-cache';
import { parseRateLimitHeaders } from '@/contracts/github/rate-limit';
import { rateLimitStore } from './rate-limit-store';
import { CREDENTIAL_HEADER } from '@/contracts/credentials';

/**
 * The one HTTP client. ky with retries off (React Query owns retries), one instance per upstream, all on
 * this origin's gateway. GitHub GETs revalidate with ETags: a 304 is answered from `etagCache` and costs
 * nothing on GitHub's primary limit.
 */
export const etagCache = new EtagCache();

const NOT_MODIFIED_MARK = 'x-ferry-not-modified';

function gatewayUrl(path: string): string {
  const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin;
  return new URL(path, origin).toString();
}

/**
 * A GitHub GET answered with an ETag, remembered until `request` has parsed its body: the body is then cached
 * from the text it already read (reading a clone here would decode and parse a 37 MB author list twice).
 */
const etagPending = new WeakMap<Response, { url: string; etag: string }>();

/** A request that names its credential (`CREDENTIAL_HEADER`) spends another budget than the app bar's. */
const namedCredential = (request: Request) => request.headers.get(CREDENTIAL_HEADER) ?? undefined;

/** ETags are kept per credential: two credentials may be shown different answers at one address. */
const etagKey = (request: Request) => {
  const credential = namedCredential(request);
  return credential ? `${request.url}#as=${credential}` : request.url;
};

function recordRateLimit(response: Response) {
  const reading = parseRateLimitHeaders(response.headers);
  if (reading) rateLimitStore.record(reading, response.headers.get(CREDENTIAL_HEADER) ?? undefined);
  const date = Date.parse(response.headers.get('date') ?? '');
  if (Number.isFinite(date)) rateLimitStore.setClockOffset(date - Date.now());
  if (response.ok && reading?.remaining !== 0) {
    const { blockedUntil } = rateLimitStore.getSnapshot();
    if (blockedUntil !== undefined && blockedUntil <= Date.now()) rateLimitStore.unblock();
  }
}

/** `GET /rate_limit` is free and answers even when the limit is spent, so it is never paused. */
const NEVER_PAUSED = new Set(['rate_limit']);

/** While a primary or secondary limit is in force, when it lifts (epoch ms); otherwise undefined. */
function pausedUntil(path: string): number | undefined {
  const { blockedUntil } = rateLimitStore.getSnapshot();
  if (blockedUntil === undefined || blockedUntil <= Date.now()) return undefined;
  return NEVER_PAUSED.has(path.split('?')[0] ?? path) ? undefined : blockedUntil;
}

function createClient(upstream: Upstream, prefix: string): KyInstance {
  return ky.create({
    prefixUrl: gatewayUrl(prefix),
    retry: 0,
    timeout: 30_000,
    throwHttpErrors: false,
    cache: 'no-store',
    credentials: 'same-origin',
    hooks: {
      beforeRequest: [
        (request) => {
          // Which browser asked (the gateway's timeline and drafts say so); never a credential. It also states
          // the intent of a write: the gateway refuses a write with no Origin, Sec-Fetch-Site or this header
          // (WRITE_INTENT_HEADER, src/server/security.ts).
          request.headers.set('x-ferry-client', clientId());
          if (upstream !== 'github' || request.method !== 'GET') return;
          const cached = etagCache.get(etagKey(request));
          if (cached) request.headers.set('if-none-match', cached.etag);
        },
      ],
      afterResponse: [
        (request, _options, response) => {
          if (upstream !== 'github') return response;
          if (!namedCredential(request)) recordRateLimit(response);
          if (request.method !== 'GET') return response;
          if (response.status === 304) {
            const cached = etagCache.get(etagKey(request));
            if (!cached) return response;
            const headers = new Headers(response.headers);
            headers.set('content-type', cached.contentType);
            headers.set(NOT_MODIFIED_MARK, '1');
            return new Response(cached.body, { status: 200, headers });
          }
          const etag = response.headers.get('etag');
          if (response.ok && etag) etagPending.set(response, { url: etagKey(request), etag });
          return response;
        },
      ],
    },
  });
}

export const clients = {
  github: createClient('github', '/api/github/'),
  registrar: createClient('registrar', '/api/registrar/'),
  gateway: createClient('gateway', '/api/'),
} satisfies Record<Upstream, KyInstance>;

function hasCredential(options: Options): boolean {
  return new Headers(options.headers as HeadersInit | undefined).has(CREDENTIAL_HEADER);
}

/** Request options that send a GitHub request with a named credential (none: the gateway's default). */
export function withCredential(credential: string | undefined, options: Options = {}): Options {
  if (!credential) return options;
  const headers = new Headers(options.headers as HeadersInit | undefined);
  headers.set(CREDENTIAL_HEADER, credential);
  return { ...options, headers };
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
  status: number;
  /** True when the answer came from a 304 revalidation. */
  notModified: boolean;
}

/**
 * Send a request and normalise every failure into an ApiError. Registrar `{status: "ERROR"}` bodies are
 * errors even under HTTP 200. The body is typed by the caller and validated by the feature that reads it.
 */
export async function request<T>(
  upstream: Upstream,
  path: string,
  options: Options = {},
): Promise<ApiResponse<T>> {
  const blockedUntil = upstream === 'github' && !hasCredential(options) ? pausedUntil(path) : undefined;
  if (blockedUntil !== undefined) {
    // A rate limit is in force: GitHub would refuse, and asking again only extends a secondary limit.
    throw new ApiError({
      kind: 'rate-limited',
      upstream,
      message: 'GitHub’s rate limit is in force; Ferry waits until it lifts before asking again.',
      retryAt: blockedUntil,
    });
  }

  let response: Response;
  try {
    response = await clients[upstream](path, options);
  } catch (error) {
    if (error instanceof TimeoutError) {
      throw new ApiError({ kind: 'timeout', upstream, message: 'The request timed out.' });
    }
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ kind: 'network', upstream, message: 'The request got no answer.' });
  }

  const text = response.status === 204 ? '' : await response.text();
  let body: unknown;
  if (text) {
    try {
      body = JSON.parse(text);
      // Only what parses is cached: a cut or garbled answer kept under its ETag would be served again on
      // every 304 and the page would never recover.
      const pending = etagPending.get(response);
      if (pending) {
        etagCache.set(pending.url, {
          etag: pending.etag,
          body: text,
          contentType: response.headers.get('content-type') ?? 'application/json',
        });
      }
    } catch {
      if (response.ok) {
        throw new ApiError({
          kind: 'malformed',
          upstream,
          status: response.status,
          message: 'The answer was not valid JSON.',
        });
      }
    }
  }

  const registrarError =
    upstream === 'registrar' &&
    typeof body === 'object' &&
    body !== null &&
    (body as { status?: unknown }).status === 'ERROR';
  if (!response.ok || registrarError) {
    const { clockOffsetMs } = rateLimitStore.getSnapshot();
    const error = errorFromResponse(
      upstream,
      response.status,
      response.headers,
      body,
      Date.now(),
      clockOffsetMs,
    );
    const limited = error.kind === 'rate-limited' || error.kind === 'secondary-rate-limited';
    // Only the app bar's credential pauses the app; a named one's spent budget is its own error.
    if (limited && error.retryAt && !hasCredential(options)) {
      rateLimitStore.block(error.retryAt);
    }
    throw error;
  }
  return {
    data: body as T,
    headers: response.headers,
    status: response.status,
    notModified: response.headers.get(NOT_MODIFIED_MARK) === '1',
  };
}
