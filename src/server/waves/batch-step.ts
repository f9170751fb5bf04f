import type { Wave, WaveBatch } from '@/contracts/waves';
import { owesWork } from './wave-machine';

/** What a `wave-step` job does to its batch, by the batch's state as the store holds it now. */
export type BatchStep = 'start' | 'adopt' | 'check' | 'finish';

/**
 * The step a batch's `wave-step` job runs, or none (another job or gateway moved it on). A batch `starting`
 * may have its export on GitHub already: only the start's own retry (its request certainly over) or the
 * sweep's last resort (`reconcile`) looks for it and adopts it; any other job would race the start in hand.
 */
export function batchStep(
  wave: Wave,
  batch: WaveBatch,
  job: { retryCount: number; reconcile?: boolean },
): BatchStep | undefined {
  if (batch.state === 'queued') return 'start';
  if (batch.state === 'starting') return job.retryCount > 0 || job.reconcile ? 'adopt' : undefined;
  if (batch.state === 'exporting') return 'check';
  return owesWork(wave, batch) ? 'finish' : undefined;
}

/** A `wave-file` job downloads and verifies an exported batch, or does what a verified one still owes. */
export const fileStepDue = (wave: Wave, batch: WaveBatch) =>
  batch.state === 'downloading' || batch.state === 'verifying' || owesWork(wave, batch);

/** Waves the minute's sweep looks at again: those not at an end (a stopped or paused wave may owe unlocks). */
export const sweptWaves = (waves: Wave[]) =>
  waves.filter((wave) => wave.state === 'running' || wave.state === 'paused' || wave.state === 'stopped');
