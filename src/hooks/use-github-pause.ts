import { useHasPassed } from './use-now';
import { useRateLimitSnapshot } from './use-rate-limits';
import { formatClockTime } from '@/lib/format';

/**
 * While a GitHub rate limit is in force Ferry sends nothing to GitHub, so a write button would only fail:
 * pages disable their writes and show `reason`. Undefined when GitHub can be asked. Re-renders its page when
 * the pause starts or lifts, not every second.
 */
export function useGithubPause(): { until: number; reason: string } | undefined {
  const { blockedUntil } = useRateLimitSnapshot();
  const lifted = useHasPassed(blockedUntil);
  if (blockedUntil === undefined || lifted) return undefined;
  return {
    until: blockedUntil,
    reason: `Paused: GitHub’s rate limit is reached; writes resume at ${formatClockTime(blockedUntil)}.`,
  };
}
