import type { RateLimitCategory } from '@/contracts/github/rate-limit';
import { sortByUrgency } from './urgency';

/**
 * The row order shared by every budget column, so that a row compares one category across budgets: each
 * category that any column lists, placed by its most pressed instance (the least share left), most urgent
 * first as in one column. Projections are left out: each column computes its own, and a row must not move
 * because one column's history arrived.
 */
export function sharedRows(columns: readonly (readonly RateLimitCategory[] | undefined)[]): string[] {
  const worst = new Map<string, RateLimitCategory>();
  const share = (category: RateLimitCategory) =>
    category.limit === 0 ? 1 : category.remaining / category.limit;
  for (const categories of columns) {
    for (const category of categories ?? []) {
      const seen = worst.get(category.name);
      if (!seen || share(category) < share(seen)) worst.set(category.name, category);
    }
  }
  return sortByUrgency([...worst.values()]).map((category) => category.name);
}
