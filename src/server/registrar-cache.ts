import { isIP } from 'node:net';
import { isRecord } from '@/contracts/json';
import {
  fetchBounded,
  OutboundLimitError,
  readBounded,
  type OutboundBounds,
  type UpstreamFetch,
} from './outbound/bounded-fetch';
import { handedUrlCheck } from './outbound/handed-url';
import type { Resolve } from './outbound/own-address';

/**
 * In front of the registrar: successful requirement lookups are cached for a while (they change rarely),
 * identical lookups in flight share one upstream call, and upstream calls are spaced so a person clicking
 * fast never gets the keys throttled (Porkbun answers bursts with 503). A throttled answer pushes the next
 * slot back by what the registrar asked. `{"status":"ERROR"}` is an error whatever the HTTP status: never
 * cached, and a 2xx carrying it is answered as 502.
 *
 * It wraps the upstream fetch, so it sees exactly what goes upstream; the forwarder still shapes the answer
 * for the browser (header allow-list, Link rewriting).
 */
export interface RegistrarCacheOptions {
  /** How long a successful requirement lookup is reused. */
  ttlMs?: number;
  /** How long the describedby document is reused. */
  specTtlMs?: number;
  /** Least time between two upstream calls. */
  minSpacingMs?: number;
  /** A caller never waits longer than this for a slot; beyond it the gateway answers 503 itself. */
  maxWaitMs?: number;
  maxEntries?: number;
  maxBodyBytes?: number;
  /** Header, stall and total-time bounds of an upstream call (the gateway passes its configured ones). */
  timing?: Omit<OutboundBounds, 'maxBytes'>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** How the registrar's names resolve (the describedby host's addresses are checked); none when in process. */
  resolve?: Resolve;
}

export interface RegistrarCacheStats {
  hits: number;
  upstreamCalls: number;
  coalesced: number;
  /** The waits (ms) imposed before upstream calls, most recent last (bounded). */
  waits: number[];
}

export interface RegistrarCache {
  fetch: UpstreamFetch;
  clear(): void;
  stats: RegistrarCacheStats;
}

interface Stored {
  status: number;
  headers: [string, string][];
  body: string;
  cacheable: boolean;
}

export const REGISTRAR_CACHE_DEFAULTS = {
  ttlMs: 10 * 60_000,
  specTtlMs: 60 * 60_000,
  minSpacingMs: 500,
  maxWaitMs: 8_000,
  maxEntries: 500,
  /** Answers are buffered to be cached; anything larger than this is refused. */
  maxBodyBytes: 2 * 1024 * 1024,
  timing: { headersMs: 15_000, idleMs: 15_000, totalMs: 60_000 },
} as const;

const REQUIREMENTS = /\/domain\/getRegistrationRequirements\/[^/]+$/;
const REQUIREMENTS_IN_HREF = /\/domain\/getRegistrationRequirements\//;
const SPEC = /\/spec$/;
const KEY_HEADERS = ['x-api-key', 'x-secret-api-key'];

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The body as text, or `undefined` once it passes `limit` bytes (the rest is not read). */
function toResponse(stored: Stored): Response {
  return new Response(stored.body, { status: stored.status, headers: stored.headers });
}

function jsonRecord(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Seconds the registrar asked us to wait, from `Retry-After` or the body's `ttlRemaining`. */
function askedWaitMs(response: Response, body: Record<string, unknown> | undefined): number {
  const header = Number(response.headers.get('retry-after'));
  const ttl = Number(body?.ttlRemaining);
  const seconds = Math.max(Number.isFinite(header) ? header : 0, Number.isFinite(ttl) ? ttl : 0);
  return Math.min(seconds, 600) * 1000;
}

function isThrottled(status: number, body: Record<string, unknown> | undefined): boolean {
  return status === 503 || status === 429 || body?.code === 'RATE_LIMIT_EXCEEDED';
}

/** The describedby target the registrar names, if any. */
function describedByLink(link: string | null, requestUrl: URL): URL | undefined {
  const target = /<([^<>]+)>\s*;[^,]*rel="?describedby"?/i.exec(link ?? '')?.[1];
  if (!target) return undefined;
  try {
    return new URL(target, requestUrl);
  } catch {
    return undefined;
  }
}

/** Domains above a name, down to two labels (api.porkbun.com → porkbun.com): where the registrar's site is. */
function parentDomains(host: string): string[] {
  if (isIP(host.replace(/^\[|\]$/g, ''))) return [];
  const labels = host.split('.');
  return labels.slice(1, -1).map((_, index) => labels.slice(index + 1).join('.'));
}

/**
 * Whether the describedby target may be fetched: the handed-URL rule (outbound/handed-url.ts) with the upstream
 * itself and its parent domains (https) as where it may come from. A name that does not resolve is not taken.
 */
async function mayDescribe(url: URL, requestUrl: URL, resolve: Resolve | undefined): Promise<boolean> {
  const check = handedUrlCheck({
    origins: [requestUrl.origin],
    hosts: parentDomains(requestUrl.hostname),
    resolve,
  });
  return (await check(url).catch(() => 'not resolved')) === undefined;
}

function gatewayThrottled(waitMs: number): Response {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return Response.json(
    {
      status: 'ERROR',
      message: `Ferry is spacing requests to the registrar to avoid throttling; retry in ${seconds} s.`,
      code: 'RATE_LIMIT_EXCEEDED',
      ttlRemaining: seconds,
      source: 'gateway',
    },
    { status: 503, headers: { 'retry-after': String(seconds) } },
  );
}

export function createRegistrarCache(
  upstream: UpstreamFetch,
  options: RegistrarCacheOptions = {},
): RegistrarCache {
  const settings = { ...REGISTRAR_CACHE_DEFAULTS, ...options };
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const entries = new Map<string, { stored: Stored; expires: number }>();
  const inFlight = new Map<string, Promise<Stored>>();
  const stats: RegistrarCacheStats = { hits: 0, upstreamCalls: 0, coalesced: 0, waits: [] };
  let nextSlot = 0;
  let describedBy: URL | undefined;

  /** Reserve the next upstream slot; the wait, or `undefined` when it would be too long. */
  function reserveSlot(): number | undefined {
    const at = now();
    const start = Math.max(at, nextSlot);
    const wait = start - at;
    if (wait > settings.maxWaitMs) return undefined;
    nextSlot = start + settings.minSpacingMs;
    stats.waits.push(wait);
    if (stats.waits.length > 100) stats.waits.shift();
    return wait;
  }

  async function callUpstream(request: Request, ttlMs: number, key: string): Promise<Stored> {
    const wait = reserveSlot();
    if (wait === undefined) {
      const response = gatewayThrottled(nextSlot - now());
      return { status: 503, headers: [...response.headers], body: await response.text(), cacheable: false };
    }
    if (wait > 0) await sleep(wait);
    stats.upstreamCalls += 1;
    const { response, body: stream } = await fetchBounded(
      upstream,
      request.url,
      // A redirect's Location is the registrar's answer, never followed (the forwarder answers it as unexpected).
      { method: request.method, headers: request.headers, signal: request.signal, redirect: 'manual' },
      { ...settings.timing, maxBytes: settings.maxBodyBytes },
    );
    const body = await readBounded(stream).then(
      (bytes) => new TextDecoder().decode(bytes),
      (error: unknown) => {
        if (error instanceof OutboundLimitError && error.bound === 'size') return undefined;
        throw error;
      },
    );
    if (body === undefined) {
      const tooLarge = Response.json(
        {
          message: `The registrar's answer exceeds ${settings.maxBodyBytes} bytes.`,
          code: 'UPSTREAM_TOO_LARGE',
          source: 'gateway',
        },
        { status: 502 },
      );
      return { status: 502, headers: [...tooLarge.headers], body: await tooLarge.text(), cacheable: false };
    }
    const record = jsonRecord(body);
    if (isThrottled(response.status, record)) {
      nextSlot = Math.max(nextSlot, now() + Math.max(askedWaitMs(response, record), settings.minSpacingMs));
    }
    const headers = new Headers(response.headers);
    const requestUrl = new URL(request.url);
    const linked = describedByLink(response.headers.get('link'), requestUrl);
    const found =
      linked &&
      REQUIREMENTS.test(requestUrl.pathname) &&
      (linked.href === describedBy?.href || (await mayDescribe(linked, requestUrl, options.resolve)))
        ? linked
        : undefined;
    if (found) {
      describedBy = found;
      if (found.origin !== requestUrl.origin) {
        // Porkbun links to its parent site; point at the upstream's own /spec, which is fetched from there.
        const base = requestUrl.href.slice(0, requestUrl.href.search(REQUIREMENTS_IN_HREF));
        headers.set('link', `<${base}/spec>; rel="describedby"`);
      }
    }
    let status = response.status;
    const envelopeError = record?.status === 'ERROR';
    if (envelopeError && status < 300) {
      headers.set('x-ferry-upstream-status', String(status));
      status = 502;
    }
    const stored: Stored = {
      status,
      headers: [...headers],
      body,
      cacheable: response.status === 200 && record !== undefined && !envelopeError,
    };
    if (stored.cacheable) {
      if (entries.size >= settings.maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { stored, expires: now() + ttlMs });
    }
    return stored;
  }

  async function cachedFetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const isSpec = request.method === 'GET' && SPEC.test(url.pathname);
    const isLookup = request.method === 'GET' && REQUIREMENTS.test(url.pathname);
    if (!isSpec && !isLookup) return upstream(request);

    const key = `${request.method} ${url.toString()}`;
    const entry = entries.get(key);
    if (entry && entry.expires > now()) {
      stats.hits += 1;
      return toResponse(entry.stored);
    }
    entries.delete(key);

    const pending = inFlight.get(key);
    if (pending) {
      stats.coalesced += 1;
      return toResponse(await pending);
    }

    let outgoing = request;
    if (isSpec) {
      // A public document: no keys, and fetched where the registrar's own describedby link points.
      const headers = new Headers(request.headers);
      for (const name of KEY_HEADERS) headers.delete(name);
      outgoing = new Request(describedBy ?? url, { method: 'GET', headers, signal: request.signal });
    }
    const call = callUpstream(outgoing, isSpec ? settings.specTtlMs : settings.ttlMs, key);
    inFlight.set(key, call);
    try {
      return toResponse(await call);
    } finally {
      inFlight.delete(key);
    }
  }

  return {
    fetch: cachedFetch,
    clear() {
      entries.clear();
      nextSlot = 0;
    },
    stats,
  };
}
