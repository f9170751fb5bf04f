import { MutationObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiErrorInit } from './api-error';
import { createQueryClient } from './query-client';
import { DO_NOT_RETRY, MAX_RETRIES, retryDelay, shouldRetry } from './retry-policy';

const NOW = 1_700_000_000_000;

function apiError(init: Partial<ApiErrorInit> & Pick<ApiErrorInit, 'kind'>): ApiError {
  return new ApiError({ upstream: 'github', message: 'test', ...init });
}

/** How many retries React Query would make: it asks `shouldRetry(failureCount)` with 0, 1, 2… */
function retriesAllowed(error: unknown): number {
  let failures = 0;
  while (shouldRetry(failures, error) && failures < 100) failures += 1;
  return failures;
}

describe('shouldRetry', () => {
  it.each([
    ['network', apiError({ kind: 'network' })],
    ['timeout', apiError({ kind: 'timeout' })],
    ['HTTP 500', apiError({ kind: 'http', status: 500 })],
    ['HTTP 502', apiError({ kind: 'http', status: 502 })],
    ['HTTP 503', apiError({ kind: 'http', status: 503 })],
    ['HTTP 429 without rate-limit headers', apiError({ kind: 'http', status: 429 })],
    ['an unreadable 502 body', apiError({ kind: 'malformed', status: 502 })],
  ])('retries %s exactly 3 times', (_name, error) => {
    expect(retriesAllowed(error)).toBe(3);
    expect(shouldRetry(0, error)).toBe(true);
    expect(shouldRetry(2, error)).toBe(true);
    expect(shouldRetry(3, error)).toBe(false);
  });

  it.each([400, 401, 403, 404, 410, 422, 451])('never retries HTTP %i', (status) => {
    expect(DO_NOT_RETRY.has(status)).toBe(true);
    expect(shouldRetry(0, apiError({ kind: 'http', status }))).toBe(false);
    expect(shouldRetry(0, apiError({ kind: 'malformed', status }))).toBe(false);
  });

  it('does not retry other client errors or an unreadable 200', () => {
    expect(shouldRetry(0, apiError({ kind: 'http', status: 409 }))).toBe(false);
    expect(shouldRetry(0, apiError({ kind: 'http', status: 415 }))).toBe(false);
    expect(shouldRetry(0, apiError({ kind: 'malformed', status: 200 }))).toBe(false);
    expect(shouldRetry(0, apiError({ kind: 'http' }))).toBe(false);
  });

  it('retries a primary rate limit once', () => {
    const error = apiError({ kind: 'rate-limited', status: 403, retryAt: NOW + 30_000 });
    expect(retriesAllowed(error)).toBe(1);
    expect(retriesAllowed(apiError({ kind: 'rate-limited', status: 429 }))).toBe(1);
  });

  it('retries a secondary rate limit at most 3 times', () => {
    expect(
      retriesAllowed(apiError({ kind: 'secondary-rate-limited', status: 403, retryAt: NOW + 60_000 })),
    ).toBe(MAX_RETRIES);
    expect(MAX_RETRIES).toBe(3);
  });

  it('retries the registrar only for RATE_LIMIT_EXCEEDED, once', () => {
    expect(
      retriesAllowed(
        apiError({ kind: 'registrar', upstream: 'registrar', code: 'RATE_LIMIT_EXCEEDED', status: 429 }),
      ),
    ).toBe(1);
    expect(
      retriesAllowed(
        apiError({ kind: 'registrar', upstream: 'registrar', code: 'INVALID_API_KEYS_002', status: 400 }),
      ),
    ).toBe(0);
    expect(retriesAllowed(apiError({ kind: 'registrar', upstream: 'registrar', status: 200 }))).toBe(0);
  });

  it('retries an unknown (non-ApiError) failure like a network error', () => {
    expect(retriesAllowed(new TypeError('boom'))).toBe(3);
  });
});

describe('retryDelay', () => {
  it('waits 1 s, 4 s, 9 s for network errors and 5xx', () => {
    for (const error of [
      apiError({ kind: 'network' }),
      apiError({ kind: 'http', status: 503 }),
      new Error('x'),
    ]) {
      expect([0, 1, 2].map((failures) => retryDelay(failures, error, NOW))).toEqual([1_000, 4_000, 9_000]);
    }
  });

  it('waits for a primary limit until retryAt', () => {
    const error = apiError({ kind: 'rate-limited', status: 403, retryAt: NOW + 42_000 });
    expect(retryDelay(0, error, NOW)).toBe(42_000);
  });

  it('never waits a negative time, nor more than an hour', () => {
    expect(retryDelay(0, apiError({ kind: 'rate-limited', retryAt: NOW - 5_000 }), NOW)).toBe(0);
    expect(retryDelay(0, apiError({ kind: 'rate-limited', retryAt: NOW + 5 * 3_600_000 }), NOW)).toBe(
      3_600_000,
    );
  });

  it('waits retry-after for a secondary limit, then backs off exponentially', () => {
    const error = apiError({ kind: 'secondary-rate-limited', status: 403, retryAt: NOW + 60_000 });
    expect([0, 1, 2].map((failures) => retryDelay(failures, error, NOW))).toEqual([60_000, 120_000, 240_000]);
  });

  it('waits the registrar ttlRemaining when it gave one, else 1 s', () => {
    const withTtl = apiError({
      kind: 'registrar',
      upstream: 'registrar',
      code: 'RATE_LIMIT_EXCEEDED',
      retryAt: NOW + 7_000,
    });
    expect(retryDelay(0, withTtl, NOW)).toBe(7_000);
    const withoutTtl = apiError({ kind: 'registrar', upstream: 'registrar', code: 'RATE_LIMIT_EXCEEDED' });
    expect(retryDelay(0, withoutTtl, NOW)).toBe(1_000);
  });
});

describe('retries through a real QueryClient', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function failingFetcher(error: ApiError) {
    const start = Date.now();
    const attempts: number[] = [];
    const queryFn = (): Promise<never> => {
      attempts.push(Date.now() - start);
      return Promise.reject(error);
    };
    return { attempts, queryFn };
  }

  it('attempts a 503 at 0 s, 1 s, 5 s and 14 s, then fails with the error', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const error = apiError({ kind: 'http', status: 503, message: 'Service Unavailable' });
    const { attempts, queryFn } = failingFetcher(error);

    const outcome = client.fetchQuery({ queryKey: ['retry', '503'], queryFn }).then(
      () => 'resolved',
      (reason: unknown) => reason,
    );

    await vi.advanceTimersByTimeAsync(999);
    expect(attempts).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toEqual([0, 1_000]);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(attempts).toEqual([0, 1_000, 5_000]);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(attempts).toEqual([0, 1_000, 5_000, 14_000]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toHaveLength(4);
    expect(await outcome).toBe(error);
    expect(client.getQueryState(['retry', '503'])?.status).toBe('error');
  });

  it('attempts a 404 exactly once', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const error = apiError({ kind: 'http', status: 404, message: 'Not Found' });
    const { attempts, queryFn } = failingFetcher(error);

    const outcome = client
      .fetchQuery({ queryKey: ['retry', '404'], queryFn })
      .catch((reason: unknown) => reason);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toEqual([0]);
    expect(await outcome).toBe(error);
  });

  it('waits for a primary rate limit to lift, then tries once more', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const error = apiError({ kind: 'rate-limited', status: 403, retryAt: Date.now() + 30_000 });
    const { attempts, queryFn } = failingFetcher(error);

    const outcome = client
      .fetchQuery({ queryKey: ['retry', 'primary'], queryFn })
      .catch((reason: unknown) => reason);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(attempts).toEqual([0]);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(attempts).toEqual([0, 30_000]);
    expect(await outcome).toBe(error);
  });

  it('does not retry at all when created with retry disabled', async () => {
    vi.useFakeTimers();
    const client = createQueryClient({ retry: false });
    const { attempts, queryFn } = failingFetcher(apiError({ kind: 'http', status: 503 }));
    const outcome = client.fetchQuery({ queryKey: ['retry', 'off'], queryFn }).catch(() => 'failed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toEqual([0]);
    expect(await outcome).toBe('failed');
  });

  it('never retries a mutation, even on a retryable 503', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const error = apiError({ kind: 'http', status: 503 });
    let calls = 0;
    const observer = new MutationObserver(client, {
      mutationFn: () => {
        calls += 1;
        return Promise.reject(error);
      },
    });
    const outcome = observer.mutate().catch((reason: unknown) => reason);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(1);
    expect(await outcome).toBe(error);
    expect(observer.getCurrentResult().status).toBe('error');
  });
});
