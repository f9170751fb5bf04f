import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, renderWithProviders } from '@/testing/render-with-providers';
import { formatDateTime } from '@/lib/format';
import { simGithub, simulator } from '@/testing/sim-server';
import { writeMemory } from '../utils/local-memory';
import { resetMemoryCache } from '../utils/memory-store';
import { ArchivePanel } from './archive-panel';
import { MigrationStepper } from './migration-stepper';

beforeEach(() => resetMemoryCache());

const PREVIEW = 'application/vnd.github.wyandotte-preview+json';

/** Talk to the simulator directly (setup and side effects a test needs outside the UI). */
async function sim(path: string, method = 'GET', body?: unknown) {
  return simGithub(method, path, body, { accept: PREVIEW });
}

describe('MigrationStepper', () => {
  it.each([
    ['pending', 'Waiting for GitHub to start the export.', 'Exported'],
    ['exporting', 'GitHub is building the archive.', 'Exported'],
    ['exported', 'Export finished.', 'Exported'],
    ['failed', 'The export failed.', 'Failed'],
    ['queued', 'GitHub reports the state “queued”.', 'Exported'],
  ])('%s', (state, text, last) => {
    renderWithProviders(<MigrationStepper state={state} />);
    expect(screen.getByRole('status')).toHaveTextContent(text);
    expect(screen.getByText(last)).toBeInTheDocument();
  });
});

describe('ArchivePanel', () => {
  const base = {
    href: '/api/github/orgs/octo-org/migrations/3/archive',
    filename: 'octo-org-migration-3.tar.gz',
  };

  it('offers a real download link, the deletion countdown, and deletes only after confirmation', async () => {
    const onDelete = vi.fn();
    const { user } = renderWithProviders(
      <ArchivePanel
        {...base}
        view={{
          kind: 'available',
          expiresAt: Date.UTC(2030, 0, 8),
          remainingMs: 6 * 86_400_000 + 5 * 3_600_000,
        }}
        onDelete={onDelete}
      />,
    );
    const link = screen.getByRole('link', { name: 'Download octo-org-migration-3.tar.gz' });
    expect(link).toHaveAttribute('href', base.href);
    expect(link).toHaveAttribute('download', base.filename);
    expect(screen.getByText('6 days 5 hours')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the archive?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete archive' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete archive' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it.each([
    [{ kind: 'not-ready' } as const, 'available once the export has finished'],
    [{ kind: 'failed' } as const, 'A failed export leaves no archive.'],
    [{ kind: 'deleted' } as const, 'The archive was deleted.'],
    [{ kind: 'expired', expiredAt: Date.UTC(2030, 0, 8) } as const, 'seven days after it was created'],
  ])('%o has no download', (view, text) => {
    renderWithProviders(<ArchivePanel {...base} view={view} onDelete={() => {}} />);
    expect(screen.getByText(new RegExp(text))).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete archive' })).not.toBeInTheDocument();
  });
});

describe('migration page', () => {
  it('unlocks after confirmation, and reports an already-unlocked repository as "not locked"', async () => {
    await sim('/orgs/octo-org/migrations', 'POST', {
      repositories: ['hello-world', 'docs'],
      lock_repositories: true,
    });
    // docs is unlocked behind the page's back: the page still thinks it is locked.
    await sim('/orgs/octo-org/migrations/1/repos/docs/lock', 'DELETE');
    const { user } = renderApp('/migrations/orgs/octo-org/1');
    const repos = await screen.findByRole('table', { name: 'Repositories' }, { timeout: 10_000 });
    await within(repos).findByText('octo-org/hello-world');

    await user.click(within(repos).getByRole('button', { name: 'Unlock hello-world' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock hello-world?' });
    expect(dialog).toHaveTextContent(/will accept pushes/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(repos).getAllByText('Locked')).toHaveLength(2);

    await user.click(within(repos).getByRole('button', { name: 'Unlock hello-world' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Unlocked hello-world.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(repos).getByRole('button', { name: 'Unlock docs' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('docs was not locked.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(repos).getAllByText('Not locked')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Unlock all/ })).not.toBeInTheDocument();
  }, 20_000);

  it('shows a failed export with guidance and restarts it with the same options', async () => {
    await sim('/user/migrations', 'POST', { repositories: ['broken-build'], exclude_releases: true });
    simulator().advance(600);
    const { user, router } = renderApp('/migrations/user/1');
    expect(
      await screen.findByText('The export failed', { selector: '.MuiAlertTitle-root' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start again with the same options' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('checkbox', { name: 'Exclude releases' })).toBeChecked();
    expect(within(dialog).getByText('1 repository: broken-build.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/migrations/user/2'));
  }, 20_000);

  it('follows the export to its archive and deletes it', async () => {
    await sim('/orgs/octo-org/migrations', 'POST', { repositories: ['docs'] });
    const { user, queryClient } = renderApp('/migrations/orgs/octo-org/1');
    expect(
      await screen.findByText('Waiting for GitHub to start the export.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    simulator().advance(120);
    await queryClient.refetchQueries();
    const link = await screen.findByRole('link', { name: 'Download octo-org-migration-1.tar.gz' });
    expect(link).toHaveAttribute('href', '/api/github/orgs/octo-org/migrations/1/archive');
    expect(screen.getByRole('list', { name: 'State changes seen' })).toHaveTextContent(/pending.*exported/);

    await user.click(screen.getByRole('button', { name: 'Delete archive' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete archive' }));
    expect(await screen.findByText(/The archive was deleted/)).toBeInTheDocument();
    expect((await sim('/orgs/octo-org/migrations/1/archive')).status).toBe(404);
  }, 20_000);

  it('shows GitHub’s times on this browser’s clock when the simulator runs ahead of it', async () => {
    // The simulated GitHub's clock two days ahead: its times, shown as they are, would read two days on.
    simulator().advance(2 * 86_400);
    await sim('/orgs/octo-org/migrations', 'POST', { repositories: ['docs'] });
    simulator().advance(120);
    renderApp('/migrations/orgs/octo-org/1');
    await screen.findByRole('link', { name: 'Download octo-org-migration-1.tar.gz' }, { timeout: 10_000 });
    const now = Date.now();
    /** One of the minutes around `at` (the export took two simulated minutes; the test takes a few seconds). */
    const near = (at: number) => [-3, -2, -1, 0, 1].map((minutes) => formatDateTime(at + minutes * 60_000));

    const settings = screen.getByRole('table', { name: 'Settings' });
    const row = (label: string) =>
      within(settings).getByRole('row', { name: new RegExp(`^${label} `) }).textContent;
    await waitFor(() => expect(near(now).map((text) => `Created${text}`)).toContain(row('Created')));
    expect(near(now).map((text) => `Last state change${text}`)).toContain(row('Last state change'));
    const archive = screen.getByRole('region', { name: 'Archive' });
    const on = /\(on (.+)\)/.exec(archive.textContent ?? '')?.[1];
    expect(near(now + 7 * 86_400_000)).toContain(on);
    expect(archive).toHaveTextContent(/in 6 days 23 hours|in 7 days/);
    const timeline = screen.getByRole('list', { name: 'State changes seen' });
    for (const item of within(timeline).getAllByRole('listitem')) {
      expect(near(now).some((text) => item.textContent?.endsWith(text))).toBe(true);
    }
  }, 20_000);

  it('forgets what it remembered about an earlier migration with the same id (a reset simulator)', async () => {
    writeMemory('org:octo-org', 1, {
      guid: 'an-older-migration',
      states: [{ state: 'failed', at: 0 }],
      unlocked: ['hello-world'],
      archiveDeleted: true,
    });
    await sim('/orgs/octo-org/migrations', 'POST', {
      repositories: ['hello-world'],
      lock_repositories: true,
    });
    renderApp('/migrations/orgs/octo-org/1');
    const repos = await screen.findByRole('table', { name: 'Repositories' }, { timeout: 10_000 });
    expect(await within(repos).findByText('Locked')).toBeInTheDocument();
    const timeline = screen.getByRole('list', { name: 'State changes seen' });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(1);
    expect(timeline).toHaveTextContent('pending');
  }, 20_000);
});
