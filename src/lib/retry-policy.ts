import { isShapeError } from '@/contracts/json';
import { isApiError } from './api-error';

/**
 * Octokit parity (plugin-retry + plugin-throttling), expressed for React Query:
 * - network errors, timeouts and 5xx/429: up to 3 retries after 1 s, 4 s, 9 s;
 * - never 400/401/403/404/410/422/451 (the request itself is wrong, retrying changes nothing);
 * - a primary rate limit waits until x-ratelimit-reset, once;
 * - a secondary limit waits retry-after (or 60 s), then backs off exponentially, at most 3 times.
 * Writes are never retried: mutations use `retry: false`.
 */
export const DO_NOT_RETRY = new Set([400, 401, 403, 404, 410, 422, 451]);
export const MAX_RETRIES = 3;
const MAX_RATE_LIMIT_WAIT_MS = 60 * 60 * 1000;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  // An answer a contract could not read is read the same way again: no retry (as a malformed 2xx).
  if (isShapeError(error)) return false;
  if (!isApiError(error)) return failureCount < MAX_RETRIES;
  switch (error.kind) {
    case 'rate-limited':
      return failureCount < 1;
    case 'secondary-rate-limited':
      return failureCount < MAX_RETRIES;
    case 'network':
    case 'timeout':
      return failureCount < MAX_RETRIES;
    case 'registrar':
      return error.code === 'RATE_LIMIT_EXCEEDED' ? failureCount < 1 : false;
    case 'malformed':
    case 'http': {
      const status = error.status ?? 0;
      if (DO_NOT_RETRY.has(status)) return false;
      return (status >= 500 || status === 429) && failureCount < MAX_RETRIES;
    }
  }
}

/** Delay before retry number `failureCount + 1` (React Query passes the failures so far, from 0). */
export function retryDelay(failureCount: number, error: unknown, now: number = Date.now()): number {
  if (isApiError(error) && error.retryAt !== undefined) {
    const wait = Math.min(Math.max(error.retryAt - now, 0), MAX_RATE_LIMIT_WAIT_MS);
    // Secondary limits: wait what was asked, then double it for each further failure.
    return error.kind === 'secondary-rate-limited' ? wait * 2 ** failureCount : wait;
  }
  return (failureCount + 1) ** 2 * 1000;
}
