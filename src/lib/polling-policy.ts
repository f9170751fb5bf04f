/**
 * Polling is declared as a pure function of what we know about a resource:
 * - terminal resources stop polling;
 * - resources waiting for the user's remedy stop polling until the user acts;
 * - active resources poll at `minMs`, then back off while nothing changes: the interval grows to half the
 *   time the data has been unchanged, capped at `maxMs`;
 * - while a rate limit is in force, the next poll waits for it to lift.
 * Hidden tabs are paused by React Query itself (`refetchIntervalInBackground: false`).
 */
export type PollPhase = 'active' | 'waiting-for-user' | 'terminal';

export interface PollInput {
  phase: PollPhase;
  /** How long the data has been unchanged, in ms. */
  unchangedMs: number;
  /** Milliseconds until a rate limit lifts (0 when none applies). */
  rateLimitedForMs?: number;
}

export interface PollPolicy {
  minMs: number;
  maxMs: number;
}

export const DEFAULT_POLL_POLICY: PollPolicy = { minMs: 2_000, maxMs: 60_000 };

export function pollInterval(input: PollInput, policy: PollPolicy = DEFAULT_POLL_POLICY): number | false {
  if (input.phase !== 'active') return false;
  const backoff = Math.min(policy.maxMs, Math.max(policy.minMs, input.unchangedMs / 2));
  return Math.max(backoff, input.rateLimitedForMs ?? 0);
}

/**
 * Remembers when each data object was first seen. React Query keeps the same reference while a refetch
 * returns equal data (structural sharing), so "first seen" is "last changed".
 */
const firstSeen = new WeakMap<object, number>();

export function unchangedFor(data: unknown, now: number = Date.now()): number {
  if (typeof data !== 'object' || data === null) return 0;
  const seen = firstSeen.get(data);
  if (seen === undefined) {
    firstSeen.set(data, now);
    return 0;
  }
  return now - seen;
}
