import Box from '@mui/material/Box';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { KIND_LABELS } from '@/contracts/credentials';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { UpdatedAgo } from '@/components/updated-ago';
import { useNow } from '@/hooks/use-now';
import { useRateLimitSnapshot } from '@/hooks/use-rate-limits';
import { formatNumber } from '@/lib/format';
import { gatewayConfigQuery } from '@/lib/gateway-config';
import { rateLimitQueries } from '../api/rate-limit-queries';
import { budgetColumns, type BudgetColumn } from '../utils/budget-columns';
import type { ChartSpan } from '../utils/history-by-category';
import { sharedRows } from '../utils/shared-rows';
import { CredentialLimits, RateMirrorsCoreNotice, type CredentialLimitsProps } from './credential-limits';

const PAGE_TICK_MS = 10_000;

export function RateLimitsPage() {
  const query = useQuery(rateLimitQueries.status());
  const history = useQuery(rateLimitQueries.history());
  const { clockOffsetMs } = useRateLimitSnapshot();
  // Projections and charts move on slowly; each card's countdown ticks every second on its own. An answer
  // is a fresher "now" than the last tick: its readings must not be in the future of the charts.
  const now = Math.max(useNow(PAGE_TICK_MS), query.dataUpdatedAt, history.dataUpdatedAt);
  const serverNow = now + clockOffsetMs;
  const status = query.data;
  const core = status?.enabled ? status.categories.find((category) => category.name === 'core') : undefined;
  const [span, setSpan] = useState<ChartSpan>('hour');
  const config = useQuery(gatewayConfigQuery());
  const credentials = config.data?.github.credentials ?? [];
  const several = credentials.length > 1;
  const budgets = useQuery({ ...rateLimitQueries.budgets(), enabled: several });
  const queryClient = useQueryClient();
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
        onClick={() => void queryClient.refetchQueries({ queryKey: rateLimitQueries.all() })}
        disabled={query.isFetching}
      >
        Refresh
      </Button>
    </Stack>
  );

  // GitHub counts per user: a user's tokens are one budget, so one column (an App installation has its own).
  const shown = several ? budgetColumns(credentials, budgets.data) : undefined;
  // The same queries the columns run (one request each): the rows they share and the notice said once.
  // Not before the gateway has grouped them: a token that shares a budget is never read on its own.
  const grouped = shown && !budgets.isPending ? shown : [];
  const statuses = useQueries({
    queries: grouped.map((column) => rateLimitQueries.status(column.credentials[0]?.name)),
  }).map((each) => each.data);
  const rows = sharedRows(statuses.map((each) => (each?.enabled ? each.categories : undefined)));
  const mirrored = statuses.some((each) => each?.enabled && each.rateMirrorsCore);
  // A phone shows one budget at a time (four side by side, stacked, were 16,000 px tall at 360 px).
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [picked, setPicked] = useState<string>();
  const visible = shown && phone ? [shown.find((column) => column.title === picked) ?? shown[0]!] : shown;
  return (
    <PageContainer
      title="Rate limits"
      subtitle={
        shown
          ? `Every category GitHub reports, for each of the ${shown.length} ${shown.length === 1 ? 'budget' : 'budgets'} side by side: a user’s personal tokens share one, an App installation has its own. Checking costs nothing: this endpoint does not count against the limit.`
          : 'Every category GitHub reports for this token. Checking costs nothing: this endpoint does not count against the limit.'
      }
      actions={actions}
    >
      {shown && budgets.isPending ? (
        // Grouped once the gateway says which tokens share a user, so columns do not merge under the reader.
        <LoadingState label="Finding whose budget each credential spends" query={budgets} />
      ) : shown && visible ? (
        <Stack sx={{ gap: 2 }}>
          {phone ? (
            <TextField
              select
              size="small"
              label="Budget shown"
              value={visible[0]?.title ?? ''}
              onChange={(event) => setPicked(event.target.value)}
              helperText={`${shown.length} budgets; one at a time on a narrow screen`}
            >
              {shown.map((column) => (
                <MenuItem key={column.title} value={column.title}>
                  {column.title}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          {mirrored ? <RateMirrorsCoreNotice /> : null}
          <Box
            sx={{
              display: 'grid',
              columnGap: 2,
              rowGap: 2,
              gridTemplateColumns: {
                xs: '1fr',
                sm: `repeat(${Math.min(visible.length, 2)}, minmax(0, 1fr))`,
                lg: `repeat(${Math.min(visible.length, 4)}, minmax(0, 1fr))`,
              },
            }}
          >
            {visible.map((column) => (
              <BudgetColumnSection
                key={column.title}
                column={column}
                rows={rows}
                history={history.data}
                span={span}
                serverNow={serverNow}
                clockOffsetMs={clockOffsetMs}
              />
            ))}
          </Box>
        </Stack>
      ) : (
        <CredentialLimits
          query={query}
          history={history.data}
          credential={credentials[0]?.name}
          span={span}
          serverNow={serverNow}
          clockOffsetMs={clockOffsetMs}
          layout={{ kind: 'grid' }}
        />
      )}
    </PageContainer>
  );
}

/**
 * One budget: read through its first credential (any of them gives the same figures, and reading is free).
 * A subgrid of the page's rows: its heading, notices and each category's card line up with the other columns'.
 */
function BudgetColumnSection({
  column,
  rows,
  ...shared
}: { column: BudgetColumn; rows: readonly string[] } & Omit<
  CredentialLimitsProps,
  'query' | 'credential' | 'layout'
>) {
  const [first] = column.credentials;
  const name = first?.name ?? '';
  const query = useQuery(rateLimitQueries.status(name));
  const kinds = [...new Set(column.credentials.map((credential) => KIND_LABELS[credential.kind]))];
  return (
    <Box
      component="section"
      aria-labelledby={`credential-${name}`}
      sx={{
        display: 'grid',
        gridTemplateRows: 'subgrid',
        gridRow: `span ${2 + rows.length}`,
        rowGap: 2,
        minWidth: 0,
      }}
    >
      <Box sx={{ gridRow: 1 }}>
        <Typography variant="h6" component="h2" id={`credential-${name}`}>
          {column.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {kinds.join(' · ')}
        </Typography>
        {column.sharedBy ? (
          <Typography variant="body2" color="text.secondary">
            One budget: GitHub counts every token of {column.sharedBy}’s against the same limit.
          </Typography>
        ) : null}
      </Box>
      <CredentialLimits
        {...shared}
        query={query}
        credential={name}
        layout={{ kind: 'column', budget: column.title, rows }}
      />
    </Box>
  );
}
