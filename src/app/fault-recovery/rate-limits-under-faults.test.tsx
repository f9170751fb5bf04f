import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatClockTime } from '@/lib/format';
import { rateLimitStore } from '@/lib/rate-limit-store';
import { clearFaults, counter, injectFault } from '@/testing/fault-helpers';
import { renderApp } from '@/testing/render-with-providers';
import { simulator } from '@/testing/sim-server';

/**
 * What a user sees on the rate-limits page and in the app bar while the upstream misbehaves, and that
 * the page recovers by itself once the fault is removed. The page polls every 10 s; fake timers.
 */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

async function advance(ms: number) {
  const step = 1_000;
  for (let spent = 0; spent < ms; spent += step) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(step, ms - spent)));
  }
}

async function openRateLimits() {
  const view = renderApp('/rate-limits', { retry: true });
  // The route's code loads for real (I/O), so wait in real time while nudging the fake clock.
  await vi.waitFor(
    async () => {
      await act(() => vi.advanceTimersByTimeAsync(20));
      expect(screen.getByRole('region', { name: 'core' })).toBeInTheDocument();
    },
    { timeout: 10_000, interval: 20 },
  );
  return view;
}

const core = () => screen.getByRole('region', { name: 'core' });
const budget = () => screen.getByRole('status', { name: 'GitHub core rate limit' });

describe('the rate-limits page under faults', { timeout: 30_000 }, () => {
  it('keeps the data shown through 503s and retries, says so, and recovers by itself', async () => {
    await openRateLimits();
    injectFault({ kind: 'status', status: 503, path: 'rate_limit' });
    await advance(10_000 + 5_000); // the next poll and two of its retries
    expect(core()).toBeInTheDocument();
    expect(screen.queryByText(/Refresh failed/)).not.toBeInTheDocument();
    await advance(10_000); // retries spent
    expect(screen.getByText(/Refresh failed/)).toBeInTheDocument();
    expect(core()).toBeInTheDocument();
    clearFaults();
    await advance(10_000);
    expect(screen.queryByText(/Refresh failed/)).not.toBeInTheDocument();
    expect(within(core()).getByText(/\/ 5,000 left/)).toBeInTheDocument();
  });

  it('a dropped connection: data stays, then the page recovers by itself', async () => {
    await openRateLimits();
    injectFault({ kind: 'drop', path: 'rate_limit' });
    await advance(30_000);
    expect(screen.getByText(/Refresh failed/)).toBeInTheDocument();
    expect(core()).toBeInTheDocument();
    clearFaults();
    await advance(10_000);
    expect(screen.queryByText(/Refresh failed/)).not.toBeInTheDocument();
  });

  it('a primary limit: a banner says when it lifts, the app bar shows 0, polling pauses until then', async () => {
    await openRateLimits();
    const attempts = counter('rate_limit');
    injectFault({ id: 'primary', kind: 'primary-rate-limit', resetInSeconds: 120, path: 'rate_limit' });
    await advance(10_000);
    expect(attempts()).toBe(1);
    // The simulator's clock is frozen (its Date says so): the wait is the reset minus that Date, 120 s + 1 s
    // from the answer, placed on this clock, which has moved on by the 10 s of polling.
    const until = rateLimitStore.getSnapshot().blockedUntil ?? 0;
    expect(Math.abs(until - (Date.now() + 121_000))).toBeLessThanOrEqual(1_000);
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent(/GitHub’s rate limit is exhausted/);
    expect(banner).toHaveTextContent(`It lifts at ${formatClockTime(until)}`);
    expect(budget()).toHaveTextContent('Core 0 / 5,000');
    expect(core()).toBeInTheDocument();
    await advance(100_000); // ten poll intervals: nothing is sent while the limit holds
    expect(attempts()).toBe(1);
    simulator().faults.remove('primary');
    await advance(25_000); // past the reset
    expect(attempts()).toBe(2);
    expect(screen.queryByText(/rate limit is exhausted/)).not.toBeInTheDocument();
    expect(budget()).not.toHaveTextContent('Core 0 /');
  });

  it('a truncated answer is not kept: the next poll shows fresh data again', async () => {
    await openRateLimits();
    injectFault({ kind: 'truncated-json', path: 'rate_limit', count: 1 });
    await advance(10_000);
    expect(screen.getByText(/Refresh failed/)).toBeInTheDocument();
    expect(core()).toBeInTheDocument();
    await advance(10_000);
    expect(screen.queryByText(/Refresh failed/)).not.toBeInTheDocument();
  });

  it('a slow upstream shows the data it has while it waits', async () => {
    await openRateLimits();
    injectFault({ kind: 'latency', latencyMs: 8_000, path: 'rate_limit', count: 1 });
    await advance(12_000);
    expect(screen.getByText(/refreshing…/)).toBeInTheDocument();
    expect(core()).toBeInTheDocument();
    await advance(8_000);
    expect(screen.queryByText(/refreshing…/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Refresh failed/)).not.toBeInTheDocument();
  });
});
