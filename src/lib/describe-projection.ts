import { MIN_SPAN_MS, type BurnProjection } from './burn-rate';
import { formatClockTime, formatDuration } from './format';

/**
 * Words for a projection: "at this pace, runs out at 14:05, 20 min before the reset". Times are shown on
 * this browser's clock (`clockOffsetMs` is the server's lead over it).
 */
export function describeProjection(projection: BurnProjection | undefined, clockOffsetMs: number): string {
  switch (projection?.kind) {
    case undefined:
      return 'Measuring the pace… (needs a few readings in the current window)';
    case 'collecting':
      // Say what was seen: readings from before the last reset do not count towards this window's pace.
      return projection.readings === 0
        ? 'Measuring the pace… (no reading of the current window yet)'
        : `Measuring the pace: ${projection.readings} reading${projection.readings === 1 ? '' : 's'} of the current window over ${formatDuration(projection.spanMs)}; a projection needs ${formatDuration(MIN_SPAN_MS)} of it.`;
    case 'idle':
      return 'No usage in the current window so far.';
    case 'lasts':
      return `At this pace (${projection.perMinute.toFixed(1)}/min), will not run out before the reset.`;
    case 'exhausted':
      return `Exhausted until the reset at ${formatClockTime(projection.resetAt - clockOffsetMs)}: requests in this category wait until then.`;
    case 'runs-out':
      return `At this pace (${projection.perMinute.toFixed(1)}/min), runs out at ${formatClockTime(projection.runsOutAt - clockOffsetMs)}, ${formatDuration(projection.beforeResetMs)} before the reset.`;
  }
}
