import { describe, expect, it } from 'vitest';
import type { PlannedRepo } from '@/contracts/waves';
import { buildWavePlan } from '@/testing/wave-factories';
import { newWave } from './new-wave';
import { WaveInputError } from './wave-input-error';

const repo = (name: string, sizeKb = 1): PlannedRepo => ({
  name,
  sizeKb,
  language: null,
  visibility: 'public',
  archived: false,
  pushedAt: null,
});
const listing = { repos: ['api', 'web', 'docs'].map((name) => repo(name)), pages: 3, counted: 3 };
const AT = Date.parse('2026-11-26T10:00:00Z');

describe('a new wave from a request and its listing', () => {
  it('is named by its day and suffix, batched by the caps, charged the listing’s pages', () => {
    const wave = newWave(buildWavePlan({ caps: { maxRepos: 2 } }), listing, AT, 'abcd1234');
    expect(wave.id).toBe('2026-11-26-abcd1234');
    expect(wave.createdAt).toBe('2026-11-26T10:00:00.000Z');
    expect(wave.batches.map((batch) => batch.repos)).toEqual([['api', 'web'], ['docs']]);
    expect(wave.requests).toBe(3);
    expect(wave.state).toBe('running');
  });

  it('keeps the user’s arrangement of the selected repositories', () => {
    const request = buildWavePlan({ batches: [['web'], ['DOCS', 'api']] });
    const wave = newWave(request, listing, AT, 'x');
    expect(wave.batches.map((batch) => batch.repos)).toEqual([['web'], ['docs', 'api']]);
  });

  it('refuses, as the user’s to fix, an arrangement that does not fit the selection', () => {
    const twice = buildWavePlan({
      batches: [
        ['api', 'web'],
        ['web', 'docs'],
      ],
    });
    expect(() => newWave(twice, listing, AT, 'x')).toThrow(new WaveInputError('web is in two batches.'));
    const outside = buildWavePlan({ filters: { namePattern: 'api' }, batches: [['api', 'web']] });
    expect(() => newWave(outside, listing, AT, 'x')).toThrow(WaveInputError);
  });

  it('refuses a request whose filters select nothing', () => {
    const none = buildWavePlan({ filters: { namePattern: 'nothing-*' } });
    expect(() => newWave(none, listing, AT, 'x')).toThrow('No repository matches these filters.');
    expect(() => newWave(none, listing, AT, 'x')).toThrow(WaveInputError);
  });
});
