import Alert from '@mui/material/Alert';
import { Countdown } from '@/components/countdown';
import { useHasPassed } from '@/hooks/use-now';
import { useRateLimitSnapshot } from '@/hooks/use-rate-limits';
import { formatClockTime } from '@/lib/format';

/** While a GitHub rate limit is in force, say when it lifts; requests wait until then. */
export function RateLimitBanner() {
  const { blockedUntil } = useRateLimitSnapshot();
  const lifted = useHasPassed(blockedUntil);
  if (blockedUntil === undefined || lifted) return null;
  return (
    <Alert severity="warning" square role="alert">
      GitHub’s rate limit is exhausted. It lifts at {formatClockTime(blockedUntil)} (in{' '}
      <Countdown to={blockedUntil} />
      ); Ferry waits until then before asking again.
    </Alert>
  );
}
