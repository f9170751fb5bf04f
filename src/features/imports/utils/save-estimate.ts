import { formatDuration } from '@/lib/format';

/**
 * Time left for a serial save: each remaining write costs the spacing plus the average write seen so far
 * (or the spacing alone before the first write is measured).
 */
export function remainingMs(
  remaining: number,
  spacingMs: number,
  averageWriteMs: number | undefined,
): number {
  return remaining <= 0 ? 0 : remaining * (spacingMs + (averageWriteMs ?? 0));
}

/** "9,975 left, about 2 h 46 min". */
export function describeRemaining(remaining: number, ms: number): string {
  return `${remaining.toLocaleString()} left, about ${formatDuration(ms)}`;
}
