import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectFault } from '@/testing/fault-helpers';
import { renderApp } from '@/testing/render-with-providers';

/**
 * Feedback that never lies: a first load that fails says it is retrying (when, which attempt) instead of a
 * bare spinner, and a rate-limit pause is named on the page, with its writes disabled and the reason given.
 */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

async function advance(ms: number) {
  for (let spent = 0; spent < ms; spent += 250) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(250, ms - spent)));
  }
}

/** Real I/O (the lazy route) while nudging the fake clock. */
async function until(check: () => void) {
  await vi.waitFor(
    async () => {
      await act(() => vi.advanceTimersByTimeAsync(20));
      check();
    },
    { timeout: 10_000, interval: 20 },
  );
}

const loading = () => screen.getByRole('status', { name: 'Loading migrations' });

describe('loading states under faults', { timeout: 30_000 }, () => {
  it('say which attempt comes next and when, instead of spinning silently', async () => {
    injectFault({ kind: 'status', status: 503, method: 'GET', path: 'orgs/*/migrations' });
    renderApp('/migrations/orgs/octo-org', { retry: true });
    await until(() => expect(loading()).toHaveTextContent(/Retrying in 1 s, attempt 2 of 4/));
    await advance(1_500);
    await until(() => expect(loading()).toHaveTextContent(/Retrying in [34] s, attempt 3 of 4/));
  });

  it('name a rate-limit pause and when it lifts; Start export is disabled with the reason', async () => {
    injectFault({
      kind: 'primary-rate-limit',
      resetInSeconds: 300,
      method: 'GET',
      path: 'orgs/*/migrations',
    });
    renderApp('/migrations/orgs/octo-org', { retry: true });
    await until(() =>
      expect(loading()).toHaveTextContent(/GitHub’s limit is reached; resuming at .+ \(in [45] min/),
    );
    const start = screen.getByRole('button', { name: 'Start export' });
    expect(start).toBeDisabled();
    expect(screen.getByRole('note')).toHaveTextContent(
      /Paused: GitHub’s rate limit is reached; writes resume at/,
    );
  });
});
