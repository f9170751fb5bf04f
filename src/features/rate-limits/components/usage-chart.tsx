import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatClockTime, formatDateTime } from '@/lib/format';
import type { UsageSeries } from '../utils/history-by-category';
import { resetLabelSide } from '../utils/reset-label-side';

const MAX_RESET_LINES = 24;
const LAST_TICK_ROOM_PX = 30;

/** Requests are whole: 1,200 → "1.2k", 5,000 → "5k", never "0.0…". */
function compactCount(value: number): string {
  return new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/**
 * One category's use over the span, reset boundaries as vertical lines. Loaded lazily (React.lazy in
 * usage-chart-panel.tsx): the charting library stays out of the first page's JavaScript.
 */
export function UsageChart({
  series,
  clockOffsetMs,
  dayView,
  height,
}: {
  series: UsageSeries;
  clockOffsetMs: number;
  dayView: boolean;
  /** Given by the panel, whose placeholders reserve the same room. */
  height: number;
}) {
  const label = (at: number) => (dayView ? formatDateTime : formatClockTime)(at - clockOffsetMs);
  // A category that resets every minute has hundreds of resets a day: lines only while they stay apart, and
  // the text under the chart names them.
  const resetLines = series.resets.length <= MAX_RESET_LINES ? series.resets : [];
  // One word names them all: lines a minute apart would print their labels over each other.
  const labelledReset = resetLines.at(-1);
  return (
    <LineChart
      height={height}
      skipAnimation
      hideLegend
      // Room on the right for half a tick label ("04:30 PM" is centred on its tick): less clipped the last one.
      margin={{ left: 0, right: LAST_TICK_ROOM_PX, top: 8, bottom: 0 }}
      xAxis={[
        {
          scaleType: 'time',
          data: series.points.map((point) => new Date(point.at)),
          min: new Date(series.from),
          max: new Date(series.to),
          // Ticks carry the clock time only (a date and a time do not fit under a phone's chart); the
          // tooltip gives the whole moment.
          valueFormatter: (value: Date, context) =>
            context.location === 'tick'
              ? formatClockTime(value.getTime() - clockOffsetMs)
              : label(value.getTime()),
          tickNumber: 4,
        },
      ]}
      yAxis={[{ min: 0, width: 52, tickMinStep: 1, valueFormatter: (value: number) => compactCount(value) }]}
      series={[
        {
          data: series.points.map((point) => point.used),
          label: 'used',
          showMark: false,
          area: true,
        },
      ]}
    >
      {resetLines.map((reset) => (
        <ChartsReferenceLine
          key={reset}
          x={new Date(reset)}
          label={reset === labelledReset ? 'reset' : undefined}
          labelAlign="start"
          {...(resetLabelSide(reset, series.from, series.to) === 'left'
            ? { labelStyle: { textAnchor: 'end' }, spacing: { x: -4, y: 5 } }
            : {})}
          lineStyle={{ strokeDasharray: '4 3' }}
        />
      ))}
    </LineChart>
  );
}
