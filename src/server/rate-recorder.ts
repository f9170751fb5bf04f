import {
  parseRateLimitHeaders,
  parseRateLimitOverview,
  rateLimitHeaderEntries,
} from '@/contracts/github/rate-limit';
import {
  boundedRateCategories,
  DEFAULT_MAX_UNKNOWN_RATE_CATEGORIES,
} from '@/contracts/github/rate-categories';
import { DEFAULT_CREDENTIAL } from './credentials/credential-config';
import type { RateHistory, RateReading } from './store/rate-history';

/** An unchanged reading of a resource is recorded again only after this long (it shows the category idle). */
const REPEAT_MS = 60_000;

export function readingFromHeaders(
  headers: Headers,
  at: Date,
  credential = DEFAULT_CREDENTIAL,
): RateReading | undefined {
  const reading = parseRateLimitHeaders(headers);
  if (!reading) return undefined;
  const { resource, limit, remaining, used, reset } = reading;
  return {
    at,
    resource,
    limit,
    remaining,
    used,
    reset: new Date(reset * 1000),
    source: 'header',
    credential,
  };
}

/** Every category of a `/rate_limit` body (`resources.*`), as readings taken at `at`. */
export function readingsFromRateLimitBody(
  body: unknown,
  at: Date,
  credential = DEFAULT_CREDENTIAL,
): RateReading[] {
  return parseRateLimitOverview(body).categories.map(({ name, limit, remaining, used, reset }) => ({
    at,
    resource: name,
    limit,
    remaining,
    used,
    reset: new Date(reset * 1000),
    source: 'poll' as const,
    credential,
  }));
}

/**
 * Records the `x-ratelimit-*` headers of every upstream response the gateway forwards (no extra request),
 * and the categories of the minute `/rate_limit` sample. Times are the upstream's (its `Date` header), so a
 * simulator whose clock was advanced keeps a consistent history. Writes are queued in order and never block
 * the response they came from; a failed write is logged, not thrown.
 */
export function createRateRecorder(
  history: RateHistory | undefined,
  log: (message: string) => void = console.error,
  /** Each new reading (alerts). */
  onReading?: (reading: RateReading) => void,
  /** Unknown category names kept apart before the rest are counted as `other` (`RATE_CATEGORIES_MAX_UNKNOWN`). */
  maxUnknownCategories = DEFAULT_MAX_UNKNOWN_RATE_CATEGORIES,
) {
  const categoryOf = boundedRateCategories(maxUnknownCategories);
  /** The newest reading per credential and category. */
  const last = new Map<string, RateReading>();
  const keyOf = (credential: string | undefined, resource: string) =>
    `${credential ?? DEFAULT_CREDENTIAL}\u0000${resource}`;
  /** Upstream clock minus ours, from the last `Date` header. */
  let skewMs = 0;
  let queue: Promise<void> = Promise.resolve();

  const changed = (reading: RateReading) => {
    const previous = last.get(keyOf(reading.credential, reading.resource));
    return (
      !previous ||
      previous.remaining !== reading.remaining ||
      previous.reset.getTime() !== reading.reset.getTime() ||
      reading.at.getTime() - previous.at.getTime() >= REPEAT_MS
    );
  };

  const record = (given: RateReading[]) => {
    // Names come from the upstream: bounded here, so history, metrics and alerts are bounded too.
    const readings = given.map((reading) => ({ ...reading, resource: categoryOf(reading.resource) }));
    const fresh = readings.filter(changed);
    for (const reading of fresh) {
      last.set(keyOf(reading.credential, reading.resource), reading);
      onReading?.(reading);
    }
    if (!history || fresh.length === 0) return queue;
    queue = queue
      .then(() => history.record(fresh))
      .catch((error: unknown) =>
        log(`[store] rate history not recorded: ${error instanceof Error ? error.message : String(error)}`),
      );
    return queue;
  };

  return {
    /** The upstream's time now, as far as its last `Date` header tells. */
    upstreamNow: () => new Date(Date.now() + skewMs),

    /** Learn the clock from a response and record its rate-limit headers (of the credential it was sent with). */
    observe(headers: Headers, credential?: string): void {
      const date = Date.parse(headers.get('date') ?? '');
      if (Number.isFinite(date)) skewMs = date - Date.now();
      const reading = readingFromHeaders(headers, new Date(Date.now() + skewMs), credential);
      if (reading) void record([reading]);
    },

    recordBody(body: unknown, credential?: string): Promise<void> {
      return record(readingsFromRateLimitBody(body, new Date(Date.now() + skewMs), credential));
    },

    /** The newest rate headers seen, for answers the gateway gives from its own snapshot. */
    latestHeaders(resource = 'core', credential?: string): [string, string][] {
      const reading = last.get(keyOf(credential, resource));
      if (!reading) return [];
      return rateLimitHeaderEntries({ ...reading, reset: Math.floor(reading.reset.getTime() / 1000) });
    },

    /** The newest reading of each credential's categories (metrics). */
    latest(): RateReading[] {
      return [...last.values()];
    },

    /** Wait for queued writes (tests, shutdown). */
    flush: () => queue,
  };
}

export type RateRecorder = ReturnType<typeof createRateRecorder>;
