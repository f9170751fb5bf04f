import { parseGraphqlRateLimit, type GraphqlAnswer, type GraphqlRateLimit } from '@/contracts/github/gei';
import { parseRepositoryCounts, type RepositoryCounts } from '@/contracts/moves-validation';
import type { CountQuery } from './count-query';

/**
 * What one side answered to one count query: each repository's counts, or null when the side has no such
 * repository (GitHub answers `null` beside a `NOT_FOUND` error). Errors that leave the counts unknown are typed
 * so the caller waits (`RATE_LIMIT`), retries later (`SERVICE_UNAVAILABLE`), asks fewer repositories at once
 * (`TIMEOUT`: GitHub gave up on the query, "This may be the result of a timeout") or reports (`QUERY`), and
 * never mistakes an unknown for a missing repository.
 */
export type CountErrorType = 'RATE_LIMIT' | 'SERVICE_UNAVAILABLE' | 'TIMEOUT' | 'QUERY';

export class CountQueryError extends Error {
  override name = 'CountQueryError';
  constructor(
    readonly type: CountErrorType,
    message: string,
    /** GitHub's own `type` (FORBIDDEN, RATE_LIMITED, …), when it gave one. */
    readonly githubType?: string,
  ) {
    super(message);
  }
}

export interface ChunkCounts {
  /** repository name → counts, or null: missing on that side. */
  counts: Map<string, RepositoryCounts | null>;
  rateLimit?: GraphqlRateLimit;
}

const RATE_LIMIT_TYPES = new Set(['RATE_LIMIT', 'RATE_LIMITED']);
/** GitHub's words when a query ran out of time (its 502 body, or a 200 with no data). */
const TIMEOUT = /\btime(?:d)? ?out\b/i;

export function readCountAnswer(answer: GraphqlAnswer, query: CountQuery): ChunkCounts {
  const limited = answer.errors.find((error) => error.type && RATE_LIMIT_TYPES.has(error.type));
  if (limited) throw new CountQueryError('RATE_LIMIT', limited.message, limited.type);
  const unavailable = answer.errors.find((error) => error.type === 'SERVICE_UNAVAILABLE');
  if (unavailable) throw new CountQueryError('SERVICE_UNAVAILABLE', unavailable.message, unavailable.type);
  const { data } = answer;
  if (!data) {
    const first = answer.errors[0];
    const type = first && TIMEOUT.test(first.message) ? 'TIMEOUT' : 'QUERY';
    throw new CountQueryError(type, first?.message ?? 'GitHub answered no data.', first?.type);
  }
  const counts = new Map<string, RepositoryCounts | null>();
  for (const [alias, name] of query.names) {
    const errors = answer.errors.filter((found) => found.path?.[0] === alias);
    // Missing: GitHub's NOT_FOUND on the repository itself. Any other error leaves its counts unknown.
    const missing = errors.length > 0 && errors.every((e) => e.type === 'NOT_FOUND' && e.path?.length === 1);
    const [other] = missing ? [] : errors;
    if (other) throw new CountQueryError('QUERY', `${name}: ${other.message}`, other.type);
    if (!missing && !(alias in data)) throw new CountQueryError('QUERY', `GitHub’s answer left ${name} out.`);
    const value = missing ? null : data[alias];
    counts.set(name, parseRepositoryCounts(value));
  }
  const rateLimit = parseGraphqlRateLimit(data.rateLimit);
  return { counts, ...(rateLimit ? { rateLimit } : {}) };
}
