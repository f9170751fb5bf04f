import Alert from '@mui/material/Alert';
import { useNow } from '@/hooks/use-now';
import { useRateLimitSnapshot } from '@/hooks/use-rate-limits';
import { formatClockTime, formatDuration } from '@/lib/format';

/** While a GitHub rate limit is in force, say when it lifts; requests wait until then. */
export function RateLimitBanner() {
  const { blockedUntil } = useRateLimitSnapshot();
  const now = useNow(1_000);
  if (blockedUntil === undefined || blockedUntil <= now) return null;
  return (
    <Alert severity="warning" square role="alert">
      GitHub’s rate limit is exhausted. It lifts at {formatClockTime(blockedUntil)} (in{' '}
      {formatDuration(blockedUntil - now)}); Ferry waits until then before asking again.
    </Alert>
  );
}
