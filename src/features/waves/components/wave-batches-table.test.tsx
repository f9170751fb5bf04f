import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WaveBatch, WaveView } from '@/contracts/waves';
import { renderWithProviders } from '@/testing/render-with-providers';
import { buildWave } from '@/testing/wave-factories';
import { WaveBatchesTable } from './wave-batches-table';

function view(batches: Partial<WaveBatch>[]): WaveView {
  const wave = buildWave(batches, {
    options: { ...buildWave().options, lockRepositories: true, unlockWhenVerified: true },
  });
  return {
    ...wave,
    totals: {
      repos: 0,
      batches: 0,
      verified: 0,
      verifiedRepos: 0,
      bytes: 0,
      isolated: 0,
      running: 0,
      failedBatches: 0,
    },
    progress: {},
  };
}

describe('the batches table', () => {
  it('shows each repository’s lock: unlocked, still locked, or not locked yet', () => {
    renderWithProviders(
      <WaveBatchesTable
        wave={view([
          { repos: ['api', 'web'], migrationId: 11, unlocked: true },
          { repos: ['docs', 'site'], migrationId: 12 },
          { repos: ['later'], state: 'queued' },
        ])}
        onAction={() => undefined}
        busy={false}
      />,
    );
    const locks = (batch: number) =>
      within(screen.getByRole('list', { name: `Locks of batch ${batch}` }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(locks(1)).toEqual(['api: unlocked', 'web: unlocked']);
    expect(locks(2)).toEqual(['docs: locked', 'site: locked']);
    expect(locks(3)).toEqual(['later: not locked']);
  });
});
