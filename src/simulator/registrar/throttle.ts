/**
 * Burst limiting like the registrar's front proxy: more than `limit` requests from one caller (API key, or
 * IP without a key) within `windowMs` are refused (HTTP 429 `RATE_LIMIT_EXCEEDED`, as Porkbun documents); the
 * simulator allows a burst of 3 within a second. The front proxy's plain 503s are the fault `registrar-503-burst`. Time is injected so tests can
 * drive it; by default it is real time, because throttling is about how fast requests actually arrive.
 */
export interface BurstLimiter {
  /** Record one request; the seconds to wait when it is refused, `0` when it passes. */
  hit(caller: string): number;
}

export interface BurstOptions {
  limit: number;
  windowMs: number;
}

export const DEFAULT_BURST: BurstOptions = { limit: 3, windowMs: 1000 };

export function createBurstLimiter(now: () => number, options: BurstOptions = DEFAULT_BURST): BurstLimiter {
  const seen = new Map<string, number[]>();
  return {
    hit(caller) {
      const at = now();
      const recent = (seen.get(caller) ?? []).filter((time) => time > at - options.windowMs);
      if (recent.length >= options.limit) {
        seen.set(caller, recent);
        const oldest = recent[0] ?? at;
        return Math.max(1, Math.ceil((oldest + options.windowMs - at) / 1000));
      }
      recent.push(at);
      seen.set(caller, recent);
      if (seen.size > 10_000) seen.clear();
      return 0;
    },
  };
}
