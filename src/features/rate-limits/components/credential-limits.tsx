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
  /**
   * `grid`: the cards side by side (one credential). `column`: one budget of several side by side, placed on
   * the rows of its column's subgrid — notices on row 2, each card on the row of its category in `rows`, so a
   * row compares one category across budgets; the `rate` notice is the page's (shown once).
   */
  layout: { kind: 'grid' } | { kind: 'column'; budget: string; rows: readonly string[] };
}

const GRID = { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' };
/** Row 1 of a column is its heading, row 2 its notices; categories from row 3. */
const FIRST_CARD_ROW = 3;

/** One credential's categories, each with its history and projection (most urgent first, or in `rows`). */
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
  const column = layout.kind === 'column' ? layout : undefined;

  if (!status) {
    const waiting = query.isError ? (
      <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
    ) : (
      <LoadingState
        label={credential ? `Loading ${credential}’s rate limits` : 'Loading rate limits'}
        query={query}
      />
    );
    return column ? <Box sx={{ gridRow: FIRST_CARD_ROW - 1 }}>{waiting}</Box> : waiting;
  }
  const cards = (categories ? sortByUrgency(categories, projections) : []).map((category) => {
    const card = (
      <RateLimitCard
        key={category.name}
        category={category}
        projection={projections[category.name]}
        samples={samples.get(category.name)}
        span={span}
        serverNow={serverNow}
        clockOffsetMs={clockOffsetMs}
        budget={column?.budget}
      />
    );
    if (!column) return card;
    // A category the page has not counted yet (this column's answer is newer) goes after the shared rows.
    const row = column.rows.indexOf(category.name);
    return (
      <Box key={category.name} sx={{ gridRow: row < 0 ? 'auto' : FIRST_CARD_ROW + row, minWidth: 0 }}>
        {card}
      </Box>
    );
  });
  const notices = (
    <>
      <RefreshFailedAlert query={query} />
      {status.enabled ? (
        <>
          {status.rateMirrorsCore && !column ? <RateMirrorsCoreNotice /> : null}
          {status.rateDiffers ? (
            <Alert severity="warning">
              The deprecated <code>rate</code> object differs from core; core is shown.
            </Alert>
          ) : null}
          {cards.length === 0 ? (
            <Alert severity="info" role="status">
              GitHub returned no rate-limit categories.
            </Alert>
          ) : null}
        </>
      ) : (
        <Alert severity="info" role="status">
          <strong>Rate limiting is not enabled on this server.</strong> GitHub Enterprise Server answered “
          {status.message}”. Requests are not limited, so there is nothing to budget.
        </Alert>
      )}
    </>
  );
  if (column) {
    return (
      <>
        <Stack sx={{ gap: 2, gridRow: FIRST_CARD_ROW - 1 }}>{notices}</Stack>
        {cards}
      </>
    );
  }
  return (
    <Stack sx={{ gap: 2 }}>
      {notices}
      {cards.length > 0 ? (
        // A CSS grid on Box rather than MUI's Grid: the same layout, and less code on the first page.
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: GRID }}>{cards}</Box>
      ) : null}
    </Stack>
  );
}

/** Said once per page, however many budgets answer with the same mirror. */
export function RateMirrorsCoreNotice() {
  return (
    <Alert severity="info" variant="outlined" role="status">
      The deprecated top-level <code>rate</code> object mirrors <strong>core</strong>; shown once, as core.
    </Alert>
  );
}
