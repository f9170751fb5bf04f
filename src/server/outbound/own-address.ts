import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { addressKind } from './address-kind';
import type { UpstreamFetch } from './bounded-fetch';

/**
 * Where Ferry itself listens, so that nothing it sends to an address a person typed (alert targets) can reach
 * its own routes: a delivery to `http://localhost:<its port>/__sim/reset` or `/api/...` would change Ferry's
 * state from the inside. The ports grow when the server binds (port 0 in tests picks one).
 */
export interface OwnAddress {
  ports: Set<number>;
}

export class OwnAddressError extends Error {
  override name = 'OwnAddressError';
}

/** Control routes of a simulator (the embedded one or a standalone one on another port): never a receiver. */
export function isControlPath(url: URL): boolean {
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // An undecodable path is checked as written.
  }
  return /^\/+__sim(?:\/|$)/i.test(path);
}

/** 127.0.0.0/8, ::1, 0.0.0.0, ::, and IPv4 addresses written as IPv6 (::ffff:127.0.0.1). */
function isLoopbackOrUnspecified(address: string): boolean {
  const kind = addressKind(address);
  return kind === 'loopback' || kind === 'unspecified';
}

/** Every address of this machine's interfaces (a delivery to the LAN address of Ferry's host is Ferry too). */
export function localAddresses(): Set<string> {
  const found = new Set<string>();
  for (const entries of Object.values(networkInterfaces()))
    for (const entry of entries ?? []) found.add(entry.address.toLowerCase());
  return found;
}

const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

export type Resolve = (host: string) => Promise<string[]>;

export const resolveAll: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Why `url` must not be sent to, or undefined: a simulator's control route anywhere, or any address of this
 * machine on a port Ferry listens on (every spelling: names resolved, IP literals as the URL parser wrote them).
 */
export async function ownAddressRefusal(
  url: URL,
  own: OwnAddress,
  resolve: Resolve = resolveAll,
): Promise<string | undefined> {
  if (isControlPath(url)) return 'a simulator control route is never an alert receiver';
  if (!own.ports.has(portOf(url))) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await resolve(host).catch(() => []);
  const local = localAddresses();
  const self = addresses.find(
    (address) => isLoopbackOrUnspecified(address) || local.has(address.toLowerCase()),
  );
  return self === undefined ? undefined : `${url.host} is Ferry's own address (${self}, port ${portOf(url)})`;
}

/** `fetch` that refuses, before any byte is sent, a request to Ferry itself (redirects are never followed). */
export function refusingOwnAddress(fetch: UpstreamFetch, own: OwnAddress, resolve?: Resolve): UpstreamFetch {
  return async (request) => {
    const refusal = await ownAddressRefusal(new URL(request.url), own, resolve);
    if (refusal) throw new OwnAddressError(`not sent: ${refusal}`);
    return fetch(request);
  };
}
