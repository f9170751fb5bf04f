import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-with-providers';
import { simGithub, simServer, simulator, TEST_ORIGIN } from '@/testing/sim-server';

describe('rate limits page', () => {
  it('shows one card per category the simulator returns, with remaining, limit, reset and a meter', async () => {
    renderApp('/rate-limits');
    const core = await screen.findByRole('region', { name: 'core' });
    expect(within(core).getByText(/\/ 5,000 left/)).toBeInTheDocument();
    expect(
      within(core).getByRole('progressbar', { name: /core: \d+% of the limit left/ }),
    ).toBeInTheDocument();
    expect(within(core).getByText(/Resets in/)).toBeInTheDocument();
    // Categories come from the API, not a fixed list: the current set has no code_scanning_upload.
    expect(screen.getByRole('region', { name: 'code_search' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'code_scanning_upload' })).not.toBeInTheDocument();
    expect(screen.getByText(/deprecated top-level/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'rate' })).not.toBeInTheDocument();
  });

  it('renders whatever categories arrive, including ones it has never heard of, most urgent first', async () => {
    simServer.use(
      http.get(`${TEST_ORIGIN}/api/github/rate_limit`, () =>
        HttpResponse.json({
          resources: {
            core: { limit: 5000, used: 10, remaining: 4990, reset: 4102444800 },
            search: { limit: 30, used: 28, remaining: 2, reset: 4102444800 },
            code_scanning_upload: { limit: 1000, used: 0, remaining: 1000, reset: 4102444800 },
            brand_new_bucket: { limit: 50, used: 50, remaining: 0, reset: 4102444800 },
          },
          rate: { limit: 5000, used: 10, remaining: 4990, reset: 4102444800 },
        }),
      ),
    );
    renderApp('/rate-limits');
    await screen.findByRole('region', { name: 'brand_new_bucket' });
    const names = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(names).toEqual(['brand_new_bucket', 'search', 'core', 'code_scanning_upload']);
    expect(
      within(screen.getByRole('region', { name: 'brand_new_bucket' })).getByText('Exhausted'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'search' })).getByText('Critical')).toBeInTheDocument();
  });

  it('explains a GitHub Enterprise Server without rate limiting instead of failing', async () => {
    simulator().reset({ scenario: 'rate-limit-disabled' });
    renderApp('/rate-limits');
    expect(await screen.findByText(/Rate limiting is not enabled on this server/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a person-readable error with a retry when the first load fails, and recovers', async () => {
    // Fails until the test says otherwise (the app bar's budget probe asks for the same resource).
    let failing = true;
    simServer.use(
      http.get(`${TEST_ORIGIN}/api/github/rate_limit`, () =>
        failing
          ? HttpResponse.json(
              { message: 'Server Error', documentation_url: 'https://docs.github.com/rest' },
              { status: 500 },
            )
          : undefined,
      ),
    );
    const { user } = renderApp('/rate-limits');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/having trouble \(HTTP 500\)/);
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'core' })).toBeInTheDocument();
  });

  it('keeps the shown data when a background refresh fails', async () => {
    const { user } = renderApp('/rate-limits');
    await screen.findByRole('region', { name: 'core' });
    simServer.use(http.get(`${TEST_ORIGIN}/api/github/rate_limit`, () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(/Refresh failed: Cannot reach the server/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'core' })).toBeInTheDocument();
  });

  it('feeds the app bar core budget from response headers', async () => {
    renderApp('/rate-limits');
    const budget = await screen.findByRole('status', { name: 'GitHub core rate limit' });
    await waitFor(() => expect(budget).toHaveTextContent(/Core 5,000 \/ 5,000/));
  });

  it('projects on first load from the gateway’s recorded history and charts the last hour or day', async () => {
    // 20 real requests, recorded as 2 a minute over the last ten minutes: the live reading continues the line.
    for (let index = 0; index < 20; index += 1) await simGithub('GET', '/user');
    const now = simulator().clock.now();
    const live = (await (await simGithub('GET', '/rate_limit')).json()) as {
      resources: { core: { reset: number; used: number } };
    };
    expect(live.resources.core.used).toBe(20);
    const reset = new Date(live.resources.core.reset * 1000).toISOString();
    const day = new Date(now - 23 * 3_600_000);
    const point = (at: number, used: number, resetAt: string) => ({
      at: new Date(at).toISOString(),
      resource: 'core',
      limit: 5000,
      used,
      remaining: 5000 - used,
      reset: resetAt,
    });
    const samples = [
      // An older window, 23 h ago: only the day view shows it.
      point(day.getTime(), 10, day.toISOString()),
      point(day.getTime() + 60_000, 20, day.toISOString()),
      ...Array.from({ length: 11 }, (_, index) => point(now - (10 - index) * 60_000, index * 2, reset)),
    ];
    simServer.use(
      http.get(`${TEST_ORIGIN}/api/ferry/rate-history`, () =>
        HttpResponse.json({ now: new Date(now).toISOString(), samples }),
      ),
    );
    const { user } = renderApp('/rate-limits');
    const core = await screen.findByRole('region', { name: 'core' }, { timeout: 5_000 });
    expect(
      await within(core).findByText('At this pace (2.0/min), will not run out before the reset.'),
    ).toBeInTheDocument();
    expect(within(core).queryByText(/Measuring the pace/)).not.toBeInTheDocument();

    const figure = within(core).getByRole('figure');
    expect(figure).toHaveAccessibleName(/core over the last hour: 1[12] readings/);
    expect(figure).toHaveAccessibleName(/resets marked at/);
    await user.click(screen.getByRole('button', { name: 'Last day' }));
    expect(within(core).getByRole('figure')).toHaveAccessibleName(/core over the last day: 1[34] readings/);
    // Categories without recorded use say so instead of drawing an empty chart.
    expect(within(screen.getByRole('region', { name: 'search' })).getByRole('figure')).toHaveAccessibleName(
      'No recorded use of search in the last day yet.',
    );
  }, 20_000);
});
