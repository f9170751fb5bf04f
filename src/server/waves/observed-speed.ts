import type { Wave } from '@/contracts/waves';
import { modelledExportSeconds } from './planner';

/**
 * How fast exports go here: observed seconds per modelled second, from the batches the store says finished
 * exporting (oldest first, smoothed toward the latest). `undefined` until one has. Read from the store, so every
 * gateway of a team plans and checks with the same figure.
 */
export function observedSpeed(waves: Wave[]): number | undefined {
  // Batches that finished at the same moment are one observation (their mean): the smoothing weighs the latest
  // most, so an order among them (the store's listing order, which moves as waves are written) would change the
  // figure, and the same plan would be estimated differently from one preview to the next.
  const byMoment = new Map<string, number[]>();
  for (const batch of waves.flatMap((wave) => wave.batches)) {
    if (!batch.startedAt || !batch.exportedAt) continue;
    const seconds = (Date.parse(batch.exportedAt) - Date.parse(batch.startedAt)) / 1_000;
    const observed = seconds / modelledExportSeconds(batch);
    if (!(observed > 0) || !Number.isFinite(observed)) continue;
    byMoment.set(batch.exportedAt, [...(byMoment.get(batch.exportedAt) ?? []), observed]);
  }
  let speed: number | undefined;
  for (const [, observed] of [...byMoment].sort(([a], [b]) => a.localeCompare(b))) {
    // Summed in one order: floating-point addition of three or more depends on it.
    const mean = observed.sort((x, y) => x - y).reduce((sum, value) => sum + value, 0) / observed.length;
    speed = speed === undefined ? mean : speed * 0.6 + mean * 0.4;
  }
  return speed;
}
