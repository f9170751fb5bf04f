import type { BatchState, Wave, WaveBatch } from './waves';

/**
 * Each repository's lock as far as the wave knows (GitHub reports no lock state): shown on the wave page and in
 * the manifest, so a person sees what is still locked after a wave.
 */
export type RepoLock = 'not-locked' | 'locked' | 'unlocked';

/** A failed export's locks are released before the failure is written (`check-export.ts`). */
const RELEASED_AFTER_FAILURE: ReadonlySet<BatchState> = new Set(['split', 'isolated', 'failed']);

export function batchLock(wave: Pick<Wave, 'options'>, batch: WaveBatch): RepoLock {
  if (!wave.options.lockRepositories) return 'not-locked';
  if (batch.unlocked) return 'unlocked';
  if (batch.state === 'queued') return batch.migrationId === undefined ? 'not-locked' : 'unlocked';
  if (RELEASED_AFTER_FAILURE.has(batch.state)) return 'unlocked';
  // Starting included: its start may have reached GitHub.
  return 'locked';
}

/** Repository → lock, for one batch. */
export function repositoryLocks(wave: Pick<Wave, 'options'>, batch: WaveBatch): Record<string, RepoLock> {
  const lock = batchLock(wave, batch);
  return Object.fromEntries(batch.repos.map((repo) => [repo, lock]));
}

/** Repositories a wave leaves locked (split batches' repositories are counted under their halves). */
export function stillLocked(wave: Pick<Wave, 'options' | 'batches'>): string[] {
  return wave.batches.flatMap((batch) =>
    batch.state !== 'split' && batchLock(wave, batch) === 'locked' ? batch.repos : [],
  );
}
