import Typography from '@mui/material/Typography';
import { formatClockTime, formatDuration } from '@/lib/format';
import type { BurnProjection } from '@/lib/burn-rate';

/** Words for a projection: "at this pace, runs out at 14:05, 20 min before the reset". */
export function describeProjection(projection: BurnProjection | undefined, clockOffsetMs: number): string {
  switch (projection?.kind) {
    case undefined:
    case 'collecting':
      return 'Measuring the pace… (needs a few samples while this page is open)';
    case 'idle':
      return 'No usage seen while this page has been open.';
    case 'lasts':
      return `At this pace (${projection.perMinute.toFixed(1)}/min), will not run out before the reset.`;
    case 'runs-out':
      return `At this pace (${projection.perMinute.toFixed(1)}/min), runs out at ${formatClockTime(projection.runsOutAt - clockOffsetMs)}, ${formatDuration(projection.beforeResetMs)} before the reset.`;
  }
}

export function BurnProjectionText({
  projection,
  clockOffsetMs,
}: {
  projection?: BurnProjection;
  clockOffsetMs: number;
}) {
  return (
    <Typography variant="body2" color={projection?.kind === 'runs-out' ? 'error' : 'text.secondary'}>
      {describeProjection(projection, clockOffsetMs)}
    </Typography>
  );
}
