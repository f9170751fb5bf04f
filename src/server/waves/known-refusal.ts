import type { Wave, WavePlanRequest } from '@/contracts/waves';
import { waveStopReason } from './wave-machine';

/**
 * Why a new wave would be refused before it sends anything: a wave of the same credential and owner stopped
 * because GitHub refused that credential's exports. The rule stands until that wave is resumed (it works now)
 * or cancelled. `undefined`: nothing known against it.
 */
export function knownRefusal(waves: Wave[], request: WavePlanRequest): string | undefined {
  const same = (wave: Wave) =>
    (wave.options.credential ?? '') === (request.options.credential ?? '') &&
    wave.owner.kind === request.owner.kind &&
    wave.owner.login.toLowerCase() === request.owner.login.toLowerCase();
  for (const wave of waves) {
    const reason = same(wave) ? waveStopReason(wave) : undefined;
    if (reason)
      return `GitHub refused this credential for exports of ${request.owner.login || 'your repositories'} (wave ${wave.id}): ${reason} Resume that wave once the credential may export, or cancel it.`;
  }
  return undefined;
}
