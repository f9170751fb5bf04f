import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useNow } from '@/hooks/use-now';
import { toApiError } from '@/lib/api-error';
import { describeError } from '@/lib/describe-error';
import { formatDuration } from '@/lib/format';

export interface StaleSource {
  /** When the data shown was read (React Query's dataUpdatedAt). */
  dataUpdatedAt: number;
  /** Failed reads since the last good one: the first failure counts, not only the last retry's. */
  failureCount: number;
  failureReason: unknown;
  refetch: () => Promise<unknown>;
}

/** True once a read of data already shown has failed: what the page shows may no longer be so. */
export function isStale(query: StaleSource): boolean {
  return query.dataUpdatedAt > 0 && query.failureCount > 0;
}

/**
 * Said as soon as a refresh fails, not after the retries run out: the page's data is from a while ago, and
 * the actions that depend on it are off until the server answers again.
 */
export function StaleDataNotice({ query, what }: { query: StaleSource; what: string }) {
  const now = useNow(1_000);
  if (!isStale(query)) return null;
  const description = describeError(toApiError(query.failureReason));
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={() => void query.refetch()}>
          Retry
        </Button>
      }
    >
      <AlertTitle>{description.title}: this may no longer be so</AlertTitle>
      {what} as it was {formatDuration(Math.max(0, now - query.dataUpdatedAt))} ago. Actions are off until
      Ferry’s server answers again; {description.hint.charAt(0).toLowerCase() + description.hint.slice(1)}
    </Alert>
  );
}
