import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatClockTime } from '@/lib/format';
import { rateLimitStore } from '@/lib/rate-limit-store';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { renderApp } from '@/testing/render-with-providers';
import { simulator } from '@/testing/sim-server';

/** Routes load lazily: the shell (and its app bar) appears once the first route has loaded. */
function appBar() {
  return screen.findByRole('banner');
}

/** The permanent drawer's navigation (the temporary one is closed and hidden from assistive technology). */
function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

/** happy-dom evaluates media queries: a narrow viewport shows the menu button instead of the permanent drawer. */
function setViewportWidth(width: number) {
  (
    window as unknown as { happyDOM: { setViewport(viewport: { width: number }): void } }
  ).happyDOM.setViewport({ width });
}

afterEach(() => {
  document.documentElement.className = '';
  setViewportWidth(1024);
});

describe('app shell', () => {
  it('shows the product name and which GitHub it talks to', async () => {
    renderApp('/rate-limits');
    const bar = await appBar();
    expect(within(bar).getByText('Ferry')).toBeInTheDocument();
    expect(await within(bar).findByText('GitHub: Simulator')).toBeInTheDocument();
  });

  it('opens on the overview; the rate limits have their own address', async () => {
    const { user, router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await user.click(within(mainNav()).getByRole('link', { name: 'Rate limits' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rate limits' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/rate-limits');
    expect(within(mainNav()).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
  });

  it('switches notifications on from the app bar, asking the browser first', async () => {
    const requestPermission = vi.fn(() => Promise.resolve('granted' as const));
    vi.stubGlobal(
      'Notification',
      Object.assign(function Notification() {}, { permission: 'default', requestPermission }),
    );
    try {
      const { user } = renderApp('/rate-limits');
      const toggle = within(await appBar()).getByRole('button', { name: 'Notifications' });
      expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await user.click(toggle);
      expect(requestPermission).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('navigates between pages with the main navigation', async () => {
    const { user, router } = renderApp('/rate-limits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rate limits' })).toBeInTheDocument();

    await user.click(within(mainNav()).getByRole('link', { name: 'Connection' }));
    // Routes load lazily: on a busy machine the chunk can take more than the default second.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connection' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Rate limits' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/connection');
    expect(within(mainNav()).getByRole('link', { name: 'Connection' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(mainNav()).getByRole('link', { name: 'Rate limits' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rate limits' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/rate-limits');
    expect(within(mainNav()).getByRole('link', { name: 'Rate limits' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('opens the navigation from the menu button on narrow screens', async () => {
    setViewportWidth(600);
    const { user } = renderApp('/rate-limits');
    const bar = await appBar();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Open navigation' }));
    await user.click(
      within(await screen.findByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Connection',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Connection' })).toBeInTheDocument();
    // Choosing a page closes the drawer again.
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument());
  });

  it('shows "Page not found" for an unknown address, with a way back', async () => {
    const { user } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found · Ferry');
    await user.click(screen.getByRole('link', { name: 'Go to the overview' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
  });

  it('switches to the dark theme from the theme menu and remembers it', async () => {
    const { user, unmount } = renderApp('/rate-limits');
    const button = within(await appBar()).getByRole('button', { name: /Theme/ });
    expect(button).toHaveAccessibleName('Theme: System');
    expect(document.documentElement).toHaveClass('light');

    await user.click(button);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'System' })).toHaveClass('Mui-selected');
    await user.click(within(menu).getByRole('menuitem', { name: 'Dark' }));

    expect(await screen.findByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).not.toHaveClass('light');
    expect(localStorage.getItem('mui-mode')).toBe('dark');

    unmount();
    document.documentElement.className = '';
    renderApp('/connection');
    expect(within(await appBar()).getByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
  });

  it('switches back to light', async () => {
    localStorage.setItem('mui-mode', 'dark');
    const { user } = renderApp('/rate-limits');
    await user.click(within(await appBar()).getByRole('button', { name: 'Theme: Dark' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Light' }));
    expect(await screen.findByRole('button', { name: 'Theme: Light' })).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('light');
    expect(localStorage.getItem('mui-mode')).toBe('light');
  });

  it('shows the rate-limit banner while a limit is in force, naming when it lifts', async () => {
    renderApp('/connection');
    await screen.findByRole('heading', { level: 1, name: 'Connection' });
    expect(screen.queryByText(/rate limit is exhausted/)).not.toBeInTheDocument();

    const until = Date.now() + 10 * 60_000;
    act(() => rateLimitStore.block(until));
    await screen.findByText(/rate limit is exhausted/);
    const banner = screen
      .getAllByRole('alert')
      .find((alert) => alert.textContent?.includes('rate limit is exhausted'));
    expect(banner).toBeDefined();
    expect(banner!).toHaveTextContent(`It lifts at ${formatClockTime(until)}`);
    // The countdown ticks once a second from when the banner mounted, so it may read a second or two long.
    expect(banner!).toHaveTextContent(/\(in 10 min 0[0-2] s\)/);
    expect(banner!).toHaveTextContent('Ferry waits until then before asking again.');

    act(() => rateLimitStore.unblock());
    expect(screen.queryByText(/rate limit is exhausted/)).not.toBeInTheDocument();
  });

  it('does not show the banner for a limit that has already lifted', async () => {
    rateLimitStore.block(Date.now() - 1_000);
    renderApp('/connection');
    await screen.findByRole('heading', { level: 1, name: 'Connection' });
    expect(screen.queryByText(/rate limit is exhausted/)).not.toBeInTheDocument();
  });

  it('shows the core budget from the latest GitHub response, on any page', async () => {
    renderApp('/connection');
    const bar = await appBar();
    // Fetched once on its own (free), so pages that never call GitHub still show it.
    expect(await within(bar).findByRole('status', { name: 'GitHub core rate limit' })).toHaveTextContent(
      /^Core [\d,]+ \/ 5,000/,
    );
    const reset = Math.floor(Date.now() / 1000) + 3_000;
    act(() => rateLimitStore.record({ resource: 'core', limit: 5000, remaining: 400, used: 4600, reset }));
    const budget = within(bar).getByRole('status', { name: 'GitHub core rate limit' });
    expect(budget).toHaveTextContent(/^Core 400 \/ 5,000 \(low\) · resets in (49|50) min \d\d s$/);
  });

  it('counts the reset down on GitHub’s clock (its Date header), not the browser’s', async () => {
    // GitHub's clock runs 50 minutes ahead of this browser's (a simulator after /__sim/advance; drift).
    const sim = simulator();
    sim.advance(3_000);
    const { reset } = sim.github().limiter.status(SIM_TOKENS.octocat, 'core', sim.clock.now());
    const minutesLeft = Math.floor((reset * 1000 - sim.clock.now()) / 60_000);
    renderApp('/connection');
    const bar = await appBar();
    const budget = await within(bar).findByRole('status', { name: 'GitHub core rate limit' });
    await waitFor(() => expect(budget).toHaveTextContent(/resets in/));
    const shown = /resets in (\d+) min/.exec(budget.textContent ?? '');
    expect(shown, budget.textContent ?? '').not.toBeNull();
    expect(Math.abs(Number(shown?.[1]) - minutesLeft)).toBeLessThanOrEqual(1);
  });
});
