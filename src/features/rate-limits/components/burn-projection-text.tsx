import Typography from '@mui/material/Typography';
import type { BurnProjection } from '@/lib/burn-rate';
import { describeProjection } from '@/lib/describe-projection';

export function BurnProjectionText({
  projection,
  clockOffsetMs,
}: {
  projection?: BurnProjection;
  clockOffsetMs: number;
}) {
  return (
    <Typography
      variant="body2"
      color={projection?.kind === 'runs-out' || projection?.kind === 'exhausted' ? 'error' : 'text.secondary'}
    >
      {describeProjection(projection, clockOffsetMs)}
    </Typography>
  );
}
