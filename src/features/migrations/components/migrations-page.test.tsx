import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { renderApp } from '@/testing/render-with-providers';
import { simGithub, simServer, simulator, TEST_ORIGIN } from '@/testing/sim-server';
import { resetMemoryCache } from '../utils/memory-store';

beforeEach(() => resetMemoryCache());

describe('start-export dialog', () => {
  it('validates before sending, shows the lock warning and a summary, then opens the new migration', async () => {
    const { user, router } = renderApp('/migrations/orgs/octo-org');
    expect(
      await screen.findByText('No migrations yet. Start an export to create one.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start an export of octo-org' });

    await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
    expect(within(dialog).getByText('Choose at least one repository.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('combobox', { name: 'Repositories' }), 'hello-world{Enter}');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Lock repositories during the export' }));
    expect(within(dialog).getByText(/Locked repositories refuse all writes/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Exclude attachments' }));
    expect(within(dialog).getByText('1 repository: hello-world.')).toBeInTheDocument();
    expect(within(dialog).getByText('Leaves out: attachments.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Migration #1' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/migrations/orgs/octo-org/1');
    expect(screen.getByText('Waiting for GitHub to start the export.')).toBeInTheDocument();
  }, 20_000);

  it('shows GitHub’s 422 on the repositories field', async () => {
    const { user } = renderApp('/migrations/orgs/octo-org');
    await user.click(await screen.findByRole('button', { name: 'Start export' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('combobox', { name: 'Repositories' }), 'no-such-repo{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
    const field = within(dialog).getByRole('combobox', { name: 'Repositories' });
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('Could not find repository octo-org/no-such-repo')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  }, 20_000);
});

describe('migrations list', () => {
  it('lists migrations with state badges and counts', async () => {
    const { user } = renderApp('/migrations/user');
    await user.click(await screen.findByRole('button', { name: 'Start export' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Start an export of your repositories' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Repositories' }), 'dotfiles{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
    await screen.findByRole('heading', { level: 1, name: 'Migration #1' }, { timeout: 10_000 });
    await user.click(screen.getByRole('link', { name: 'All migrations' }));
    const table = await screen.findByRole('table', { name: 'Migrations' });
    expect(within(table).getByRole('link', { name: '#1' })).toHaveAttribute('href', '/migrations/user/1');
    expect(within(table).getByText('dotfiles')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Migrations per state' })).toHaveTextContent('pending: 1');
    expect(screen.getByText('Refreshing automatically while exports run.')).toBeInTheDocument();
  }, 20_000);

  it('lists GitHub’s times on this browser’s clock, as “updated … ago” above them, when the simulator runs ahead', async () => {
    simulator().advance(2 * 86_400);
    await simGithub('POST', '/user/migrations', { repositories: ['dotfiles'] });
    renderApp('/migrations/user');
    const table = await screen.findByRole('table', { name: 'Migrations' }, { timeout: 10_000 });
    const row = within(table).getByRole('row', { name: /#1/ });
    const now = Date.now();
    const near = [-1, 0, 1].map((minutes) => formatDateTime(now + minutes * 60_000));
    await waitFor(() => expect(near.some((text) => row.textContent?.endsWith(`${text}${text}`))).toBe(true));
  }, 20_000);

  it('keeps the page of the list in the address: opened at ?page=2, it shows the second page', async () => {
    for (let index = 0; index < 12; index += 1) {
      const answer = await fetch(`${TEST_ORIGIN}/api/github/orgs/octo-org/migrations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ferry-client': 'tests' },
        body: JSON.stringify({ repositories: ['hello-world'] }),
      });
      expect(answer.status).toBe(201);
    }
    const { user, router } = renderApp('/migrations/orgs/octo-org?page=2');
    const table = await screen.findByRole('table', { name: 'Migrations' }, { timeout: 10_000 });
    // Newest first, ten a page: the second page holds the two oldest.
    expect(
      within(table)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['#2', '#1']);
    const pages = screen.getByRole('navigation', { name: 'Migration pages' });
    expect(within(pages).getByRole('button', { name: 'page 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(pages).getByRole('button', { name: 'Go to page 1' }));
    expect(router.state.location.search).toBe('');
  }, 20_000);

  it('explains 401, 403 and an organization’s 404 as sign-in and permission problems', async () => {
    const answer = (status: number, message: string) => () => HttpResponse.json({ message }, { status });
    simServer.use(http.get(`${TEST_ORIGIN}/api/github/user/migrations`, answer(401, 'Bad credentials')));
    renderApp('/migrations/user');
    expect(await screen.findByText('Sign-in needed', {}, { timeout: 10_000 })).toBeInTheDocument();

    simServer.use(http.get(`${TEST_ORIGIN}/api/github/user/migrations`, answer(403, 'Forbidden')));
    renderApp('/migrations/user');
    expect(await screen.findByText('Permission needed')).toBeInTheDocument();

    simServer.use(http.get(`${TEST_ORIGIN}/api/github/orgs/octo-org/migrations`, answer(404, 'Not Found')));
    renderApp('/migrations/orgs/octo-org');
    expect(await screen.findByText('Not found, or not yours to see')).toBeInTheDocument();
  });
});

describe('finding a locked repository by name', () => {
  it('searches every migration of the organization and unlocks without knowing the id', async () => {
    await simulator().fetch(
      new Request('http://simulator.internal/api/v3/orgs/octo-org/migrations', {
        method: 'POST',
        headers: { authorization: `Bearer ${SIM_TOKENS.octocat}`, 'content-type': 'application/json' },
        body: JSON.stringify({ repositories: ['docs', 'cli-tools'], lock_repositories: true }),
      }),
    );
    const { user } = renderApp('/migrations/orgs/octo-org');
    const finder = await screen.findByRole(
      'region',
      { name: 'Find a locked repository' },
      { timeout: 10_000 },
    );
    await user.type(within(finder).getByRole('textbox', { name: 'Repository name' }), 'octo-org/docs');
    await user.click(within(finder).getByRole('button', { name: 'Find' }));
    const found = await within(finder).findByRole('list', { name: 'Migrations that locked docs' });
    expect(within(found).getByRole('link', { name: 'Migration #1' })).toHaveAttribute(
      'href',
      '/migrations/orgs/octo-org/1',
    );
    await user.click(within(found).getByRole('button', { name: 'Unlock docs from #1' }));
    expect(await within(finder).findByText('Unlocked docs.')).toBeInTheDocument();
    await user.click(within(finder).getByRole('button', { name: 'Find' }));
    expect(await within(finder).findByText('No migration here has docs locked.')).toBeInTheDocument();
  }, 20_000);
});

describe('finding a locked repository when the simulator runs ahead', () => {
  it('says when the export that locked it started, on this browser’s clock', async () => {
    simulator().advance(2 * 86_400);
    await simulator().fetch(
      new Request('http://simulator.internal/api/v3/orgs/octo-org/migrations', {
        method: 'POST',
        headers: { authorization: `Bearer ${SIM_TOKENS.octocat}`, 'content-type': 'application/json' },
        body: JSON.stringify({ repositories: ['docs'], lock_repositories: true }),
      }),
    );
    const { user } = renderApp('/migrations/orgs/octo-org');
    const finder = await screen.findByRole(
      'region',
      { name: 'Find a locked repository' },
      { timeout: 10_000 },
    );
    // The list first: its answers teach the app GitHub's clock (their Date headers).
    await screen.findByRole('table', { name: 'Migrations' }, { timeout: 10_000 });
    await user.type(within(finder).getByRole('textbox', { name: 'Repository name' }), 'octo-org/docs');
    await user.click(within(finder).getByRole('button', { name: 'Find' }));
    const found = await within(finder).findByRole('list', { name: 'Migrations that locked docs' });
    // Shown with the browser's toLocaleString: read back the same way, it is within a minute of now.
    const shown = /started (.+?)Unlock/.exec(found.textContent ?? '')?.[1] ?? '';
    expect(Math.abs(Date.parse(shown) - Date.now()), shown).toBeLessThan(60_000);
  }, 20_000);
});

describe('choosing an organization', () => {
  it('offers the user’s organizations, refuses a malformed name, and remembers the ones opened', async () => {
    const { user, router } = renderApp('/migrations');
    const mine = await screen.findByRole('list', { name: 'Your organizations' }, { timeout: 10_000 });
    expect(within(mine).getByRole('link', { name: 'octo-org' })).toHaveAttribute(
      'href',
      '/migrations/orgs/octo-org',
    );
    await user.type(screen.getByRole('textbox', { name: 'Organization' }), 'not an org');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByText(/Enter an organization login/)).toBeInTheDocument();

    await user.click(within(mine).getByRole('link', { name: 'octo-org' }));
    await screen.findByRole('heading', { level: 1, name: 'octo-org migrations' }, { timeout: 10_000 });
    await screen.findByText('No migrations yet. Start an export to create one.');
    await router.navigate('/migrations');
    const recent = await screen.findByRole('list', { name: 'Recently used organizations' });
    expect(within(recent).getByRole('link', { name: 'octo-org' })).toBeInTheDocument();
  }, 20_000);
});
