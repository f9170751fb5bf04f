import { LineChart } from '@mui/x-charts/LineChart';
import { formatClockTime, formatDateTime } from '@/lib/format';
import type { BurndownPoint } from '../utils/move-burndown';

/**
 * Done, failed and remaining over the move's time, as steps (a count changes at a moment). Loaded lazily
 * (React.lazy in move-progress.tsx): the charting library stays out of the first page's JavaScript.
 */
export function MoveBurndownChart({ points, height }: { points: readonly BurndownPoint[]; height: number }) {
  const series = (key: 'remaining' | 'done' | 'failed', label: string) => ({
    data: points.map((point) => point[key]),
    label,
    showMark: false,
    curve: 'stepAfter' as const,
  });
  return (
    <LineChart
      height={height}
      skipAnimation
      margin={{ left: 0, right: 24, top: 8, bottom: 0 }}
      xAxis={[
        {
          scaleType: 'time',
          data: points.map((point) => new Date(point.at)),
          valueFormatter: (value: Date, context) =>
            context.location === 'tick' ? formatClockTime(value.getTime()) : formatDateTime(value.getTime()),
          tickNumber: 4,
        },
      ]}
      yAxis={[{ min: 0, width: 44, tickMinStep: 1 }]}
      series={[series('remaining', 'remaining'), series('done', 'done'), series('failed', 'failed')]}
    />
  );
}
