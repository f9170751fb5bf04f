import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-with-providers';
import { simulator, warmTestStore } from '@/testing/sim-server';

beforeAll(() => warmTestStore(), 60_000);

/** Plan octo-org's `mobile-*` and `docs` (three repositories) and open the preview. */
async function previewMobileAndDocs(user: ReturnType<typeof renderApp>['user']) {
  await user.type(
    await screen.findByRole('textbox', { name: 'Organization' }, { timeout: 10_000 }),
    'octo-org',
  );
  await user.type(screen.getByRole('textbox', { name: 'Name pattern' }), 'mobile-*, docs');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  return screen.findByRole('status', { name: 'Preview' }, { timeout: 10_000 });
}

describe('migration waves page', () => {
  it('shows which repositories go together and starts the wave as the user rearranged them', async () => {
    const { user } = renderApp('/waves');
    const preview = await previewMobileAndDocs(user);
    await user.click(within(preview).getByRole('button', { name: 'Show the repositories of batch 1' }));
    const repos = within(preview).getByRole('list', { name: 'Repositories of batch 1' });
    expect(within(repos).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(repos).getByRole('combobox', { name: 'Batch of docs' }));
    await user.click(await screen.findByRole('option', { name: 'A new batch' }));
    expect(preview).toHaveTextContent('Your arrangement: 2 batches');

    await user.click(screen.getByRole('button', { name: 'Start wave' }));
    const second = await screen.findByRole('row', { name: 'Batch 2' }, { timeout: 10_000 });
    expect(second).toHaveTextContent('1 · docs');
    expect(screen.getByRole('row', { name: 'Batch 1' })).not.toHaveTextContent('docs');
    // Run it to the end (the gateway's runner is shared by the tests of this file): once both exports are
    // started, move the frozen clock past them.
    for (const name of ['Batch 1', 'Batch 2'])
      await within(screen.getByRole('row', { name })).findByText(/export \d+/, {}, { timeout: 10_000 });
    simulator().advance(3_600);
    expect(await screen.findByText('Completed', {}, { timeout: 15_000 })).toBeInTheDocument();
  }, 40_000);

  it('previews a plan, starts it, and follows the wave to verified archives', async () => {
    const { user, router } = renderApp('/waves');
    const preview = await previewMobileAndDocs(user);
    expect(preview).toHaveTextContent('3 of 14 repositories selected');
    expect(preview).toHaveTextContent('in 1 batch.');
    expect(within(preview).getByRole('list', { name: 'Planned batches' })).toHaveTextContent(
      '3 repositories',
    );

    await user.click(screen.getByRole('button', { name: 'Start wave' }));
    expect(
      await screen.findByRole('heading', { name: 'Wave of octo-org' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toMatch(/^\/waves\/[a-z0-9-]+$/);
    const row = await screen.findByRole('row', { name: 'Batch 1' });
    expect(row).toHaveTextContent('mobile-ios');

    // The simulator's clock is frozen in component tests: move it past the export.
    simulator().advance(3_600);
    expect(await screen.findByText('Completed', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: 'Batch 1' })).getByText('Verified')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the archive of batch 1' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/api\/waves\/[a-z0-9-]+\/batches\/1\/archive$/),
    );
    expect(screen.getByRole('region', { name: 'Totals' })).toHaveTextContent('3 of 3 repositories archived');
    expect(screen.getByRole('link', { name: 'Manifest (CSV)' })).toHaveAttribute('download');
  }, 40_000);

  it('says so when the organization is unknown', async () => {
    const { user } = renderApp('/waves');
    await user.type(
      await screen.findByRole('textbox', { name: 'Organization' }, { timeout: 10_000 }),
      'nobody-org',
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText(/No organization nobody-org/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  }, 20_000);
});
