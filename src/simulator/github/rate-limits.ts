/**
 * Rate-limit accounting per budget and category, with fixed windows. Callers name an identity (a token, or
 * "anonymous"); `budgetOf` says whose budget it spends (a user's tokens share one, see budgets.ts).
 * Scenarios may add background burn (other clients spending the same budget) so the demo dashboard moves.
 */
export interface CategorySpec {
  name: string;
  limit: number;
  anonymousLimit: number;
  windowSeconds: number;
  /** Requests per hour spent by "other clients" in the demo scenario. */
  demoBurnPerHour: number;
  /** Where the first window starts, relative to the seed time, so resets are spread out. */
  offsetSeconds: number;
}

// The categories GitHub's /rate_limit returns today (code_scanning_upload was removed in 2026).
export const CATEGORIES: CategorySpec[] = [
  {
    name: 'core',
    limit: 5000,
    anonymousLimit: 60,
    windowSeconds: 3600,
    demoBurnPerHour: 2400,
    offsetSeconds: 1500,
  },
  {
    name: 'search',
    limit: 30,
    anonymousLimit: 10,
    windowSeconds: 60,
    demoBurnPerHour: 1200,
    offsetSeconds: 20,
  },
  {
    name: 'graphql',
    limit: 5000,
    anonymousLimit: 0,
    windowSeconds: 3600,
    demoBurnPerHour: 7200,
    offsetSeconds: 1800,
  },
  {
    name: 'integration_manifest',
    limit: 5000,
    anonymousLimit: 5000,
    windowSeconds: 3600,
    demoBurnPerHour: 0,
    offsetSeconds: 600,
  },
  {
    name: 'code_search',
    limit: 10,
    anonymousLimit: 0,
    windowSeconds: 60,
    demoBurnPerHour: 300,
    offsetSeconds: 40,
  },
  {
    name: 'source_import',
    limit: 100,
    anonymousLimit: 100,
    windowSeconds: 60,
    demoBurnPerHour: 0,
    offsetSeconds: 10,
  },
  {
    name: 'actions_runner_registration',
    limit: 10000,
    anonymousLimit: 10000,
    windowSeconds: 3600,
    demoBurnPerHour: 0,
    offsetSeconds: 900,
  },
  {
    name: 'scim',
    limit: 15000,
    anonymousLimit: 15000,
    windowSeconds: 3600,
    demoBurnPerHour: 0,
    offsetSeconds: 900,
  },
  {
    name: 'dependency_snapshots',
    limit: 100,
    anonymousLimit: 100,
    windowSeconds: 60,
    demoBurnPerHour: 0,
    offsetSeconds: 30,
  },
  {
    name: 'dependency_sbom',
    limit: 100,
    anonymousLimit: 100,
    windowSeconds: 3600,
    demoBurnPerHour: 0,
    offsetSeconds: 300,
  },
  {
    name: 'code_scanning_autofix',
    limit: 10,
    anonymousLimit: 10,
    windowSeconds: 60,
    demoBurnPerHour: 0,
    offsetSeconds: 50,
  },
  {
    name: 'audit_log',
    limit: 1750,
    anonymousLimit: 0,
    windowSeconds: 3600,
    demoBurnPerHour: 600,
    offsetSeconds: 1200,
  },
  {
    name: 'copilot_usage_records',
    limit: 10,
    anonymousLimit: 0,
    windowSeconds: 60,
    demoBurnPerHour: 0,
    offsetSeconds: 5,
  },
];

export interface CategoryStatus {
  limit: number;
  used: number;
  remaining: number;
  /** Epoch seconds. */
  reset: number;
}

interface WindowCount {
  windowStart: number;
  count: number;
}

export interface RateLimitOptions {
  originMs: number;
  background: boolean;
  /** Counts carried over from a saved world (see `counts()`). */
  counted?: RateLimitCounts;
  /** The budget an identity spends (the identity itself when not given). */
  budgetOf?: (identity: string) => string;
}

/** budget → category → the current window's count: what a saved world keeps of the limiter. */
export type RateLimitCounts = Record<string, Record<string, WindowCount>>;

export function createRateLimiter(options: RateLimitOptions) {
  const budgetOf = options.budgetOf ?? ((identity: string) => identity);
  /** budget → category → requests counted in the current window */
  const counted = new Map<string, Map<string, WindowCount>>(
    Object.entries(options.counted ?? {}).map(([budget, byCategory]) => [
      budget,
      new Map(Object.entries(byCategory).map(([category, entry]) => [category, { ...entry }])),
    ]),
  );

  const windowStart = (spec: CategorySpec, now: number) => {
    const length = spec.windowSeconds * 1000;
    const origin = options.originMs - spec.offsetSeconds * 1000;
    return origin + Math.floor((now - origin) / length) * length;
  };

  const spec = (category: string): CategorySpec => {
    const found = CATEGORIES.find((candidate) => candidate.name === category);
    if (!found) throw new Error(`unknown rate-limit category ${category}`);
    return found;
  };

  function status(identity: string, category: string, now: number): CategoryStatus {
    const s = spec(category);
    const anonymous = identity === 'anonymous';
    const limit = anonymous ? s.anonymousLimit : s.limit;
    const start = windowStart(s, now);
    const entry = counted.get(budgetOf(identity))?.get(category);
    const own = entry && entry.windowStart === start ? entry.count : 0;
    const burn =
      options.background && !anonymous ? Math.floor((s.demoBurnPerHour * (now - start)) / 3_600_000) : 0;
    const used = Math.min(limit, own + burn);
    return {
      limit,
      used,
      remaining: limit - used,
      reset: Math.floor((start + s.windowSeconds * 1000) / 1000),
    };
  }

  return {
    options: { originMs: options.originMs, background: options.background },
    status,
    /** What was counted, as plain data (a saved world keeps it). */
    counts(): RateLimitCounts {
      return Object.fromEntries(
        [...counted].map(([budget, byCategory]) => [budget, Object.fromEntries(byCategory)]),
      );
    },
    /** Count one request (or `amount`: GraphQL's points). Returns the status after counting. */
    consume(identity: string, category: string, now: number, amount = 1): CategoryStatus {
      const start = windowStart(spec(category), now);
      const budget = budgetOf(identity);
      let byCategory = counted.get(budget);
      if (!byCategory) counted.set(budget, (byCategory = new Map<string, WindowCount>()));
      const entry = byCategory.get(category);
      if (entry && entry.windowStart === start) entry.count += amount;
      else byCategory.set(category, { windowStart: start, count: amount });
      return status(identity, category, now);
    },
    /** Spend the whole remaining budget (used by tests and fault scenarios). */
    exhaust(identity: string, category: string, now: number): void {
      const current = status(identity, category, now);
      const start = windowStart(spec(category), now);
      const budget = budgetOf(identity);
      let byCategory = counted.get(budget);
      if (!byCategory) counted.set(budget, (byCategory = new Map<string, WindowCount>()));
      const entry = byCategory.get(category);
      const own = entry && entry.windowStart === start ? entry.count : 0;
      byCategory.set(category, { windowStart: start, count: own + current.remaining });
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
