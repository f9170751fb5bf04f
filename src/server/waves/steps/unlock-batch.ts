import type { Wave, WaveBatch } from '@/contracts/waves';
import { unexpectedAnswer } from '../github-client';
import { owedWork } from '../wave-machine';
import { advance, counted, migrationsPath, record, recordIf, type WaveContext } from '../wave-context';

/**
 * Unlock the batch's repositories, each confirmed by GitHub: 204, or 404 (not locked any more, e.g. unlocked by
 * an attempt whose answer was lost). Anything else throws (the job is retried; a route answers it as an
 * upstream failure). Safe to repeat. Each confirmation is written down, and the repositories already confirmed
 * for this export are skipped (`resume`): the writes are paced a second apart, so a batch of a hundred takes
 * longer than a step may run, and a step cut off at its expiry used to start over each time, for ever.
 */
export async function unlockRepos(
  context: WaveContext,
  wave: Wave,
  batch: WaveBatch,
  { resume = true } = {},
): Promise<void> {
  const migrationId = batch.migrationId;
  if (migrationId === undefined) return;
  const done = new Set(
    resume && batch.unlockedRepos?.migrationId === migrationId ? batch.unlockedRepos.repos : [],
  );
  for (const repo of batch.repos.filter((name) => !done.has(name))) {
    const answer = await counted(context, wave.id, () =>
      context
        .clientFor(wave)
        .write(
          'DELETE',
          `${migrationsPath(wave)}/${batch.migrationId}/repos/${encodeURIComponent(repo)}/lock`,
        ),
    );
    if (answer.status !== 204 && answer.status !== 404) throw unexpectedAnswer(answer);
    await record(context, wave.id, { type: 'repos-unlocked', batchId: batch.id, migrationId, repos: [repo] });
  }
}

/** The user's Unlock button: every repository of the batch, whatever its state. */
export async function unlockBatch(
  context: WaveContext,
  wave: Wave,
  batch: WaveBatch,
): Promise<Wave | undefined> {
  await unlockRepos(context, wave, batch, { resume: false });
  return record(context, wave.id, { type: 'unlocked', batchId: batch.id });
}

/**
 * What a verified batch owes GitHub (`owedWork`): its unlocks, then the deletion of GitHub's copy, each
 * written down only once GitHub confirmed it. Run after the verification, by that job's retry, and by a step
 * the sweep sends, so a gateway killed in between leaves nothing owed for good; the wave completes after.
 */
export async function finishBatch(context: WaveContext, wave: Wave, batch: WaveBatch): Promise<void> {
  const owed = owedWork(wave, batch);
  const same = (current: WaveBatch) => current.migrationId === batch.migrationId;
  if (owed.unlock) {
    await unlockRepos(context, wave, batch);
    await recordIf(context, wave.id, batch.id, same, { type: 'unlocked', batchId: batch.id });
  }
  if (owed.deleteCopy) {
    const answer = await counted(context, wave.id, () =>
      context.clientFor(wave).write('DELETE', `${migrationsPath(wave)}/${batch.migrationId}/archive`),
    );
    // 404: gone already (an earlier attempt's answer was lost, or GitHub's week is over).
    if (answer.status !== 204 && answer.status !== 404) throw unexpectedAnswer(answer);
    await recordIf(context, wave.id, batch.id, same, { type: 'github-copy-deleted', batchId: batch.id });
  }
  await advance(context, wave.id);
}
