import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { rateLimitQueries } from '@/features/rate-limits/api/rate-limit-queries';
import { useRateLimitSnapshot } from '@/hooks/use-rate-limits';
import { Countdown } from '@/components/countdown';
import { formatNumber } from '@/lib/format';

/** The core budget, always visible, from the x-ratelimit-* headers of the latest GitHub response. */
export function CoreBudget() {
  const { readings, clockOffsetMs, credential } = useRateLimitSnapshot();
  const core = readings.core;
  // Pages that talk only to the registrar would leave the bar empty: ask once (`GET /rate_limit` is free).
  // Shares the rate-limits page's query, so that page costs no second request.
  useQuery({ ...rateLimitQueries.status(), enabled: !core, refetchInterval: false });
  if (!core) {
    return (
      <Typography variant="body2" sx={{ opacity: 0.85 }}>
        Core budget: waiting for GitHub
      </Typography>
    );
  }
  const low = core.limit > 0 && core.remaining / core.limit <= 0.1;
  return (
    <Box
      role="status"
      aria-label={
        credential ? `GitHub core rate limit of credential ${credential}` : 'GitHub core rate limit'
      }
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontVariantNumeric: 'tabular-nums' }}
    >
      <SpeedOutlined fontSize="small" aria-hidden />
      <Typography variant="body2" component="span">
        Core {formatNumber(core.remaining)} / {formatNumber(core.limit)}
        {low ? ' (low)' : ''}
        {/* With several credentials, whose budget this is (the gateway's default one). */}
        {credential ? ` · ${credential}` : ''}
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {' '}
          · resets in <Countdown to={core.reset * 1000} offsetMs={clockOffsetMs} />
        </Box>
      </Typography>
    </Box>
  );
}
