/** One point of the budget's history: when, and how much was left. */
export interface BudgetPoint {
  at: number;
  remaining: number;
}

/**
 * The SVG path of a sparkline of `remaining` over time in a `width`×`height` box, y from 0 (bottom) to
 * `limit` (top). Fewer than two points draw nothing.
 */
export function sparklinePath(
  points: readonly BudgetPoint[],
  limit: number,
  width: number,
  height: number,
): string {
  if (points.length < 2 || limit <= 0) return '';
  const first = points[0]?.at ?? 0;
  const span = Math.max(1, (points.at(-1)?.at ?? first) - first);
  const x = (at: number) => ((at - first) / span) * width;
  const y = (remaining: number) => height - (Math.min(limit, Math.max(0, remaining)) / limit) * height;
  return points
    .map(
      (point, index) =>
        `${index === 0 ? 'M' : 'L'}${x(point.at).toFixed(1)},${y(point.remaining).toFixed(1)}`,
    )
    .join(' ');
}
