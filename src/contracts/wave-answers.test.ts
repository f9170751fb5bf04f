import { describe, expect, it } from 'vitest';
import { ShapeError } from './json';
import { parseWavePreview, parseWaveSummaries, parseWaveView } from './wave-answers';

const WAVE = {
  id: 'w-1',
  createdAt: '2026-11-24T10:00:00Z',
  updatedAt: '2026-11-24T10:00:00Z',
  state: 'running',
  owner: { kind: 'org', login: 'octo-org' },
  filters: {},
  caps: { maxRepos: 10, maxSizeKb: 1000, concurrency: 2 },
  options: {},
  batches: [{ id: 1, repos: ['a'], sizeKb: 3, state: 'exporting', attempts: 1 }],
  isolated: [],
  startsSent: 1,
  requests: 4,
  totals: {},
  progress: {},
};

describe('wave answers', () => {
  it('are read when shaped as the gateway promises', () => {
    expect(parseWaveView(WAVE).batches[0]?.state).toBe('exporting');
    expect(
      parseWaveSummaries([
        {
          ...WAVE,
          repos: 1,
          batches: 1,
          verified: 0,
          isolated: 0,
          failedBatches: 0,
          exports: [{ migrationId: 7, batch: 1, outcome: 'running' }],
        },
      ])[0]?.owner.login,
    ).toBe('octo-org');
    expect(
      parseWavePreview({
        listed: 2,
        selected: 1,
        selectedSizeKb: 3,
        estimatedSeconds: 60,
        batches: [{ repos: ['a'], sizeKb: 3 }],
        requests: { listing: 1, perBatch: 3, perBatchMax: 5, extras: 0, total: 4, totalMax: 6 },
      }).selected,
    ).toBe(1);
  });

  it('are refused with the one shape error otherwise', () => {
    expect(() => parseWaveView({ ...WAVE, state: 'exploded' })).toThrow(ShapeError);
    expect(() => parseWaveView({ ...WAVE, batches: [{ id: 1, repos: 'a' }] })).toThrow(ShapeError);
    expect(() => parseWaveSummaries({ waves: [] })).toThrow(ShapeError);
    expect(() => parseWavePreview({ listed: -1 })).toThrow(ShapeError);
  });
});
