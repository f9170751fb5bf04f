import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { WaveSummary } from '@/contracts/waves';
import { renderApp } from '@/testing/render-with-providers';
import { simServer, TEST_ORIGIN } from '@/testing/sim-server';

/**
 * Issue 37 item 6: an export a wave started and then retried (or split) is the wave's business; the org's list
 * says so beside its state, with a link to the wave, instead of leaving a bare failure.
 */
const WAVE: WaveSummary = {
  id: '2026-01-01-abcdef12',
  createdAt: '2026-01-01T00:00:00.000Z',
  state: 'completed',
  owner: { kind: 'org', login: 'Octo-Org' },
  repos: 1,
  batches: 1,
  verified: 1,
  isolated: 0,
  failedBatches: 0,
  exports: [
    { migrationId: 1, batch: 4, outcome: 'handled' },
    { migrationId: 2, batch: 4, outcome: 'held' },
  ],
};

async function startExport() {
  const response = await fetch(`${TEST_ORIGIN}/api/github/orgs/octo-org/migrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ferry-client': 'test' },
    body: JSON.stringify({ repositories: ['hello-world'] }),
  });
  expect(response.status).toBe(201);
}

describe('the org’s migrations list and waves', () => {
  it('says which exports a wave started, that it retried the failed one, and links to the wave', async () => {
    await startExport();
    await startExport();
    await startExport();
    simServer.use(http.get(`${TEST_ORIGIN}/api/waves`, () => HttpResponse.json([WAVE])));
    renderApp('/migrations/orgs/octo-org');
    const table = await screen.findByRole('table', { name: 'Migrations' }, { timeout: 10_000 });
    const row = (id: number) =>
      within(table)
        .getAllByRole('row')
        .find((candidate) => within(candidate).queryByRole('link', { name: `#${id}` }) !== null)!;
    await within(row(1)).findByText(/wave retried this batch/i, {}, { timeout: 10_000 });
    expect(within(row(1)).getByRole('link', { name: /batch 4 of a wave/i })).toHaveAttribute(
      'href',
      `/waves/${WAVE.id}`,
    );
    expect(within(row(2)).getByText(/wave holds its archive/i)).toBeInTheDocument();
    expect(within(row(3)).queryByText(/wave/i)).not.toBeInTheDocument();
  }, 20_000);
});
