import type { RateLimitCategory } from '@/contracts/github/rate-limit';
import type { BurnProjection } from '@/lib/burn-rate';

export type UrgencyLevel = 'ok' | 'runs-out' | 'low' | 'critical' | 'exhausted';

/**
 * Thresholds on the share remaining: ≤ 25 % is low, ≤ 10 % critical, 0 exhausted. Above 25 %, a projection
 * that the pace seen runs the budget out before the reset is a warning too: the badge never says "OK" over a
 * text that says it will run out.
 */
export function urgencyOf(
  category: Pick<RateLimitCategory, 'limit' | 'remaining'>,
  projection?: BurnProjection,
): UrgencyLevel {
  if (category.limit === 0) return 'ok';
  if (category.remaining === 0) return 'exhausted';
  const share = category.remaining / category.limit;
  if (share <= 0.1) return 'critical';
  if (share <= 0.25) return 'low';
  if (projection?.kind === 'runs-out') return 'runs-out';
  return 'ok';
}

export const URGENCY_LABEL: Record<UrgencyLevel, string> = {
  ok: 'OK',
  'runs-out': 'Runs out before reset',
  low: 'Running low',
  critical: 'Critical',
  exhausted: 'Exhausted',
};

const RANK: Record<UrgencyLevel, number> = { exhausted: 0, critical: 1, low: 2, 'runs-out': 3, ok: 4 };

/**
 * Most urgent first: by level, then categories projected to run out before their reset (soonest first),
 * then by the share remaining, then by name for a stable order.
 */
export function sortByUrgency(
  categories: RateLimitCategory[],
  projections: Record<string, BurnProjection | undefined> = {},
): RateLimitCategory[] {
  const runOut = (name: string) => {
    const projection = projections[name];
    return projection?.kind === 'runs-out' ? projection.runsOutAt : Number.POSITIVE_INFINITY;
  };
  const share = (category: RateLimitCategory) =>
    category.limit === 0 ? 1 : category.remaining / category.limit;
  return [...categories].sort(
    (a, b) =>
      RANK[urgencyOf(a, projections[a.name])] - RANK[urgencyOf(b, projections[b.name])] ||
      runOut(a.name) - runOut(b.name) ||
      share(a) - share(b) ||
      a.name.localeCompare(b.name),
  );
}
