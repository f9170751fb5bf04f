/** A rate-limit reading taken from `x-ratelimit-*` response headers. */
export interface RateLimitReading {
  resource: string;
  limit: number;
  remaining: number;
  used: number;
  /** Epoch seconds, as GitHub sends it. */
  reset: number;
}

function nonNegativeInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/**
 * Read the rate-limit headers of one response. Returns null when they are absent or unusable
 * (GHES with rate limiting disabled sends none), so callers never show made-up numbers.
 */
export function parseRateLimitHeaders(headers: Headers): RateLimitReading | null {
  const limit = nonNegativeInt(headers.get('x-ratelimit-limit'));
  const remaining = nonNegativeInt(headers.get('x-ratelimit-remaining'));
  const reset = nonNegativeInt(headers.get('x-ratelimit-reset'));
  if (limit === undefined || remaining === undefined || reset === undefined) return null;
  const used = nonNegativeInt(headers.get('x-ratelimit-used')) ?? Math.max(0, limit - remaining);
  const resource = headers.get('x-ratelimit-resource')?.trim() || 'core';
  if (!/^[a-z0-9_]{1,64}$/.test(resource)) return null;
  return { resource, limit, remaining, used, reset };
}
