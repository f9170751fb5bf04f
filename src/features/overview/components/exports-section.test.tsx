import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MoveSummary } from '@/contracts/move-run';
import { overviewMovesQuery } from '../api/move-summaries-query';
import type { OverviewLinks } from '../links';
import { foldWaveExports, type ExportSummary } from '../utils/exports';
import { ExportsSection } from './exports-section';

const EXPORT: ExportSummary = {
  owner: { kind: 'org', org: 'octo-org' },
  id: 7,
  state: 'exported',
  repositories: ['mobile-ios'],
  createdAt: 0,
  updatedAt: 0,
};
const WAVE = {
  id: 'w-move',
  createdAt: '2026-11-23T08:00:00Z',
  state: 'running' as const,
  owner: { kind: 'org' as const, login: 'octo-org' },
  repos: 1,
  batches: 1,
  verified: 0,
  isolated: 0,
  failedBatches: 0,
  exports: [{ migrationId: 7, batch: 1, outcome: 'handled' as const }],
};
const MOVE: MoveSummary = {
  id: 'm-1',
  createdAt: '2026-11-23T08:00:00Z',
  state: 'running',
  source: 'octo-org',
  target: 'octo-target',
  repositories: 1,
  done: 0,
  failed: 0,
  waveId: 'w-move',
};

describe('the overview’s exports when every export is folded away', () => {
  it('says a move’s exports are the move’s, not a wave’s listed above', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(overviewMovesQuery().queryKey, [MOVE]);
    render(
      <QueryClientProvider client={client}>
        <ExportsSection
          query={{ data: [EXPORT], isError: false } as UseQueryResult<ExportSummary[]>}
          items={[]}
          folded={foldWaveExports([EXPORT], [WAVE]).waves}
          serverNow={0}
          clockOffsetMs={0}
          links={{} as OverviewLinks}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/^Every export was started by a move, listed above/)).toBeInTheDocument();
    expect(screen.queryByText(/listed with its wave above/)).not.toBeInTheDocument();
  });
});
