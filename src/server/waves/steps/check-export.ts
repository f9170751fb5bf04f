import { migrationStateOf } from '@/contracts/github/migration';
import type { KnownAnswer } from '../github-client';
import type { Wave, WaveBatch } from '@/contracts/waves';
import {
  advance,
  counted,
  fileStep,
  migrationsPath,
  nextStep,
  recordIf,
  stamp,
  type WaveContext,
} from '../wave-context';
import { exportEndedAt } from '../export-end';
import { unlockRepos } from './unlock-batch';

/**
 * Check a running export (with its ETag: a free 304 while nothing changes). Exported → its archive is next;
 * failed or gone → the wave machine retries, halves or isolates the batch; otherwise check again after a
 * growing wait.
 */
export async function checkExport(
  context: WaveContext,
  wave: Wave,
  batch: WaveBatch,
  backoffMs = context.minCheckMs,
  seen?: KnownAnswer,
): Promise<void> {
  const migrationId = batch.migrationId;
  const answer = await counted(context, wave.id, () =>
    context.clientFor(wave).get<unknown>(`${migrationsPath(wave)}/${migrationId}?exclude=repositories`, seen),
  );
  const state = migrationStateOf(answer.body);
  const still = (current: WaveBatch) => current.state === 'exporting' && current.migrationId === migrationId;
  const job = { waveId: wave.id, batchId: batch.id };
  if (answer.status === 200 && state === 'exported') {
    const checkedAt = context.now();
    const endedAt = exportEndedAt(
      answer.body,
      answer.headers.get('date'),
      Date.parse(batch.startedAt ?? '') || checkedAt,
      checkedAt,
    );
    const { applied } = await recordIf(context, wave.id, batch.id, still, {
      type: 'exported',
      batchId: batch.id,
      at: new Date(endedAt).toISOString(),
    });
    if (applied) await fileStep(context, job);
    return;
  }
  if ((answer.status === 200 && state === 'failed') || answer.status === 404) {
    // A failed export still holds its locks; the retry or the halves lock them again under a new export.
    if (answer.status === 200 && wave.options.lockRepositories) await unlockRepos(context, wave, batch);
    await recordIf(context, wave.id, batch.id, still, {
      type: 'export-failed',
      batchId: batch.id,
      at: stamp(context),
      error:
        answer.status === 404 ? 'The export is gone from GitHub.' : 'GitHub reported the export as failed.',
    });
    await advance(context, wave.id);
    return;
  }
  const next = { ...job, backoffMs: Math.min(context.maxCheckMs, backoffMs * 1.5) };
  await nextStep(
    context,
    answer.etag ? { ...next, seen: { etag: answer.etag, body: answer.body } } : next,
    backoffMs,
  );
}
