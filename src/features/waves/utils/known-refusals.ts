import type { WaveSummary } from '@/contracts/waves';

/**
 * Credentials GitHub refused for exports of this owner, by name, with GitHub's reason: read from the waves they
 * stopped (the gateway refuses a new wave with one of them until that wave is resumed or cancelled). A wave
 * without a named credential ran with the default one (`defaultName`).
 */
export function knownRefusals(
  waves: readonly WaveSummary[],
  owner: WaveSummary['owner'],
  defaultName: string | undefined,
): Record<string, string> {
  const refusals: Record<string, string> = {};
  for (const wave of waves) {
    const name = wave.credential ?? defaultName;
    const sameOwner =
      wave.owner.kind === owner.kind && wave.owner.login.toLowerCase() === owner.login.toLowerCase();
    if (wave.state === 'stopped' && wave.stopReason && name && sameOwner && !(name in refusals))
      refusals[name] = `GitHub refused it in wave ${wave.id}: ${wave.stopReason}`;
  }
  return refusals;
}
