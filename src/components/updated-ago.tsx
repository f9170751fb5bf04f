import Typography from '@mui/material/Typography';
import { useNow } from '@/hooks/use-now';
import { formatDuration } from '@/lib/format';

/** "Updated 12 s ago", ticking. Says "refreshing…" while a fetch is in flight. */
export function UpdatedAgo({ updatedAt, fetching }: { updatedAt: number; fetching?: boolean }) {
  const now = useNow(1_000);
  if (!updatedAt) return null;
  return (
    <Typography variant="body2" color="text.secondary" component="span" aria-live="off">
      Updated {formatDuration(now - updatedAt)} ago{fetching ? ' · refreshing…' : ''}
    </Typography>
  );
}
