/**
 * How long the gateway and the simulator keep an idle kept-alive connection open. Node's default (5 s) is
 * about the idle time of clients that reuse connections (Playwright's request context, proxies, load balancers):
 * a client that sent on a socket just as the server closed it got `ECONNRESET`. A server must outlast its
 * clients, so idle connections stay 65 s (longer than the 60 s most load balancers keep them).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Node cuts a connection still waiting for headers after this; it must exceed the keep-alive time. */
export const HEADERS_TIMEOUT_MS = 66_000;

interface TimedServer {
  keepAliveTimeout: number;
  headersTimeout: number;
}

/** Give an HTTP server (the gateway's, the simulator's) the keep-alive and header timeouts above. */
export function outlastClients(server: unknown): void {
  if (typeof server !== 'object' || server === null || !('keepAliveTimeout' in server)) return;
  const timed = server as TimedServer;
  timed.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  timed.headersTimeout = HEADERS_TIMEOUT_MS;
}
