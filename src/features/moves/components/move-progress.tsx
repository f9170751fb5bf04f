import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId } from 'react';
import type { Move } from '@/contracts/move-run';
import { useNow } from '@/hooks/use-now';
import { formatNumber } from '@/lib/format';
import { burndown, estimateText, momentText } from '../utils/move-burndown';
import { isLiveMove } from '../utils/move-polling';

const MoveBurndownChart = lazy(() =>
  import('./move-burndown-chart').then((module) => ({ default: module.MoveBurndownChart })),
);

// The chart's height: its placeholder takes the same room, so nothing moves when it draws.
const CHART_HEIGHT = 160;

/**
 * When the move will be done (the gateway's `estimate`, from the move's own pace) and its burndown: done, failed
 * and remaining over time, drawn once a repository has finished, with the same figures in words.
 */
export function MoveProgress({ move }: { move: Move }) {
  const now = useNow(60_000);
  const captionId = useId();
  // The page's clock ticks each minute: the move's own last change may be newer.
  const points = burndown(move, Math.max(now, Date.parse(move.updatedAt)));
  const last = points.at(-1)!;
  const estimate = move.state === 'running' ? move.estimate : undefined;
  const outlook = estimate
    ? estimateText(estimate, now)
    : move.state === 'running'
      ? 'No estimate yet: the move has not come far enough to measure its pace.'
      : isLiveMove(move.state)
        ? 'Paused: no estimate while it waits for Resume.'
        : undefined;
  const summary =
    `Since ${momentText(points[0]!.at, now)}: ${formatNumber(last.done)} done, ${formatNumber(last.failed)} ` +
    `failed or stopped, ${formatNumber(last.remaining)} remaining.`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Progress">
      {outlook ? (
        <Typography role="status" aria-label="When it will be done" sx={{ mb: 1 }}>
          {outlook}
        </Typography>
      ) : null}
      <figure aria-labelledby={captionId} style={{ margin: 0 }}>
        {last.done + last.failed > 0 ? (
          <Suspense fallback={<Skeleton variant="rectangular" height={CHART_HEIGHT} />}>
            <MoveBurndownChart points={points} height={CHART_HEIGHT} />
          </Suspense>
        ) : null}
        <Typography id={captionId} component="figcaption" variant="caption" color="text.secondary">
          Burndown. {summary}
        </Typography>
      </figure>
    </Paper>
  );
}
