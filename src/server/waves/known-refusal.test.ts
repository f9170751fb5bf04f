import { describe, expect, it } from 'vitest';
import type { Wave } from '@/contracts/waves';
import { buildWave, buildWavePlan } from '@/testing/wave-factories';
import { knownRefusal } from './known-refusal';
import { applyEvent } from './wave-machine';

/** A wave of `octo-org` on the credential `ci`, stopped because GitHub refused it. */
function refusedWave(overrides: Partial<Wave> = {}): Wave {
  const wave = buildWave([{ state: 'queued' }], {
    id: 'w-refused',
    state: 'running',
    options: { ...buildWave().options, credential: 'ci' },
    ...overrides,
  });
  return applyEvent(wave, { type: 'credential-refused', batchId: 1, reason: 'Resource not accessible.' });
}

const request = buildWavePlan({ owner: { kind: 'org', login: 'Octo-Org' }, options: { credential: 'ci' } });

describe('a refusal already known', () => {
  it('refuses a new wave of the same credential and owner (login in any case), naming the stopped wave', () => {
    const message = knownRefusal([refusedWave()], request);
    expect(message).toContain('wave w-refused');
    expect(message).toContain('Resource not accessible.');
    expect(message).toContain('Octo-Org');
  });

  it('does not hold against another credential, another owner, or another kind of owner', () => {
    const waves = [refusedWave()];
    expect(knownRefusal(waves, { ...request, options: { ...request.options, credential: 'other' } })).toBe(
      undefined,
    );
    expect(knownRefusal(waves, { ...request, options: { ...request.options, credential: undefined } })).toBe(
      undefined,
    );
    expect(knownRefusal(waves, { ...request, owner: { kind: 'org', login: 'elsewhere' } })).toBeUndefined();
    expect(knownRefusal(waves, { ...request, owner: { kind: 'user', login: 'octo-org' } })).toBeUndefined();
  });

  it('treats no credential as the default on both sides', () => {
    const stopped = refusedWave({ options: buildWave().options });
    const plain = { ...request, options: { ...request.options, credential: undefined } };
    expect(knownRefusal([stopped], plain)).toContain('wave w-refused');
  });

  it('is lifted once that wave runs again or is cancelled', () => {
    const resumed = applyEvent(refusedWave(), { type: 'resume' });
    const cancelled = applyEvent(refusedWave(), { type: 'cancel' });
    expect(resumed.state).toBe('running');
    expect(knownRefusal([resumed, cancelled], request)).toBeUndefined();
  });

  it('does not hold against a wave stopped for another reason', () => {
    const stoppedOtherwise = buildWave([{ state: 'failed', error: 'export failed' }], {
      state: 'stopped',
      options: { ...buildWave().options, credential: 'ci' },
    });
    expect(knownRefusal([stoppedOtherwise], request)).toBeUndefined();
  });
});
