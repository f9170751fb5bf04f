import type { Wave } from '@/contracts/waves';
import { modelledExportSeconds } from './planner';

/**
 * How fast exports go here: observed seconds per modelled second, from the batches the store says finished
 * exporting (oldest first, smoothed toward the latest). `undefined` until one has. Read from the store, so every
 * gateway of a team plans and checks with the same figure.
 */
export function observedSpeed(waves: Wave[]): number | undefined {
  const finished = waves
    .flatMap((wave) => wave.batches)
    .filter((batch) => batch.startedAt && batch.exportedAt)
    .sort((a, b) => a.exportedAt!.localeCompare(b.exportedAt!));
  let speed: number | undefined;
  for (const batch of finished) {
    const seconds = (Date.parse(batch.exportedAt!) - Date.parse(batch.startedAt!)) / 1_000;
    const observed = seconds / modelledExportSeconds(batch);
    if (!(observed > 0) || !Number.isFinite(observed)) continue;
    speed = speed === undefined ? observed : speed * 0.6 + observed * 0.4;
  }
  return speed;
}
