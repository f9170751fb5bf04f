import { describe, expect, it } from 'vitest';
import { countOf, waveStateSummary } from './wave-summary';

describe('waveStateSummary', () => {
  it('calls a wave completed only when every batch ended verified', () => {
    expect(waveStateSummary('completed', { failedBatches: 0, isolated: 0 })).toEqual({
      label: 'Completed',
      tone: 'success',
    });
    expect(waveStateSummary('completed', { failedBatches: 1, isolated: 1 })).toEqual({
      label: 'Completed, 1 repository not exported',
      tone: 'warning',
    });
    expect(waveStateSummary('completed', { failedBatches: 3, isolated: 1 }).label).toBe(
      'Completed, 1 repository not exported, 2 archives rejected',
    );
    expect(waveStateSummary('running', { failedBatches: 1, isolated: 1 })).toEqual({
      label: 'Running',
      tone: 'default',
    });
  });

  it('counts with the right noun', () => {
    expect(countOf(1, 'repository', 'repositories')).toBe('1 repository');
    expect(countOf(1200, 'repository', 'repositories')).toBe('1,200 repositories');
  });
});
