import type { RateHistoryPoint } from '@/contracts/ferry';
import { samplesFromHistory, type BurnSample } from '@/lib/burn-rate';

/** One credential's history (all, when none is named) split per category, as burn samples (oldest first). */
export function historyByCategory(
  points: readonly RateHistoryPoint[],
  credential?: string,
): Map<string, BurnSample[]> {
  const grouped = new Map<string, RateHistoryPoint[]>();
  for (const point of points)
    if (credential === undefined || point.credential === credential)
      grouped.set(point.resource, [...(grouped.get(point.resource) ?? []), point]);
  return new Map([...grouped].map(([name, list]) => [name, samplesFromHistory(list)]));
}

/** Recorded samples followed by those seen on this page, in time order, repeats dropped. */
export function mergeSamples(
  recorded: readonly BurnSample[],
  live: readonly BurnSample[],
  max = 240,
): BurnSample[] {
  const all = [...recorded, ...live].sort((a, b) => a.at - b.at);
  const merged: BurnSample[] = [];
  for (const sample of all) {
    const last = merged.at(-1);
    if (last && last.at === sample.at && last.used === sample.used) continue;
    merged.push(sample);
  }
  return merged.length > max ? merged.slice(merged.length - max) : merged;
}

export type ChartSpan = 'hour' | 'day';
export const SPAN_MS: Record<ChartSpan, number> = { hour: 3_600_000, day: 86_400_000 };

export interface UsageSeries {
  points: { at: number; used: number }[];
  /** Window boundaries (epoch ms) inside the span, including the coming reset. */
  resets: number[];
  from: number;
  to: number;
}

/**
 * What one category's chart draws: use over the span ending now, and where its windows reset. The axis
 * runs to the coming reset, so the current window's end is visible.
 */
export function usageSeries(samples: readonly BurnSample[], span: ChartSpan, now: number): UsageSeries {
  const from = now - SPAN_MS[span];
  const inSpan = samples.filter((sample) => sample.at >= from && sample.at <= now);
  const resets = [...new Set(samples.map((sample) => sample.reset * 1000))]
    .filter((reset) => reset >= from)
    .sort((a, b) => a - b);
  const to = Math.max(now, ...resets.filter((reset) => reset - now <= SPAN_MS.hour));
  return {
    points: inSpan.map((sample) => ({ at: sample.at, used: sample.used })),
    resets: resets.filter((reset) => reset <= to),
    from,
    to,
  };
}
