import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useId } from 'react';
import { Countdown } from '@/components/countdown';
import { formatNumber, formatResetTime } from '@/lib/format';
import type { BurnProjection, BurnSample } from '@/lib/burn-rate';
import type { ChartSpan } from '../utils/history-by-category';
import type { RateLimitCategory } from '@/contracts/github/rate-limit';
import { urgencyOf } from '../utils/urgency';
import { BurnProjectionText } from './burn-projection-text';
import { UrgencyChip } from './urgency-chip';
import { UsageChartPanel } from './usage-chart-panel';

export interface RateLimitCardProps {
  category: RateLimitCategory;
  projection?: BurnProjection;
  /** Recorded and live readings of this category, oldest first. */
  samples?: readonly BurnSample[];
  span: ChartSpan;
  /** Now, on the server's clock, as the page last ticked (the countdown keeps its own second-by-second clock). */
  serverNow: number;
  clockOffsetMs: number;
  /** The budget's column this card sits in, when several are side by side: it names the region with it. */
  budget?: string;
}

const METER_COLOR = {
  ok: 'success',
  'runs-out': 'warning',
  low: 'warning',
  critical: 'error',
  exhausted: 'error',
} as const;

/**
 * One category: a dumb card fed by the page. Memoized: the page's slow clock and fresh readings re-render
 * it, its countdown ticks alone (every card and chart re-rendering each second was ~35 ms a second).
 */
export const RateLimitCard = memo(function RateLimitCard({
  category,
  projection,
  samples = [],
  span,
  serverNow,
  clockOffsetMs,
  budget,
}: RateLimitCardProps) {
  const level = urgencyOf(category, projection);
  const resetMs = category.reset * 1000;
  const percentLeft = category.limit === 0 ? 0 : Math.round((category.remaining / category.limit) * 100);
  const titleId = useId();
  // Several columns list the same categories: "core (hubot)", so each region's name is unique.
  const named = budget ? { 'aria-label': `${category.name} (${budget})` } : { 'aria-labelledby': titleId };
  return (
    <Card component="section" {...named} variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography
            id={titleId}
            variant="h6"
            component={budget ? 'h3' : 'h2'}
            sx={{ wordBreak: 'break-word' }}
          >
            {category.name}
          </Typography>
          <UrgencyChip level={level} />
        </Stack>
        <Typography variant="h4" component="p">
          {formatNumber(category.remaining)}
          <Typography component="span" variant="body1" color="text.secondary">
            {' '}
            / {formatNumber(category.limit)} left
          </Typography>
        </Typography>
        <LinearProgress
          variant="determinate"
          value={percentLeft}
          color={METER_COLOR[level]}
          aria-label={`${category.name}: ${percentLeft}% of the limit left`}
          sx={{ height: 8, borderRadius: 1, my: 1.5 }}
        />
        <Typography variant="body2">Used {formatNumber(category.used)} in this window.</Typography>
        <Typography variant="body2">
          Resets in{' '}
          <strong>
            <Countdown to={resetMs} offsetMs={clockOffsetMs} />
          </strong>{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            (at {formatResetTime(resetMs - clockOffsetMs, serverNow - clockOffsetMs)})
          </Typography>
        </Typography>
        <Stack sx={{ mt: 1 }}>
          <BurnProjectionText projection={projection} clockOffsetMs={clockOffsetMs} />
        </Stack>
        <UsageChartPanel
          name={category.name}
          samples={samples}
          span={span}
          serverNow={serverNow}
          clockOffsetMs={clockOffsetMs}
        />
      </CardContent>
    </Card>
  );
});
