import type { WaveExport, WaveSummary } from '@/contracts/waves';
import type { MigrationScope } from './scope';

/** An export a wave started: which wave and batch, and what the wave made of it. */
export interface WaveAttempt {
  waveId: string;
  batch: number;
  outcome: WaveExport['outcome'];
}

/** Each outcome in words for the list: a failure the wave retried or split is not the user's to act on. */
export const WAVE_ATTEMPT_WORDS: Record<WaveExport['outcome'], string> = {
  handled: 'the wave retried this batch or split it; nothing to do here',
  held: 'the wave holds its archive, verified',
  running: 'the wave is following it',
  problem: 'the wave could not export it; see the wave',
};

/** The scope's exports started by waves, by migration id (an org's login matched whatever its case). */
export function waveAttempts(scope: MigrationScope, waves: readonly WaveSummary[]): Map<number, WaveAttempt> {
  const attempts = new Map<number, WaveAttempt>();
  for (const wave of waves) {
    const mine =
      scope.kind === 'org'
        ? wave.owner.kind === 'org' && wave.owner.login.toLowerCase() === scope.org.toLowerCase()
        : wave.owner.kind === 'user';
    if (!mine) continue;
    for (const started of wave.exports)
      attempts.set(started.migrationId, { waveId: wave.id, batch: started.batch, outcome: started.outcome });
  }
  return attempts;
}
