import { describe, expect, it } from 'vitest';
import { WAVE_BATCH_STATES, type BatchState, type WaveState } from '@/contracts/waves';
import { buildWave } from '@/testing/wave-factories';
import { batchStep, fileStepDue, sweptWaves } from './batch-step';

const first = { retryCount: 0 };
const waveWith = (state: BatchState, unlocked = false) =>
  buildWave([{ state, unlocked }], {
    state: 'running',
    options: { ...buildWave().options, lockRepositories: true, unlockWhenVerified: true },
  });
const step = (state: BatchState, job: { retryCount: number; reconcile?: boolean } = first) => {
  const wave = waveWith(state);
  return batchStep(wave, wave.batches[0]!, job);
};

describe('the step a wave-step job runs', () => {
  it('starts a queued batch and checks an exporting one', () => {
    expect(step('queued')).toBe('start');
    expect(step('exporting')).toBe('check');
  });

  it('adopts a batch caught starting only on the start’s own retry or the sweep’s last resort', () => {
    // A first delivery may race the start still in hand on another worker: it leaves the batch alone.
    expect(step('starting')).toBeUndefined();
    expect(step('starting', { retryCount: 1 })).toBe('adopt');
    expect(step('starting', { retryCount: 0, reconcile: true })).toBe('adopt');
  });

  it('finishes a verified batch that still owes its unlocks, and nothing once they are done', () => {
    expect(step('verified')).toBe('finish');
    const done = waveWith('verified', true);
    expect(batchStep(done, done.batches[0]!, first)).toBeUndefined();
  });

  it('leaves every other state to its own job', () => {
    const others = WAVE_BATCH_STATES.filter(
      (state) => !['queued', 'starting', 'exporting', 'verified'].includes(state),
    );
    for (const state of others) expect(step(state), state).toBeUndefined();
  });
});

describe('a wave-file job', () => {
  it('is due for a batch downloading or verifying, or verified and owing GitHub', () => {
    const due = WAVE_BATCH_STATES.filter((state) => {
      const wave = waveWith(state);
      return fileStepDue(wave, wave.batches[0]!);
    });
    expect(due).toEqual(['downloading', 'verifying', 'verified']);
    const done = waveWith('verified', true);
    expect(fileStepDue(done, done.batches[0]!)).toBe(false);
  });
});

describe('the minute’s sweep', () => {
  it('looks again at running, paused and stopped waves, never at one at its end', () => {
    const states: WaveState[] = ['running', 'paused', 'stopped', 'cancelled', 'completed'];
    const waves = states.map((state) => buildWave([], { id: state, state }));
    expect(sweptWaves(waves).map((wave) => wave.id)).toEqual(['running', 'paused', 'stopped']);
  });
});
