import type { Context, Handler } from 'hono';
import { gatewayError } from '../gateway-error';
import { matchOperation } from '../allow-list';

/** The allow-listed operation a `/api/<upstream>/…` request names, or why it is refused. */
export function matchRequest(c: Context, upstream: 'github' | 'registrar') {
  const url = new URL(c.req.url);
  const prefix = `/api/${upstream}/`;
  // Match on the raw path: percent-encoded slashes or dots must not be decoded into structure.
  const rawPath = url.pathname.slice(prefix.length);
  if (/%2f|%5c|%2e|%00|[\\\s]/i.test(rawPath) || rawPath.includes('//')) {
    return { ok: false as const, status: 400 as const, message: 'Malformed path.', code: 'BAD_PATH' };
  }
  const result = matchOperation(upstream, c.req.method, rawPath, url.searchParams);
  return result.ok ? { ...result, url } : { ...result, code: 'NOT_ALLOWED' };
}

type Allowed = Extract<ReturnType<typeof matchRequest>, { ok: true }>;

/** A route handler that runs only for an allow-listed operation; anything else is refused as `matchRequest` says. */
export function forAllowedOperation(
  upstream: 'github' | 'registrar',
  handle: (c: Context, allowed: Allowed) => Promise<Response>,
): Handler {
  return async (c) => {
    const result = matchRequest(c, upstream);
    if (!result.ok) return gatewayError(c, result.status, result.message, result.code);
    return handle(c, result);
  };
}
