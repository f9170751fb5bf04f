import type { GraphqlAnswer } from '@/contracts/github/gei';
import type { RepositoryCounts } from '@/contracts/moves-validation';
import { readCountAnswer } from './count-answer';
import { chunked, countQuery, type CountQueryOptions } from './count-query';

/** One GraphQL POST to a side (the target client's `query`, or the same client pointed at the source). */
export type GraphqlPost = (query: string, variables: Record<string, unknown>) => Promise<GraphqlAnswer>;

export interface SideCounts {
  /** Repository name in lower case (as GitHub compares names) → counts, or null: missing on that side. */
  counts: Map<string, RepositoryCounts | null>;
  /** GraphQL requests sent: one per chunk. */
  requests: number;
  /** Points GitHub charged, from `rateLimit.cost` in each answer (0 where GitHub tells none). */
  points: number;
  /** Points left after the last request, when GitHub told. */
  remaining?: number;
}

/**
 * Counts `names` of `owner` on one side, one aliased query per chunk, one chunk after the other (a side's
 * secondary limit counts requests per minute). A typed error (count-answer.ts) stops the side: the caller waits
 * or retries it whole, never taking a partial answer for missing repositories.
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
  for (const chunk of chunked(unique)) {
    const query = countQuery(owner, chunk, options);
    const answer = await post(query.query, query.variables);
    requests += 1;
    const read = readCountAnswer(answer, query);
    for (const [name, value] of read.counts) counts.set(name.toLowerCase(), value);
    points += read.rateLimit?.cost ?? 0;
    remaining = read.rateLimit?.remaining ?? remaining;
  }
  return { counts, requests, points, ...(remaining === undefined ? {} : { remaining }) };
}
