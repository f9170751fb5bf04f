import { configure, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-with-providers';
import { simGithub, simulator } from '@/testing/sim-server';

// The lazily loaded editor fails (as a chunk that does not load would).
vi.mock('./author-editor', () => ({
  AuthorEditor: () => {
    throw new Error('Failed to fetch dynamically imported module.');
  },
}));

configure({ asyncUtilTimeout: 10_000 });

describe('import page when the author editor fails', { timeout: 30_000 }, () => {
  it('says so where the editor would be; the rest of the page stays', async () => {
    await simGithub('PUT', '/repos/octo-org/hello-world/import', {
      vcs_url: 'http://svn.example.com/svn/authors-3',
      vcs: 'subversion',
    });
    simulator().advance(61);
    // React reports the caught error on console.error: expected here, checked and kept out of the output.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/imports/octo-org/hello-world');
    expect(await screen.findByText('The author editor could not be shown')).toBeInTheDocument();
    expect(screen.getByText(/Failed to fetch dynamically imported module/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Start over' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Import into octo-org/hello-world' }),
    ).toBeInTheDocument();
    expect(reported).toHaveBeenCalled();
    reported.mockRestore();
  });
});
