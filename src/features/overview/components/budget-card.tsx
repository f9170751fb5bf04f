import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useRateLimitSnapshot } from '@/hooks/use-rate-limits';
import { projectBurn, samplesFromHistory, samplesUpTo } from '@/lib/burn-rate';
import { describeProjection } from '@/lib/describe-projection';
import { formatDuration, formatNumber } from '@/lib/format';
import { overviewQueries } from '../api/overview-queries';
import { BudgetSparkline } from './budget-sparkline';
import { OverviewSection } from './overview-section';

/** The core budget: what is left, a sparkline of the last hour, and when it runs out at this pace. */
export function BudgetCard({ now, rateLimitsHref }: { now: number; rateLimitsHref: string }) {
  const { readings, clockOffsetMs } = useRateLimitSnapshot();
  const history = useQuery(overviewQueries.coreHistory());
  const serverNow = now + clockOffsetMs;
  const samples = history.data?.samples;

  const { points, projection } = useMemo(() => {
    const recorded = samples ?? [];
    return {
      points: recorded.map((sample) => ({ at: Date.parse(sample.at), remaining: sample.remaining })),
      projection:
        recorded.length > 0
          ? projectBurn(samplesUpTo(samplesFromHistory(recorded), serverNow), serverNow)
          : undefined,
    };
  }, [samples, serverNow]);

  const latest = samples?.at(-1);
  const core =
    readings.core ??
    (latest
      ? { limit: latest.limit, remaining: latest.remaining, reset: Date.parse(latest.reset) / 1000 }
      : undefined);

  return (
    <OverviewSection title="Core budget">
      {core ? (
        <Stack sx={{ gap: 1 }}>
          <Typography variant="h4" component="p">
            {formatNumber(core.remaining)}
            <Typography component="span" variant="body1" color="text.secondary">
              {' '}
              / {formatNumber(core.limit)} left
            </Typography>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Resets in {formatDuration(core.reset * 1000 - serverNow)}
          </Typography>
          <BudgetSparkline points={points} limit={core.limit} />
          <Typography
            variant="body2"
            color={
              projection?.kind === 'runs-out' || projection?.kind === 'exhausted' ? 'error' : 'text.secondary'
            }
          >
            {history.isError
              ? 'The pace is not known: Ferry’s server did not answer with its rate-limit history.'
              : describeProjection(projection, clockOffsetMs)}
          </Typography>
        </Stack>
      ) : (
        <Typography color="text.secondary">Waiting for GitHub’s first answer…</Typography>
      )}
      <Button component={Link} to={rateLimitsHref} size="small" sx={{ mt: 1 }}>
        Every category and its charts
      </Button>
    </OverviewSection>
  );
}
