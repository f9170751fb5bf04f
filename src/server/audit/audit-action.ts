import type { Context } from 'hono';
import { routePath } from 'hono/route';
import { matchOperation } from '@/server/allow-list';

/**
 * What an audit entry says of a request: its action (`METHOD /api/route/pattern`, ids as parameters), its
 * target (the concrete path, never the query string or the body) and its outcome (the status and what it was).
 */

/** Longest target recorded. */
export const TARGET_MAX = 300;

/** Path segments that name a collection: the segment after one is an id. */
const COLLECTIONS = new Set([
  'alerts',
  'batches',
  'drafts',
  'migrations',
  'moves',
  'orgs',
  'repos',
  'repositories',
  'targets',
  'users',
  'waves',
]);
const WORD = /^[a-z][a-z0-9.-]{0,39}$/;
/** Words that follow a collection without being an id (`/api/moves/preview`, `/api/moves/identities`). */
const ROUTE_WORDS = new Set(['preview', 'bulk', 'identities', 'target', 'verify', 'inventory']);
const MAX_SEGMENTS = 12;

/** A route pattern without its parameters' patterns: `/:batch{[0-9]+}/retry` → `/:batch/retry`. */
export function withoutParamPatterns(route: string): string {
  let depth = 0;
  let out = '';
  for (const char of route) {
    if (char === '{') depth += 1;
    else if (char === '}' && depth > 0) depth -= 1;
    else if (depth === 0) out += char;
  }
  return out;
}

/** A path no route names (an unknown route, a wildcard area): words kept, ids and anything odd as `:id`. */
export function normalisedApiPath(rawPath: string): string {
  const segments = rawPath.split('/').slice(2);
  const kept = segments
    .slice(0, MAX_SEGMENTS)
    .map((segment, index) =>
      (index > 0 && COLLECTIONS.has(segments[index - 1]!) && !ROUTE_WORDS.has(segment)) || !WORD.test(segment)
        ? ':id'
        : segment,
    );
  return `/api/${kept.join('/')}${segments.length > MAX_SEGMENTS ? '/…' : ''}`;
}

/** A forwarded operation's path template as a route pattern: `orgs/{org:login}/migrations` → `orgs/:org/migrations`. */
const templateRoute = (template: string) => template.replace(/\{(\w+):\w+\}/g, ':$1');

function forwardedRoute(method: string, rawPath: string): string | undefined {
  const upstream = /^\/api\/(github|registrar)\//.exec(rawPath)?.[1] as 'github' | 'registrar' | undefined;
  if (!upstream) return undefined;
  const result = matchOperation(
    upstream,
    method,
    rawPath.slice(`/api/${upstream}/`.length),
    new URLSearchParams(),
  );
  return result.ok ? `/api/${upstream}/${templateRoute(result.match.operation.path)}` : undefined;
}

const methodOf = (c: Context) =>
  c.req.method
    .toUpperCase()
    .replace(/[^A-Z-]/g, '')
    .slice(0, 16) || '?';

/** `POST /api/moves/:id/cancel`: the route that answered (after it answered), or the path normalised. */
export function auditAction(c: Context): string {
  const method = methodOf(c);
  const rawPath = new URL(c.req.url).pathname;
  const forwarded = forwardedRoute(method, rawPath);
  if (forwarded) return `${method} ${forwarded}`;
  const route = routePath(c);
  const pattern = route.startsWith('/api/') && !route.includes('*') ? withoutParamPatterns(route) : undefined;
  return `${method} ${pattern ?? normalisedApiPath(rawPath)}`;
}

/** The concrete path as sent (percent-encoded, so no control character), cut to `TARGET_MAX`. */
export const auditTarget = (c: Context): string => new URL(c.req.url).pathname.slice(0, TARGET_MAX);

/** `201 ok`, `422 refused`, `502 failed`. */
export function auditOutcome(status: number): string {
  return `${status} ${status < 400 ? 'ok' : status < 500 ? 'refused' : 'failed'}`;
}
