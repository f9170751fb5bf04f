import { QueryClient } from '@tanstack/react-query';
import type { ApiError } from './api-error';
import { retryDelay, shouldRetry } from './retry-policy';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}

/** React Query owns retries (Octokit parity) for reads; writes are never retried automatically. */
export function createQueryClient(overrides: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: overrides.retry === false ? false : shouldRetry,
        retryDelay: (failureCount, error) => retryDelay(failureCount, error),
        staleTime: 5_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
