import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNow } from '@/hooks/use-now';
import { describeRetry } from '@/lib/retry-status';

/** What a query tells about its retries (React Query's `failureCount` and `failureReason`). */
export interface RetryingQuery {
  failureCount: number;
  failureReason: unknown;
}

function RetryNote({ query }: { query: RetryingQuery }) {
  const now = useNow(250);
  // When this failure was seen (to the clock's tick): the retry delay counts from it.
  const [seen, setSeen] = useState(() => ({ count: query.failureCount, at: now }));
  if (seen.count !== query.failureCount) setSeen({ count: query.failureCount, at: now });
  const text = describeRetry(query.failureCount, query.failureReason, seen.at, Math.max(now, seen.at));
  return text ? (
    <Typography variant="body2" color="text.secondary">
      {text}
    </Typography>
  ) : null;
}

/**
 * An accessible loading state: screen readers and tests find it by its label. Given its query, it also says
 * when a failed read is retried and why it waits, instead of spinning silently.
 */
export function LoadingState({ label = 'Loading', query }: { label?: string; query?: RetryingQuery }) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 3 }}>
      <CircularProgress size={24} aria-hidden />
      <Box>
        <Typography color="text.secondary">{label}…</Typography>
        {query && query.failureCount > 0 ? <RetryNote query={query} /> : null}
      </Box>
    </Box>
  );
}
