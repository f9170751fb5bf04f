import { describe, expect, it } from 'vitest';
import type { WaveSummary } from '@/contracts/waves';
import { knownRefusals } from './known-refusals';

const summary = (overrides: Partial<WaveSummary>): WaveSummary => ({
  id: 'w-1',
  createdAt: '2026-01-01T00:00:00Z',
  state: 'stopped',
  owner: { kind: 'org', login: 'octo-org' },
  repos: 14,
  batches: 14,
  verified: 0,
  isolated: 0,
  failedBatches: 0,
  exports: [],
  stopReason:
    'Resource not accessible by personal access token (it needs organization_administration=write).',
  ...overrides,
});

describe('credentials GitHub refused for a wave', () => {
  it('names each refused credential of this owner with the reason, the default one included', () => {
    const waves = [
      summary({ credential: 'fine-grained' }),
      summary({ id: 'w-2' }),
      summary({ id: 'w-3', credential: 'hubot', owner: { kind: 'org', login: 'other-org' } }),
      summary({ id: 'w-4', credential: 'hubot', state: 'cancelled' }),
    ];
    const refusals = knownRefusals(waves, { kind: 'org', login: 'Octo-Org' }, 'default');
    expect(Object.keys(refusals)).toEqual(['fine-grained', 'default']);
    expect(refusals['fine-grained']).toMatch(
      /wave w-1: Resource not accessible.*organization_administration=write/,
    );
  });
});
