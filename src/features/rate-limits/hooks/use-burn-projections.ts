import { useMemo, useState } from 'react';
import { addSample, projectBurn, type BurnProjection, type BurnSample } from '@/lib/burn-rate';
import type { RateLimitCategory } from '../utils/parse-rate-limit';

type History = ReadonlyMap<string, BurnSample[]>;

function withSamples(history: History, categories: RateLimitCategory[], at: number): History {
  const next = new Map(history);
  for (const category of categories) {
    const sample: BurnSample = {
      at,
      used: category.used,
      remaining: category.remaining,
      reset: category.reset,
    };
    next.set(category.name, addSample(history.get(category.name) ?? [], sample));
  }
  return next;
}

/**
 * Collects one sample per category each time fresh data arrives (keyed by `sampledAt`) and projects the
 * burn rate from the samples seen while the page is open. Times are on the server's clock.
 */
export function useBurnProjections(
  categories: RateLimitCategory[] | undefined,
  sampledAt: number,
  serverNow: number,
): Record<string, BurnProjection> {
  const [history, setHistory] = useState<History>(() => new Map());
  const [lastSampledAt, setLastSampledAt] = useState(0);

  // Derived state from new data: React re-renders immediately with the updated history.
  if (categories && sampledAt !== lastSampledAt) {
    setLastSampledAt(sampledAt);
    setHistory((previous) => withSamples(previous, categories, sampledAt));
  }

  return useMemo(() => {
    const projections: Record<string, BurnProjection> = {};
    for (const [name, samples] of history) projections[name] = projectBurn(samples, serverNow);
    return projections;
  }, [history, serverNow]);
}
