import type { Context } from 'hono';

/**
 * A fault of GitHub's, answered by the gateway (`source`): `upstream: 'github'` says whose trouble it is, so a
 * page heads it as GitHub's, not Ferry's; `side` which GitHub of the move (the target's is its importer), and
 * `upstreamStatus` what GitHub answered when the gateway's status is not it (its 503 is answered as a 502).
 */
export function githubFault(
  c: Context,
  status: 429 | 502 | 503 | 504,
  message: string,
  code: string,
  fault: { side?: 'source' | 'target'; upstreamStatus?: number; retryAfterSeconds?: number } = {},
) {
  const { retryAfterSeconds, ...whose } = fault;
  return c.json(
    { message, code, source: 'gateway', upstream: 'github', ...whose },
    status,
    retryAfterSeconds === undefined
      ? {}
      : { 'retry-after': String(Math.max(1, Math.min(Math.ceil(retryAfterSeconds), 86_400))) },
  );
}
