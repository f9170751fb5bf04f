import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RateHistoryPoint, RecentResponse, WatchedResponse } from '@/contracts/ferry';
import { renderApp } from '@/testing/render-with-providers';
import { simGithub, simServer, simulator, TEST_ORIGIN } from '@/testing/sim-server';

/**
 * GitHub is the simulator behind the real gateway. The test runtime opens no store (PGlite costs ~300 MB
 * per worker), so `/api/ferry/*` answers come from msw here, in the contract's shapes
 * (src/contracts/ferry.ts); the browser test (tests/e2e/overview.spec.ts) covers the real routes.
 */
function ferry({
  history = [],
  watched = [],
  recent = [],
}: {
  history?: RateHistoryPoint[];
  watched?: WatchedResponse['items'];
  recent?: RecentResponse['items'];
}) {
  simServer.use(
    http.get(`${TEST_ORIGIN}/api/ferry/rate-history`, () =>
      HttpResponse.json({ now: new Date(simulator().clock.now()).toISOString(), samples: history }),
    ),
    http.get(`${TEST_ORIGIN}/api/ferry/watched`, () => HttpResponse.json({ items: watched })),
    http.get(`${TEST_ORIGIN}/api/ferry/recent`, ({ request }) => {
      const kind = new URL(request.url).searchParams.get('kind');
      return HttpResponse.json({ items: recent.filter((item) => item.kind === kind) });
    }),
  );
}

async function startExport(path: string, repositories: string[]): Promise<number> {
  const response = await simGithub('POST', path, { repositories });
  return ((await response.json()) as { id: number }).id;
}

describe('overview page', () => {
  it('is the home page, first in the navigation, and says what to do first when there is nothing yet', async () => {
    ferry({});
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
    expect(document.title).toBe('Overview · Ferry');
  });

  it('lists every export by state, archives about to be deleted first, each linking to its page', async () => {
    // The simulator sends no `Date` header, so the page reads times on this machine's clock: the world
    // starts 5.5 days ago and the first two exports finish then, 36 h before GitHub deletes their archives.
    const sim = simulator();
    sim.reset({ scenario: 'quiet', startMs: Date.now() - 5.5 * 86_400_000 - 300_000 });
    const orgDone = await startExport('/orgs/octo-org/migrations', ['hello-world']);
    const userDone = await startExport('/user/migrations', ['Spoon-Knife']);
    sim.advance(5.5 * 86_400 + 300);
    const running = await startExport('/orgs/octo-org/migrations', ['octo-api', 'docs']);
    ferry({});

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

  it('skips organizations whose exports the token may not list', async () => {
    simServer.use(
      http.get(`${TEST_ORIGIN}/api/github/orgs/octo-org/migrations`, () =>
        HttpResponse.json({ message: 'Must be an organization owner' }, { status: 403 }),
      ),
    );
    const mine = await startExport('/user/migrations', ['dotfiles']);
    ferry({});
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
      resource: 'core',
      limit: 5000,
      used: 1000 + index * 200,
      remaining: 4000 - index * 200,
      reset,
    }));
    ferry({
      history,
      watched: [
        {
          path: 'repos/octocat/hello/import',
          kind: 'import',
          state: 'importing',
          seenAt: new Date(now).toISOString(),
          terminal: false,
          body: {},
        },
      ],
      recent: [
        { kind: 'tld', key: 'ca', openedAt: new Date(now).toISOString() },
        { kind: 'import', key: 'octocat/Spoon-Knife', openedAt: new Date(now - 60_000).toISOString() },
      ],
    });
    renderApp('/');

    const imports = await screen.findByRole('region', { name: 'Imports followed' });
    const followed = await within(imports).findByRole('link', { name: /octocat\/hello/ });
    expect(followed).toHaveAttribute('href', '/imports/octocat/hello');
    expect(followed).toHaveTextContent('importing');
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
