import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId } from 'react';
import { WhenSeen } from '@/components/when-seen';
import type { BurnSample } from '@/lib/burn-rate';
import { formatClockTime, formatNumber } from '@/lib/format';
import { usageSeries, type ChartSpan } from '../utils/history-by-category';

const UsageChart = lazy(() => import('./usage-chart').then((module) => ({ default: module.UsageChart })));

// The chart's height: its placeholders take the same room, so nothing moves when it draws.
const CHART_HEIGHT = 140;

const SPAN_WORDS: Record<ChartSpan, string> = { hour: 'the last hour', day: 'the last day' };

/** The chart of one category with a text summary (what a screen reader hears, and what tests read). */
export function UsageChartPanel({
  name,
  samples,
  span,
  serverNow,
  clockOffsetMs,
}: {
  name: string;
  samples: readonly BurnSample[];
  span: ChartSpan;
  serverNow: number;
  clockOffsetMs: number;
}) {
  const captionId = useId();
  const series = usageSeries(samples, span, serverNow);
  const last = series.points.at(-1);
  const resets = series.resets.map((reset) => formatClockTime(reset - clockOffsetMs));
  const summary =
    series.points.length < 2
      ? `No recorded use of ${name} in ${SPAN_WORDS[span]} yet.`
      : `${name} over ${SPAN_WORDS[span]}: ${series.points.length} readings, ${formatNumber(last?.used ?? 0)} used at the latest` +
        (resets.length === 0
          ? '.'
          : resets.length <= 3
            ? `; resets marked at ${resets.join(', ')}.`
            : `; ${resets.length} resets in the span, the last at ${resets.at(-1)}.`);
  return (
    <Box component="figure" aria-labelledby={captionId} sx={{ m: 0, mt: 1 }}>
      {series.points.length >= 2 ? (
        // One chart per card, several cards per credential: each starts (code, styles, layout) only when its
        // card comes near the viewport or the page is idle, not in the first seconds with the page.
        <WhenSeen
          showLabel={`Show the chart of ${name}`}
          placeholder={<Skeleton variant="rectangular" height={CHART_HEIGHT} />}
        >
          <Suspense fallback={<Skeleton variant="rectangular" height={CHART_HEIGHT} />}>
            <UsageChart
              series={series}
              clockOffsetMs={clockOffsetMs}
              dayView={span === 'day'}
              height={CHART_HEIGHT}
            />
          </Suspense>
        </WhenSeen>
      ) : null}
      <Typography id={captionId} component="figcaption" variant="caption" color="text.secondary">
        {summary}
      </Typography>
    </Box>
  );
}
