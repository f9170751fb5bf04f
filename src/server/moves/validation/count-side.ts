import type { GraphqlAnswer } from '@/contracts/github/gei';
import type { RepositoryCounts } from '@/contracts/moves-validation';
import { UpstreamFailureError } from '@/server/outbound/upstream-failure';
import { CountQueryError, readCountAnswer } from './count-answer';
import { chunked, countQuery, type CountQueryOptions } from './count-query';

/** One GraphQL POST to a side (the target client's `query`, or the same client pointed at the source). */
export type GraphqlPost = (query: string, variables: Record<string, unknown>) => Promise<GraphqlAnswer>;

export interface SideCounts {
  /** Repository name in lower case (as GitHub compares names) → counts, or null: missing on that side. */
  counts: Map<string, RepositoryCounts | null>;
  /** GraphQL requests sent: one per chunk (more when GitHub timed out on one, see `countSide`). */
  requests: number;
  /** Points GitHub charged, from `rateLimit.cost` in each answer (0 where GitHub tells none). */
  points: number;
  /** Points left after the last request, when GitHub told. */
  remaining?: number;
}

/**
 * A failure that asking fewer repositories at once may cure: GitHub ran out of time on the query (its 502
 * "This may be the result of a timeout", a 504, a 200 without data saying so), or the gateway's own time bound cut
 * the exchange. Limits, outages, refused credentials and malformed answers are not: they stop the side.
 */
export function curedBySplitting(error: unknown): boolean {
  if (error instanceof CountQueryError) return error.type === 'TIMEOUT';
  if (!(error instanceof UpstreamFailureError)) return false;
  const { code, message } = error.failure;
  return (
    code === 'UPSTREAM_TIMEOUT' ||
    code === 'UPSTREAM_CUT' ||
    (code === 'UPSTREAM_ERROR' && /\bHTTP 50[234]\b/.test(message))
  );
}

/**
 * Counts `names` of `owner` on one side, one aliased query per chunk, one chunk after the other (a side's
 * secondary limit counts requests per minute). A chunk GitHub times out on is asked again in halves, depth
 * first, down to one repository: a side that keeps failing costs at most ⌈log2(chunk size)⌉ requests more before
 * the error comes out. Any other typed error (count-answer.ts) stops the side: the caller waits or retries it
 * whole, never taking a partial answer for missing repositories.
 */
export async function countSide(
  post: GraphqlPost,
  owner: string,
  names: readonly string[],
  options: CountQueryOptions,
): Promise<SideCounts> {
  const unique = [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
  const counts = new Map<string, RepositoryCounts | null>();
  let requests = 0;
  let points = 0;
  let remaining: number | undefined;
  const count = async (chunk: string[]): Promise<void> => {
    const query = countQuery(owner, chunk, options);
    requests += 1;
    let read;
    try {
      read = readCountAnswer(await post(query.query, query.variables), query);
    } catch (error) {
      if (chunk.length === 1 || !curedBySplitting(error)) throw error;
      const half = Math.ceil(chunk.length / 2);
      await count(chunk.slice(0, half));
      await count(chunk.slice(half));
      return;
    }
    for (const [name, value] of read.counts) counts.set(name.toLowerCase(), value);
    points += read.rateLimit?.cost ?? 0;
    remaining = read.rateLimit?.remaining ?? remaining;
  };
  for (const chunk of chunked(unique)) await count(chunk);
  return { counts, requests, points, ...(remaining === undefined ? {} : { remaining }) };
}
