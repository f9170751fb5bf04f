import Box from '@mui/material/Box';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { RefreshFailedAlert } from '@/components/refresh-failed-alert';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { UpdatedAgo } from '@/components/updated-ago';
import { useNow } from '@/hooks/use-now';
import { useRateLimitSnapshot } from '@/hooks/use-rate-limits';
import { formatNumber } from '@/lib/format';
import { rateLimitQueries } from '../api/rate-limit-queries';
import { useBurnProjections } from '../hooks/use-burn-projections';
import { historyByCategory, type ChartSpan } from '../utils/history-by-category';
import { sortByUrgency } from '../utils/urgency';
import { RateLimitCard } from './rate-limit-card';

const PAGE_TICK_MS = 10_000;

export function RateLimitsPage() {
  const query = useQuery(rateLimitQueries.status());
  const history = useQuery(rateLimitQueries.history());
  const { clockOffsetMs } = useRateLimitSnapshot();
  // Projections and charts move on slowly; each card's countdown ticks every second on its own. An answer
  // is a fresher "now" than the last tick: its readings must not be in the future of the charts.
  const now = Math.max(useNow(PAGE_TICK_MS), query.dataUpdatedAt, history.dataUpdatedAt);
  const serverNow = now + clockOffsetMs;
  const status = useDeferredValue(query.data);
  const categories = status?.enabled ? status.categories : undefined;
  const recorded = useMemo(
    () => (history.data ? historyByCategory(history.data.samples) : undefined),
    [history.data],
  );
  const { projections, samples } = useBurnProjections(
    categories,
    query.dataUpdatedAt + clockOffsetMs,
    serverNow,
    recorded,
  );
  const [span, setSpan] = useState<ChartSpan>('hour');
  const core = categories?.find((category) => category.name === 'core');
  useDocumentTitle('Rate limits', core ? `core ${formatNumber(core.remaining)} left` : undefined);

  const actions = (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={span}
        onChange={(_event, value: ChartSpan | null) => {
          if (value) setSpan(value);
        }}
        aria-label="Chart span"
      >
        <ToggleButton value="hour">Last hour</ToggleButton>
        <ToggleButton value="day">Last day</ToggleButton>
      </ToggleButtonGroup>
      <UpdatedAgo updatedAt={query.dataUpdatedAt} fetching={query.isFetching} />
      <Button
        startIcon={<RefreshOutlined />}
        onClick={() => void query.refetch()}
        disabled={query.isFetching}
      >
        Refresh
      </Button>
    </Stack>
  );

  return (
    <PageContainer
      title="Rate limits"
      subtitle="Every category GitHub reports for this token. Checking costs nothing: this endpoint does not count against the limit."
      actions={actions}
    >
      {status ? (
        <Stack sx={{ gap: 2 }}>
          <RefreshFailedAlert query={query} />
          {status.enabled ? (
            <>
              {status.rateMirrorsCore ? (
                <Alert severity="info" variant="outlined" role="status">
                  The deprecated top-level <code>rate</code> object mirrors <strong>core</strong>; shown once,
                  as core.
                </Alert>
              ) : null}
              {status.rateDiffers ? (
                <Alert severity="warning">
                  The deprecated <code>rate</code> object differs from core; core is shown.
                </Alert>
              ) : null}
              {categories && categories.length > 0 ? (
                // A CSS grid on Box rather than MUI's Grid: the same layout, and less code on the first page.
                <Box
                  sx={{
                    display: 'grid',
                    gap: 2,
                    gridTemplateColumns: {
                      xs: '1fr',
                      sm: 'repeat(2, 1fr)',
                      lg: 'repeat(3, 1fr)',
                      xl: 'repeat(4, 1fr)',
                    },
                  }}
                >
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
              <strong>Rate limiting is not enabled on this server.</strong> GitHub Enterprise Server answered
              “{status.message}”. Requests are not limited, so there is nothing to budget.
            </Alert>
          )}
        </Stack>
      ) : query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <LoadingState label="Loading rate limits" query={query} />
      )}
    </PageContainer>
  );
}
