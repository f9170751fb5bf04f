import Box from '@mui/material/Box';
import { formatNumber } from '@/lib/format';
import { sparklinePath, type BudgetPoint } from '../utils/sparkline';

const WIDTH = 240;
const HEIGHT = 48;

/** A few hundred bytes of SVG instead of a chart library on the first page. */
export function BudgetSparkline({ points, limit }: { points: BudgetPoint[]; limit: number }) {
  const path = sparklinePath(points, limit, WIDTH, HEIGHT);
  if (!path) return null;
  const first = points[0]?.remaining ?? 0;
  const last = points.at(-1)?.remaining ?? 0;
  return (
    <Box
      component="svg"
      role="img"
      aria-label={`Core requests left over the last hour: from ${formatNumber(first)} to ${formatNumber(last)}`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      sx={{ width: '100%', maxWidth: WIDTH, height: HEIGHT, display: 'block', color: 'primary.main' }}
    >
      <path d={path} fill="none" stroke="currentColor" strokeWidth={2} vectorEffect="non-scaling-stroke" />
    </Box>
  );
}
