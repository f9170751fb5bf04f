/** A sample of one category: read while a page is open, or recorded by the gateway (its rate history). */
export interface BurnSample {
  /** Epoch ms (server clock). */
  at: number;
  used: number;
  remaining: number;
  /** Epoch seconds of the window's reset: samples from another window are not comparable. */
  reset: number;
}

export type BurnProjection =
  /** Too little of the current window seen: `readings` of it so far, over `spanMs`. */
  | { kind: 'collecting'; readings: number; spanMs: number }
  | { kind: 'idle' }
  | { kind: 'runs-out'; runsOutAt: number; beforeResetMs: number; perMinute: number }
  /** Nothing left in the current window: exhausted until `resetAt` (epoch ms, server clock). */
  | { kind: 'exhausted'; resetAt: number }
  | { kind: 'lasts'; perMinute: number };

/** At least this much history in the current window before projecting. */
export const MIN_SPAN_MS = 10_000;

/**
 * Project when a category runs out at the pace seen so far in its current window: a least-squares slope
 * of `used` over time, so one burst does not dominate. Pure; the page feeds it the samples it has seen.
 */
export function projectBurn(samples: BurnSample[], now: number): BurnProjection {
  const last = samples.at(-1);
  if (!last) return { kind: 'collecting', readings: 0, spanMs: 0 };
  // Nothing left is a fact, not a projection: it holds until the reset, whatever the pace was.
  if (last.remaining <= 0 && last.reset * 1000 > now)
    return { kind: 'exhausted', resetAt: last.reset * 1000 };
  const window = samples.filter((sample) => sample.reset === last.reset);
  const first = window[0];
  if (!first || last.at - first.at < MIN_SPAN_MS || window.length < 2)
    return { kind: 'collecting', readings: window.length, spanMs: first ? last.at - first.at : 0 };

  const meanT = window.reduce((sum, s) => sum + s.at, 0) / window.length;
  const meanU = window.reduce((sum, s) => sum + s.used, 0) / window.length;
  let numerator = 0;
  let denominator = 0;
  for (const sample of window) {
    numerator += (sample.at - meanT) * (sample.used - meanU);
    denominator += (sample.at - meanT) ** 2;
  }
  const perMs = denominator === 0 ? 0 : numerator / denominator;
  if (perMs <= 0) return { kind: 'idle' };

  const perMinute = perMs * 60_000;
  const resetMs = last.reset * 1000;
  const runsOutAt = Math.max(now, last.at + last.remaining / perMs);
  if (runsOutAt < resetMs) {
    return { kind: 'runs-out', runsOutAt, beforeResetMs: resetMs - runsOutAt, perMinute };
  }
  return { kind: 'lasts', perMinute };
}

/** Keep a bounded history per category: the newest `max` samples, dropping exact repeats. */
export function addSample(history: BurnSample[], sample: BurnSample, max = 240): BurnSample[] {
  const last = history.at(-1);
  if (last && last.used === sample.used && last.reset === sample.reset && sample.at - last.at < 5_000)
    return history;
  const next = [...history, sample];
  return next.length > max ? next.slice(next.length - max) : next;
}

/** The gateway's recorded history of one category as burn samples (oldest first), so a projection needs no wait. */
export function samplesFromHistory(
  points: readonly { at: string; used: number; remaining: number; reset: string }[],
): BurnSample[] {
  return points
    .map((point) => ({
      at: Date.parse(point.at),
      used: point.used,
      remaining: point.remaining,
      reset: Math.round(Date.parse(point.reset) / 1000),
    }))
    .filter((sample) => Number.isFinite(sample.at) && Number.isFinite(sample.reset))
    .sort((a, b) => a.at - b.at)
    .reduce<BurnSample[]>((history, sample) => addSample(history, sample), []);
}

/**
 * Samples taken up to `now` (with a little slack for clock estimates). Readings from the "future" exist only
 * when the upstream's clock went back (a simulator reset) and would hide the current window.
 */
export function samplesUpTo(samples: readonly BurnSample[], now: number, slackMs = 5_000): BurnSample[] {
  return samples.filter((sample) => sample.at <= now + slackMs);
}
