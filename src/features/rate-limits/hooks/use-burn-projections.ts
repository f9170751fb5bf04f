import { useMemo, useState } from 'react';
import { addSample, projectBurn, samplesUpTo, type BurnProjection, type BurnSample } from '@/lib/burn-rate';
import { mergeSamples } from '../utils/history-by-category';
import type { RateLimitCategory } from '@/contracts/github/rate-limit';

type History = ReadonlyMap<string, BurnSample[]>;
const NONE: History = new Map();

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

/** Samples a projection looks at: the newest of the current window are all that count. */
const PROJECTION_SAMPLES = 240;

/**
 * Collects one sample per category each time fresh data arrives (keyed by `sampledAt`) and projects the
 * burn rate from the gateway's recorded history plus the samples seen while the page is open, so the
 * projection is there on first load. Times are on the server's clock.
 */
export function useBurnProjections(
  categories: RateLimitCategory[] | undefined,
  sampledAt: number,
  serverNow: number,
  recorded: History = NONE,
): { projections: Record<string, BurnProjection>; samples: History } {
  const [live, setLive] = useState<History>(() => new Map());
  const [lastSampledAt, setLastSampledAt] = useState(0);

  // Derived state from new data: React re-renders immediately with the updated history.
  if (categories && sampledAt !== lastSampledAt) {
    setLastSampledAt(sampledAt);
    setLive((previous) => withSamples(previous, categories, sampledAt));
  }

  const samples = useMemo(() => {
    const merged = new Map<string, BurnSample[]>();
    for (const name of new Set([...recorded.keys(), ...live.keys()])) {
      merged.set(name, mergeSamples(recorded.get(name) ?? [], live.get(name) ?? [], Infinity));
    }
    return merged;
  }, [recorded, live]);

  const projections = useMemo(() => {
    const result: Record<string, BurnProjection> = {};
    for (const [name, list] of samples)
      result[name] = projectBurn(samplesUpTo(list, serverNow).slice(-PROJECTION_SAMPLES), serverNow);
    return result;
  }, [samples, serverNow]);

  return { projections, samples };
}
