import { readRateLimitPause } from '@/contracts/github/http';

/**
 * When the watcher asks the upstream again, as a pure function (the SPA's polling policy, server-side):
 * every 2 s at first, backing off to half the time nothing changed, at most 30 s; 60 s while the resource
 * waits for a user; 2 s after a failed poll; never before a rate limit lifts; not at all once terminal.
 */
export interface WatchIntervalInput {
  terminal: boolean;
  waiting: boolean;
  unchangedMs: number;
  pausedForMs: number;
  /** The last poll failed: look again soon (a limit in force still comes first). */
  failing?: boolean;
}

export const WATCH_MIN_MS = 2_000;
export const WATCH_MAX_MS = 30_000;
export const WATCH_WAITING_MS = 60_000;

export function watchInterval(input: WatchIntervalInput): number | false {
  if (input.terminal) return false;
  const base = input.failing
    ? WATCH_MIN_MS
    : input.waiting
      ? WATCH_WAITING_MS
      : Math.min(WATCH_MAX_MS, Math.max(WATCH_MIN_MS, input.unchangedMs / 2));
  return Math.max(base, input.pausedForMs);
}

/** How long an upstream limit holds, from a response's headers (primary: reset; secondary: retry-after). */
export function pausedForMs(status: number, headers: Headers, upstreamNowMs: number): number {
  const pause = readRateLimitPause(status, headers);
  if (!pause) return 0;
  if (pause.kind === 'secondary') return pause.waitMs;
  return pause.resetAtMs === undefined ? 0 : Math.max(1_000, pause.resetAtMs - upstreamNowMs);
}
