import { pollInterval } from '@/lib/polling-policy';

/** With nothing running, the overview still looks now and then for exports started elsewhere (304s are free). */
export const IDLE_REFRESH_MS = 30_000;

export interface OverviewPollInput {
  /** States of everything listed; undefined before the first answer. */
  states: readonly string[] | undefined;
  isTerminal: (state: string) => boolean;
  unchangedMs: number;
  rateLimitedForMs: number;
}

/**
 * Polling as a pure function: while anything listed runs, the usual back-off (2 s growing to 60 s while
 * nothing changes); otherwise every 30 s; never before a rate limit lifts. No first answer yet: React Query
 * is already fetching, so no interval.
 */
export function overviewPollInterval(input: OverviewPollInput): number | false {
  if (!input.states) return false;
  if (!input.states.some((state) => !input.isTerminal(state))) {
    return Math.max(IDLE_REFRESH_MS, input.rateLimitedForMs);
  }
  return pollInterval({
    phase: 'active',
    unchangedMs: input.unchangedMs,
    rateLimitedForMs: input.rateLimitedForMs,
  });
}
