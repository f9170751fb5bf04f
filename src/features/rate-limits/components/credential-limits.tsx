import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import type { RateHistoryResponse } from '@/contracts/ferry';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingState } from '@/components/loading-state';
import { RefreshFailedAlert } from '@/components/refresh-failed-alert';
import type { RateLimitStatus } from '../api/rate-limit-queries';
import { useBurnProjections } from '../hooks/use-burn-projections';
import { historyByCategory, type ChartSpan } from '../utils/history-by-category';
import { sortByUrgency } from '../utils/urgency';
import { RateLimitCard } from './rate-limit-card';

export interface CredentialLimitsProps {
  query: UseQueryResult<RateLimitStatus>;
  history: RateHistoryResponse | undefined;
  /** Whose readings of the history to chart (all when not said: the single-credential case). */
  credential?: string;
  span: ChartSpan;
  serverNow: number;
  clockOffsetMs: number;
  /** `grid`: the cards side by side (one credential); `column`: one above the other (several side by side). */
  layout: 'grid' | 'column';
}

const GRID = { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' };

/** One credential's categories, most urgent first, each with its history and projection. */
export function CredentialLimits({
  query,
  history,
  credential,
  span,
  serverNow,
  clockOffsetMs,
  layout,
}: CredentialLimitsProps) {
  const status = useDeferredValue(query.data);
  const categories = status?.enabled ? status.categories : undefined;
  const recorded = useMemo(
    () => (history ? historyByCategory(history.samples, credential) : undefined),
    [history, credential],
  );
  const { projections, samples } = useBurnProjections(
    categories,
    query.dataUpdatedAt + clockOffsetMs,
    serverNow,
    recorded,
  );

  if (!status) {
    return query.isError ? (
      <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
    ) : (
      <LoadingState
        label={credential ? `Loading ${credential}’s rate limits` : 'Loading rate limits'}
        query={query}
      />
    );
  }
  return (
    <Stack sx={{ gap: 2 }}>
      <RefreshFailedAlert query={query} />
      {status.enabled ? (
        <>
          {status.rateMirrorsCore ? (
            <Alert severity="info" variant="outlined" role="status">
              The deprecated top-level <code>rate</code> object mirrors <strong>core</strong>; shown once, as
              core.
            </Alert>
          ) : null}
          {status.rateDiffers ? (
            <Alert severity="warning">
              The deprecated <code>rate</code> object differs from core; core is shown.
            </Alert>
          ) : null}
          {categories && categories.length > 0 ? (
            // A CSS grid on Box rather than MUI's Grid: the same layout, and less code on the first page.
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: layout === 'grid' ? GRID : '1fr' }}>
              {sortByUrgency(categories, projections).map((category) => (
                <RateLimitCard
                  key={category.name}
                  category={category}
                  projection={projections[category.name]}
                  samples={samples.get(category.name)}
                  span={span}
                  serverNow={serverNow}
                  clockOffsetMs={clockOffsetMs}
                />
              ))}
            </Box>
          ) : (
            <Alert severity="info" role="status">
              GitHub returned no rate-limit categories.
            </Alert>
          )}
        </>
      ) : (
        <Alert severity="info" role="status">
          <strong>Rate limiting is not enabled on this server.</strong> GitHub Enterprise Server answered “
          {status.message}”. Requests are not limited, so there is nothing to budget.
        </Alert>
      )}
    </Stack>
  );
}
