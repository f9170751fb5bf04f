import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatClockTime, formatDateTime } from '@/lib/format';
import type { UsageSeries } from '../utils/history-by-category';

/**
 * One category's use over the span, reset boundaries as vertical lines. Loaded lazily (React.lazy in
 * usage-chart-panel.tsx): the charting library stays out of the first page's JavaScript.
 */
export function UsageChart({
  series,
  clockOffsetMs,
  dayView,
}: {
  series: UsageSeries;
  clockOffsetMs: number;
  dayView: boolean;
}) {
  const label = (at: number) => (dayView ? formatDateTime : formatClockTime)(at - clockOffsetMs);
  return (
    <LineChart
      height={140}
      skipAnimation
      hideLegend
      margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
      xAxis={[
        {
          scaleType: 'time',
          data: series.points.map((point) => new Date(point.at)),
          min: new Date(series.from),
          max: new Date(series.to),
          valueFormatter: (value: Date) => label(value.getTime()),
          tickNumber: 4,
        },
      ]}
      yAxis={[{ min: 0, width: 44 }]}
      series={[
        {
          data: series.points.map((point) => point.used),
          label: 'used',
          showMark: false,
          area: true,
        },
      ]}
    >
      {series.resets.map((reset) => (
        <ChartsReferenceLine
          key={reset}
          x={new Date(reset)}
          label="reset"
          labelAlign="start"
          lineStyle={{ strokeDasharray: '4 3' }}
        />
      ))}
    </LineChart>
  );
}
