import { ErrorAlert } from './error-alert';

export interface RefreshableQuery {
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** A failed background refresh over data still shown: a warning with a retry, never a blank page. */
export function RefreshFailedAlert({ query }: { query: RefreshableQuery }) {
  if (!query.isError) return null;
  return (
    <ErrorAlert
      error={query.error}
      severity="warning"
      context="Refresh failed"
      onRetry={() => void query.refetch()}
    />
  );
}
