import type { Wave } from '@/contracts/waves';
import { batchesToStart, owesWork } from '../wave-machine';
import { fileStep, nextStep, type WaveContext } from '../wave-context';

/** A start decided this long ago with no outcome written has lost its job: look for its export. */
export const LOST_START_MS = 10 * 60_000;

/**
 * Look at a wave and ask for the steps it needs now: starts while it has room, archives of finished exports.
 * Steps already waiting are not asked twice (one waiting job per batch). A `sweep` (each minute) also asks for
 * checks of running exports, for unlocks and deletions a verified batch still owes, and for starts whose
 * outcome was lost: work a lost job would otherwise leave.
 */
export async function advanceWave(context: WaveContext, wave: Wave, sweep = false): Promise<void> {
  if (wave.state === 'cancelled' || wave.state === 'completed') return;
  for (const batch of batchesToStart(wave)) await nextStep(context, { waveId: wave.id, batchId: batch.id });
  for (const batch of wave.batches) {
    const job = { waveId: wave.id, batchId: batch.id };
    if (batch.state === 'downloading' || batch.state === 'verifying')
      await fileStep(context, job, 0, fileExpiry(context));
    if (!sweep) continue;
    if (batch.state === 'exporting') await nextStep(context, job);
    // Owed since long: the verifying job (or its retries) that should have done it is lost. Sooner, it may be
    // at work (a hundred unlocks take minutes at one write a second), and two would send each unlock twice.
    const verifiedAt = Date.parse(batch.finishedAt ?? '');
    if (owesWork(wave, batch) && !(context.now() - verifiedAt <= LOST_START_MS)) await nextStep(context, job);
    const decided = Date.parse(batch.startRequestedAt ?? '');
    if (batch.state === 'starting' && context.now() - decided > LOST_START_MS) {
      await nextStep(context, { ...job, reconcile: true });
    }
  }
}

/**
 * How long an archive job may run before the team takes its gateway for dead: the whole download's bound (a
 * gateway that dies sooner is noticed by its lock going stale, not by this).
 */
export function fileExpiry(context: Pick<WaveContext, 'storageBounds'>): number {
  return Math.ceil(context.storageBounds.totalMs / 1_000) + 600;
}
