import type { Wave, WaveBatch } from '@/contracts/waves';
import { counted, migrationsPath, record, type WaveContext } from '../wave-context';

/** Unlock the batch's repositories (a 404 means not locked any more: unlocked either way). Safe to repeat. */
export async function unlockRepos(context: WaveContext, wave: Wave, batch: WaveBatch): Promise<void> {
  if (batch.migrationId === undefined) return;
  for (const repo of batch.repos) {
    await counted(context, wave.id, () =>
      context
        .clientFor(wave)
        .write(
          'DELETE',
          `${migrationsPath(wave)}/${batch.migrationId}/repos/${encodeURIComponent(repo)}/lock`,
        ),
    );
  }
}

export async function unlockBatch(
  context: WaveContext,
  wave: Wave,
  batch: WaveBatch,
): Promise<Wave | undefined> {
  await unlockRepos(context, wave, batch);
  return record(context, wave.id, { type: 'unlocked', batchId: batch.id });
}
