/**
 * GitHub's rate limits as Ferry reads them: the `x-ratelimit-*` headers of any answer and the body of
 * `GET /rate_limit`. Both the SPA (app bar, rate-limits page) and the gateway (recorder) read with these.
 */
/** The primary rate limit of the credential a request was sent with, on every answer: the one list of names. */
export const RATE_LIMIT_HEADER = {
  limit: 'x-ratelimit-limit',
  remaining: 'x-ratelimit-remaining',
  used: 'x-ratelimit-used',
  /** Epoch seconds. */
  reset: 'x-ratelimit-reset',
  /** The category (`core`, `search`...) the request counted against. */
  resource: 'x-ratelimit-resource',
} as const;
export const RATE_LIMIT_HEADERS = Object.values(RATE_LIMIT_HEADER);

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
  const limit = nonNegativeInt(headers.get(RATE_LIMIT_HEADER.limit));
  const remaining = nonNegativeInt(headers.get(RATE_LIMIT_HEADER.remaining));
  const reset = nonNegativeInt(headers.get(RATE_LIMIT_HEADER.reset));
  if (limit === undefined || remaining === undefined || reset === undefined) return null;
  const used = nonNegativeInt(headers.get(RATE_LIMIT_HEADER.used)) ?? Math.max(0, limit - remaining);
  const resource = headers.get(RATE_LIMIT_HEADER.resource)?.trim() || 'core';
  if (!/^[a-z0-9_]{1,64}$/.test(resource)) return null;
  return { resource, limit, remaining, used, reset };
}

/** A reading written back as GitHub's headers (answers the gateway gives from its own snapshot). */
export function rateLimitHeaderEntries(reading: RateLimitReading): [string, string][] {
  return [
    [RATE_LIMIT_HEADER.limit, String(reading.limit)],
    [RATE_LIMIT_HEADER.remaining, String(reading.remaining)],
    [RATE_LIMIT_HEADER.used, String(reading.used)],
    [RATE_LIMIT_HEADER.reset, String(reading.reset)],
    [RATE_LIMIT_HEADER.resource, reading.resource],
  ];
}

/** One category of `GET /rate_limit`, validated. */
export interface RateLimitCategory {
  name: string;
  limit: number;
  remaining: number;
  used: number;
  /** Epoch seconds. */
  reset: number;
}

export interface RateLimitOverview {
  categories: RateLimitCategory[];
  /** The deprecated top-level `rate` was present and equal to `core` (then it is not shown twice). */
  rateMirrorsCore: boolean;
  /** `rate` was present but differs from `core` (should not happen; said plainly if it does). */
  rateDiffers: boolean;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function category(name: string, value: unknown): RateLimitCategory | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const limit = count(record.limit);
  const remaining = count(record.remaining);
  const reset = count(record.reset);
  if (limit === undefined || remaining === undefined || reset === undefined) return undefined;
  return { name, limit, remaining, reset, used: count(record.used) ?? Math.max(0, limit - remaining) };
}

/**
 * Validate a `GET /rate_limit` body. Categories are taken as the API returns them (never a fixed list);
 * malformed entries are skipped rather than failing the whole page.
 */
export function parseRateLimitOverview(body: unknown): RateLimitOverview {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const resources =
    typeof record.resources === 'object' && record.resources !== null
      ? (record.resources as Record<string, unknown>)
      : {};
  const categories = Object.entries(resources).flatMap(([name, value]) => {
    const parsed = /^[a-z0-9_]{1,64}$/.test(name) ? category(name, value) : undefined;
    return parsed ? [parsed] : [];
  });
  const rate = category('rate', record.rate);
  const core = categories.find((entry) => entry.name === 'core');
  const same =
    rate !== undefined &&
    core !== undefined &&
    rate.limit === core.limit &&
    rate.remaining === core.remaining &&
    rate.reset === core.reset;
  if (!core && rate) categories.push({ ...rate, name: 'core' });
  return {
    categories,
    rateMirrorsCore: same,
    rateDiffers: rate !== undefined && core !== undefined && !same,
  };
}
