import { useNow } from '@/hooks/use-now';
import { formatDuration } from '@/lib/format';

/**
 * "4 min 10 s" until `to`, ticking every second on its own: the card or bar around it does not re-render
 * each second. `offsetMs` turns the browser's clock into the clock `to` is on (GitHub's).
 */
export function Countdown({ to, offsetMs = 0 }: { to: number; offsetMs?: number }) {
  const now = useNow(1_000);
  return <>{formatDuration(to - (now + offsetMs))}</>;
}
