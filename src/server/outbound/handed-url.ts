import { isIP } from 'node:net';
import { addressKind } from './address-kind';
import {
  fetchBounded,
  OutboundLimitError,
  type BoundedAnswer,
  type OutboundBounds,
  type UpstreamFetch,
} from './bounded-fetch';
import { isControlPath, localAddresses, type Resolve } from './own-address';

/**
 * The one rule for a URL an upstream hands back (an archive redirect's `Location`, a `migrationLogUrl`, an
 * upload's `Location`, a `Link` to the next page or a describing document): Ferry sends to it only where it may
 * come from. An upstream that is wrong, hijacked or hostile must not make the gateway call its own routes, the
 * machine's other services, the cloud's metadata address or the private network behind it.
 *
 * - On a configured origin (exactly: scheme, host and port) it is taken as it is: those were chosen by whoever
 *   runs Ferry (a GHES on the private network, the simulator on 127.0.0.1 in tests);
 * - anywhere else it must be https on the default port, on one of the hosts it may come from (GitHub's storage),
 *   and every address its name resolves to must be on the internet: not loopback, private, link-local (cloud
 *   metadata), CGNAT, unspecified, multicast, nor an address of this machine, however it is spelled;
 * - never a simulator's control route, never credentials in the URL.
 *
 * The reasons never hold the URL: presigned URLs are secrets.
 */
export interface HandedUrlSources {
  /** Origins of the configured upstreams: a URL there is taken as it is. */
  origins: readonly string[];
  /** Other hosts, https on the default port only: `name` exactly, `.name` any host under it. */
  hosts: readonly string[];
  /** How names are resolved; none when the fetch is in process (the simulator, a test's upstream): no socket opens. */
  resolve?: Resolve;
}

/** Why `url` must not be fetched, or undefined; rejects when its name cannot be resolved (in `timeoutMs`). */
export type HandedUrlCheck = (url: URL, timeoutMs?: number) => Promise<string | undefined>;

/** A handed-back URL the rule refused: nothing was sent. Asking again gets the same answer. */
export class HandedUrlRefusedError extends Error {
  override name = 'HandedUrlRefusedError';
  constructor(readonly reason: string) {
    super(`Ferry does not send to that address: ${reason}.`);
  }
}

/** Resolving a name takes at most this long when the caller gives no bound. */
const RESOLVE_MS = 10_000;

const onHost = (host: string, allowed: string) =>
  allowed.startsWith('.') ? host.endsWith(allowed) && host.length > allowed.length : host === allowed;

/** Why an address is not one to send to, or undefined for an address elsewhere on the internet. */
function addressRefusal(address: string, local: Set<string>): string | undefined {
  const kind = addressKind(address);
  if (kind !== 'public') return `it is a ${kind} address`;
  return local.has(address.toLowerCase()) ? 'it is an address of Ferry’s own machine' : undefined;
}

async function resolved(resolve: Resolve, host: string, timeoutMs: number): Promise<string[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const addresses = await Promise.race([
      resolve(host),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new OutboundLimitError('headers', timeoutMs)), timeoutMs);
      }),
    ]);
    if (addresses.length === 0) throw new Error('the name resolves to no address');
    return addresses;
  } catch (error) {
    // A name that does not resolve now may later: the caller's "could not be reached", never the name itself.
    throw error instanceof OutboundLimitError ? error : new Error('the address could not be resolved');
  } finally {
    clearTimeout(timer);
  }
}

export function handedUrlCheck(sources: HandedUrlSources): HandedUrlCheck {
  const origins = new Set(sources.origins.map((origin) => new URL(origin).origin));
  const hosts = sources.hosts.map((host) => host.toLowerCase());
  return async (url, timeoutMs = RESOLVE_MS) => {
    if (url.username || url.password) return 'it carries credentials';
    if (isControlPath(url)) return 'it is a simulator control route';
    if (origins.has(url.origin)) return undefined;
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    // An IP written in the URL (the parser has already turned hex, octal and decimal forms into dotted ones).
    const literal = isIP(host) ? addressRefusal(host, localAddresses()) : undefined;
    if (literal) return literal;
    if (url.protocol !== 'https:') return 'it is not https on a host Ferry was configured with';
    if (url.port !== '') return 'it names a port';
    if (!hosts.some((allowed) => onHost(host, allowed))) return 'it is not on a host it may come from';
    if (!sources.resolve) return undefined;
    const local = localAddresses();
    for (const address of await resolved(sources.resolve, host, timeoutMs)) {
      const refusal = addressRefusal(address, local);
      if (refusal) return `its name resolves to ${refusal.replace(/^it is /, '')}`;
    }
    return undefined;
  };
}

/**
 * Fetch a handed-back URL: refused before any byte is sent unless `check` allows it, never following a redirect
 * (a `Location` is another handed-back URL: the caller checks it again if it needs it), under `bounds`.
 * Rejects with `HandedUrlRefusedError`, or what `fetchBounded` rejects with.
 */
export async function fetchHanded(
  fetch: UpstreamFetch,
  url: string | URL,
  init: RequestInit,
  bounds: OutboundBounds,
  check: HandedUrlCheck,
): Promise<BoundedAnswer> {
  const target = new URL(url);
  const refusal = await check(target, Math.min(bounds.headersMs, bounds.totalMs));
  if (refusal) throw new HandedUrlRefusedError(refusal);
  return fetchBounded(
    fetch,
    target,
    { ...init, redirect: init.redirect === 'error' ? 'error' : 'manual' },
    bounds,
  );
}
