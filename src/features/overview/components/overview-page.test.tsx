import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RateHistoryPoint } from '@/contracts/ferry';
import type { Move } from '@/contracts/move-run';
import type { Wave } from '@/contracts/waves';
import { formatDateTime } from '@/lib/format';
import { renderApp } from '@/testing/render-with-providers';
import {
  simGithub,
  simServer,
  simulator,
  TEST_ORIGIN,
  testRuntime,
  warmTestStore,
} from '@/testing/sim-server';

// The moves (and recent items) are read from the store: open it before the first test rather than inside it.
beforeAll(() => warmTestStore(), 60_000);

/**
 * The simulator behind the real gateway and its store (src/testing). The rate history comes from msw: the
 * test runtime's recorder writes none (its answer is an empty list), and this history would take thousands
 * of requests to spend; tests/e2e/overview.spec.ts reads the real one.
 */
function rateHistory(samples: RateHistoryPoint[]) {
  simServer.use(
    http.get(`${TEST_ORIGIN}/api/ferry/rate-history`, () =>
      HttpResponse.json({ now: new Date(simulator().clock.now()).toISOString(), samples }),
    ),
  );
}

/** Act as another browser would, through the gateway. */
function gateway(path: string, init?: RequestInit) {
  return fetch(`${TEST_ORIGIN}/api/${path}`, init);
}

async function openedElsewhere(kind: 'import' | 'tld', key: string) {
  const response = await gateway('ferry/recent', {
    method: 'POST',
    // A browser adds Origin to a write by itself; this test environment does not, so the write states its
    // intent as the SPA's client does (the gateway refuses a write with neither).
    headers: { 'content-type': 'application/json', 'x-ferry-client': 'another-browser-0001' },
    body: JSON.stringify({ kind, key }),
  });
  expect(response.status).toBe(204);
}

/**
 * A wave starts its exports in the background (the gateway's job engine outlives a test): wait until each batch
 * has its export, so no start lands in the next test's fresh simulator (seen once: "Running (2)" below).
 */
async function waitForStarts(waveId: string) {
  await waitFor(
    async () => {
      const wave = (await (await gateway(`waves/${waveId}`)).json()) as Wave;
      const waiting = wave.batches.filter((batch) => batch.migrationId === undefined);
      expect(waiting.map((batch) => `${batch.id}: ${batch.state}`)).toEqual([]);
    },
    { timeout: 15_000 },
  );
}

async function startExport(path: string, repositories: string[]): Promise<number> {
  const response = await simGithub('POST', path, { repositories });
  return ((await response.json()) as { id: number }).id;
}

describe('overview page', () => {
  it('is the home page, first in the navigation, and says what to do first when there is nothing yet', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link')[0]).toHaveAccessibleName('Overview');
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');

    const exports = await screen.findByRole('region', { name: 'Exports' });
    expect(await within(exports).findByText(/No exports yet/)).toBeInTheDocument();
    expect(within(exports).getByRole('link', { name: 'Go to Migrations' })).toHaveAttribute(
      'href',
      '/migrations',
    );
    const imports = await screen.findByRole('region', { name: 'Imports followed' });
    expect(await within(imports).findByText(/No imports followed yet/)).toBeInTheDocument();
    const tlds = await screen.findByRole('region', { name: 'Recent TLD lookups' });
    expect(await within(tlds).findByText(/No TLD lookups yet/)).toBeInTheDocument();
    const moves = await screen.findByRole('region', { name: 'Moves' });
    expect(await within(moves).findByText(/No moves yet/)).toBeInTheDocument();
    expect(within(moves).getByRole('link', { name: 'Go to Moves' })).toHaveAttribute('href', '/moves');
    expect(document.title).toBe('Overview · Ferry');
  });

  it('lists moves like waves: source → target, done and failed of n, the state, each linking to its page', async () => {
    // A move started through the gateway (it runs: nothing done yet) and one that ended with a failure.
    const started = await fetch(`${TEST_ORIGIN}/api/moves`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ferry-client': 'another-browser-0001' },
      body: JSON.stringify({
        source: { kind: 'org', login: 'octo-org' },
        target: { login: 'octo-target' },
        filters: { namePattern: 'hello-world, docs' },
        caps: {},
      }),
    });
    expect(started.status, await started.clone().text()).toBe(201);
    const running = (await started.json()) as Move;
    const store = await testRuntime.services.storeAccess!();
    const repo = (name: string, step: Move['repositories'][number]['step']) => ({
      name,
      targetName: name,
      visibility: 'private' as const,
      step,
    });
    await store.moves.save({
      ...running,
      id: '2026-01-02-0a1b2c3d',
      createdAt: '2026-01-02T10:00:00.000Z',
      state: 'completed',
      repositories: [repo('a', 'done'), repo('b', 'done'), repo('c', 'failed')],
    });

    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Moves' });
    const list = await within(section).findByRole('list', { name: 'Moves' });
    const links = within(list).getAllByRole('link');
    // Newest first, as the gateway lists them.
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/moves/${running.id}`,
      '/moves/2026-01-02-0a1b2c3d',
    ]);
    expect(links[0]).toHaveTextContent(/octo-org → octo-target/);
    expect(links[0]).toHaveTextContent('0 of 2 repositories done');
    expect(links[0]).toHaveTextContent('Running');
    expect(links[1]).toHaveTextContent(
      `octo-org → octo-target, ${formatDateTime(Date.parse('2026-01-02T10:00:00.000Z'))}`,
    );
    expect(links[1]).toHaveTextContent('2 of 3 repositories done · 1 failed');
    expect(links[1]).toHaveTextContent('Completed, 1 repository failed');
    expect(within(section).queryByText(/No moves yet/)).not.toBeInTheDocument();
    await waitForStarts(running.waveId!);
  });

  it("lists a move's wave under its move only: the waves section keeps the other waves", async () => {
    const post = async (route: string, body: unknown) => {
      const response = await fetch(`${TEST_ORIGIN}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ferry-client': 'another-browser-0001' },
        body: JSON.stringify(body),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return (await response.json()) as { id: string; waveId?: string };
    };
    const move = await post('/api/moves', {
      source: { kind: 'org', login: 'octo-org' },
      target: { login: 'octo-target' },
      filters: { namePattern: 'hello-world' },
      caps: {},
    });
    expect(move.waveId).toEqual(expect.any(String));
    const wave = await post('/api/waves', {
      owner: { kind: 'org', login: 'octo-org' },
      filters: { namePattern: 'docs' },
      caps: {},
      options: { lockRepositories: false },
    });

    renderApp('/');
    const moves = await screen.findByRole('list', { name: 'Moves' });
    expect(within(moves).getByRole('link', { name: /octo-org → octo-target/ })).toHaveAttribute(
      'href',
      `/moves/${move.id}`,
    );
    const waves = await screen.findByRole('list', { name: 'Waves' });
    await waitFor(() =>
      expect(
        within(waves)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual([`/waves/${wave.id}`]),
    );
    await waitForStarts(move.waveId!);
    await waitForStarts(wave.id);
  });

  it('says when the moves cannot be read, and reads them again on Retry', async () => {
    let refuse = true;
    simServer.use(
      http.get(`${TEST_ORIGIN}/api/moves`, () =>
        refuse ? HttpResponse.json({ error: 'The store is not answering.' }, { status: 503 }) : undefined,
      ),
    );
    const { user } = renderApp('/');
    const section = await screen.findByRole('region', { name: 'Moves' });
    const retry = await within(section).findByRole('button', { name: /Retry/ }, { timeout: 15_000 });
    refuse = false;
    await user.click(retry);
    expect(await within(section).findByText(/No moves yet/)).toBeInTheDocument();
  }, 30_000);

  it('lists every export by state, archives about to be deleted first, each linking to its page', async () => {
    // The page reads the simulator's clock from its `Date` header: 5.5 days on, 36 h are left before
    // GitHub deletes the first two archives.
    const sim = simulator();
    const orgDone = await startExport('/orgs/octo-org/migrations', ['hello-world']);
    const userDone = await startExport('/user/migrations', ['Spoon-Knife']);
    sim.advance(300);
    sim.advance(5.5 * 86_400);
    const running = await startExport('/orgs/octo-org/migrations', ['octo-api', 'docs']);

    renderApp('/');
    const exports = await screen.findByRole('region', { name: 'Exports' });
    const expiring = await within(exports).findByRole('region', { name: 'Archives deleted within 48 hours' });
    const expiringLinks = within(expiring).getAllByRole('link');
    expect(expiringLinks.map((link) => link.getAttribute('href')).sort()).toEqual(
      [`/migrations/orgs/octo-org/${orgDone}`, `/migrations/user/${userDone}`].sort(),
    );
    expect(within(expiring).getAllByText(/Archive deleted in 3[56] h/)).toHaveLength(2);

    const runningGroup = within(exports).getByRole('region', { name: 'Running' });
    const link = within(runningGroup).getByRole('link', {
      name: new RegExp(`Export ${running} of octo-org`),
    });
    expect(link).toHaveAttribute('href', `/migrations/orgs/octo-org/${running}`);
    expect(link).toHaveTextContent('octo-api, docs');
    expect(link).toHaveTextContent('pending');

    // The groups come in this order: expiring archives before running exports.
    const groups = within(exports)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(groups).toEqual(['Archives deleted within 48 hours (2)', 'Running (1)']);
    expect(document.title).toBe('Overview — 1 export running · Ferry');
  });

  it('says when an export started on this browser’s clock when the simulator runs ahead of it', async () => {
    // Two days ahead: the simulator's own time for a start made now would read as two days on.
    simulator().advance(2 * 86_400);
    const running = await startExport('/orgs/octo-org/migrations', ['docs']);
    renderApp('/');
    const exports = await screen.findByRole('region', { name: 'Exports' });
    const link = await within(exports).findByRole('link', {
      name: new RegExp(`Export ${running} of octo-org`),
    });
    const now = Date.now();
    const near = [-1, 0, 1].map((minutes) => `Started ${formatDateTime(now + minutes * 60_000)}`);
    await waitFor(() => expect(near.some((text) => link.textContent?.includes(text))).toBe(true));
  }, 20_000);

  it('skips organizations whose exports the token may not list', async () => {
    simServer.use(
      http.get(`${TEST_ORIGIN}/api/github/orgs/octo-org/migrations`, () =>
        HttpResponse.json({ message: 'Must be an organization owner' }, { status: 403 }),
      ),
    );
    const mine = await startExport('/user/migrations', ['dotfiles']);
    renderApp('/');
    const exports = await screen.findByRole('region', { name: 'Exports' });
    expect(
      await within(exports).findByRole('link', { name: new RegExp(`Your export ${mine}`) }),
    ).toBeInTheDocument();
    expect(within(exports).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows imports followed with their status, recent TLD lookups, and the budget’s projection from history', async () => {
    const now = simulator().clock.now();
    const reset = new Date(now + 50 * 60_000).toISOString();
    // 200 requests a minute over the last ten minutes, 2,000 left: runs out in 10 minutes, 40 before the reset.
    const history = Array.from({ length: 11 }, (_, index) => ({
      at: new Date(now - (10 - index) * 60_000).toISOString(),
      credential: 'default',
      resource: 'core',
      limit: 5000,
      used: 1000 + index * 200,
      remaining: 4000 - index * 200,
      reset,
    }));
    rateHistory(history);
    // An import someone follows (the gateway's watcher saw it) and ones opened in some browser.
    await simGithub('PUT', '/repos/octo-org/hello-world/import', {
      vcs_url: 'https://git.example.com/app.git',
      vcs: 'git',
    });
    const seen = await gateway('github/repos/octo-org/hello-world/import');
    expect(seen.status, await seen.clone().text()).toBe(200);
    await openedElsewhere('import', 'octocat/Spoon-Knife');
    await openedElsewhere('tld', 'ca');
    renderApp('/');

    const imports = await screen.findByRole('region', { name: 'Imports followed' });
    const followed = await within(imports).findByRole('link', { name: /octo-org\/hello-world/ });
    expect(followed).toHaveAttribute('href', '/imports/octo-org/hello-world');
    await waitFor(() => expect(followed).toHaveTextContent(/detecting|importing/));
    // Opened but not watched: its status is asked of GitHub (the simulator has no import there).
    const opened = within(imports).getByRole('link', { name: /octocat\/Spoon-Knife/ });
    await waitFor(() => expect(opened).toHaveTextContent('no import'));

    const tlds = await screen.findByRole('region', { name: 'Recent TLD lookups' });
    expect(await within(tlds).findByRole('link', { name: '.ca' })).toHaveAttribute('href', '/domains?tld=ca');

    const budget = await screen.findByRole('region', { name: 'Core budget' });
    expect(
      await within(budget).findByText(
        /At this pace \(200\.0\/min\), runs out at .*, 40 min 00 s before the reset/,
      ),
    ).toBeInTheDocument();
    expect(within(budget).getByRole('img', { name: /from 4,000 to 2,000/ })).toBeInTheDocument();
    expect(within(budget).getByRole('link', { name: /Every category/ })).toHaveAttribute(
      'href',
      '/rate-limits',
    );
  });
});
