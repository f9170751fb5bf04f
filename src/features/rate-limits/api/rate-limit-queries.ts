import { githubPath } from '@/contracts/github/operations';
import { queryOptions } from '@tanstack/react-query';
import { parseBudgets, type CredentialBudget } from '@/contracts/budgets';
import { parseRateHistory, type RateHistoryResponse } from '@/contracts/ferry';
import { isApiError } from '@/lib/api-error';
import { request, withCredential } from '@/lib/api-client';
import { parseRateLimitOverview, type RateLimitOverview } from '@/contracts/github/rate-limit';

export type RateLimitStatus = ({ enabled: true } & RateLimitOverview) | { enabled: false; message: string };

/** GitHub Enterprise Server with rate limiting off answers 404 with this message: not an error. */
const DISABLED = /rate limiting is not enabled/i;

/** `credential`: a configured credential's name (none: the gateway's default, the app bar's). */
export async function getRateLimitStatus(credential?: string): Promise<RateLimitStatus> {
  try {
    const { data } = await request<unknown>(
      'github',
      githubPath('rate-limit/get'),
      withCredential(credential),
    );
    return { enabled: true, ...parseRateLimitOverview(data) };
  } catch (error) {
    if (isApiError(error) && error.status === 404 && DISABLED.test(error.message)) {
      return { enabled: false, message: error.message };
    }
    throw error;
  }
}

/** `GET /rate_limit` does not count against the limit, so the page can refresh it freely. */
export const RATE_LIMIT_REFRESH_MS = 10_000;

/** The charts show up to a day; the gateway samples `/rate_limit` once a minute. */
export const HISTORY_SPAN_MS = 86_400_000;
const HISTORY_REFRESH_MS = 60_000;

/** Every credential's recorded readings over the last day (the gateway's default span), oldest first, one a minute. */
export async function getRateHistory(): Promise<RateHistoryResponse> {
  // One reading per minute is all a chart or a projection needs (the sampler's own pace).
  const { data } = await request<unknown>('gateway', 'ferry/rate-history', { searchParams: { step: '60' } });
  return parseRateHistory(data);
}

/** Which credentials spend one budget (the gateway asks GitHub once per token whose it is, then keeps it). */
export async function getBudgets(): Promise<CredentialBudget[]> {
  const { data } = await request<unknown>('gateway', 'credentials/budgets');
  return parseBudgets(data);
}

export const rateLimitQueries = {
  all: () => ['rate-limits'] as const,
  status: (credential?: string) =>
    queryOptions({
      queryKey: [...rateLimitQueries.all(), 'status', ...(credential ? [credential] : [])] as const,
      queryFn: () => getRateLimitStatus(credential),
      refetchInterval: (query) => (query.state.data?.enabled === false ? false : RATE_LIMIT_REFRESH_MS),
    }),
  budgets: () =>
    queryOptions({
      queryKey: [...rateLimitQueries.all(), 'budgets'] as const,
      queryFn: getBudgets,
      // A token's owner does not change; a new credential means a new gateway (and a reload).
      staleTime: Infinity,
    }),
  history: () =>
    queryOptions({
      queryKey: [...rateLimitQueries.all(), 'history'] as const,
      queryFn: getRateHistory,
      refetchInterval: HISTORY_REFRESH_MS,
    }),
};
