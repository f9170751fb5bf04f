import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetMemoryCache } from '@/features/migrations/utils/memory-store';
import { rateLimitStore } from '@/lib/rate-limit-store';
import type { FaultRuleInput } from '@/simulator/faults/fault-rules';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { clearFaults, counter, injectFault } from '@/testing/fault-helpers';
import { renderApp } from '@/testing/render-with-providers';
import { simulator } from '@/testing/sim-server';

/**
 * Migrations while GitHub misbehaves: the start-export dialog keeps what the user chose when the start
 * fails, the POST is sent once and never again by itself, and submitting again after the fault works.
 * A migration page already shown keeps its data while its refreshes fail, and recovers by polling.
 */
configure({ asyncUtilTimeout: 10_000 });
beforeEach(() => resetMemoryCache());

const START = 'orgs/*/migrations';

async function openDialog() {
  const view = renderApp('/migrations/orgs/octo-org');
  await view.user.click(await screen.findByRole('button', { name: 'Start export' }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Start an export of octo-org' });
  await view.user.type(within(dialog).getByRole('combobox', { name: 'Repositories' }), 'hello-world{Enter}');
  await view.user.click(
    within(dialog).getByRole('checkbox', { name: 'Lock repositories during the export' }),
  );
  await view.user.click(within(dialog).getByRole('checkbox', { name: 'Exclude attachments' }));
  return { ...view, dialog };
}

/** What the user chose is still there. */
function expectInputKept(dialog: HTMLElement) {
  expect(within(dialog).getByText('1 repository: hello-world.')).toBeInTheDocument();
  expect(within(dialog).getByText('Leaves out: attachments.')).toBeInTheDocument();
  expect(within(dialog).getByRole('checkbox', { name: 'Lock repositories during the export' })).toBeChecked();
  expect(within(dialog).getByRole('checkbox', { name: 'Exclude attachments' })).toBeChecked();
  expect(within(dialog).getByRole('button', { name: 'Start export' })).toBeEnabled();
}

describe('the start-export dialog under faults', { timeout: 30_000 }, () => {
  it.each<[string, FaultRuleInput]>([
    ['a 502', { kind: 'status', status: 502, method: 'POST', path: START }],
    ['a 503', { kind: 'status', status: 503, method: 'POST', path: START }],
    ['a dropped connection', { kind: 'drop', method: 'POST', path: START }],
  ])('%s: the input stays, one POST, the error shows, and a second submit works', async (_, rule) => {
    const { user, dialog, router } = await openDialog();
    const posts = counter(START, 'POST');
    injectFault(rule);
    await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
    expect(await within(dialog).findByText(/The export did not start/)).toBeInTheDocument();
    expectInputKept(dialog);
    expect(posts()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(posts()).toBe(1);
    expect(router.state.location.pathname).toBe('/migrations/orgs/octo-org');

    clearFaults();
    await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Migration #1' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/migrations/orgs/octo-org/1');
  });

  it('a secondary limit: the input stays, nothing is sent until retry-after, then the submit works', async () => {
    const { user, dialog, router } = await openDialog();
    const posts = counter(START, 'POST');
    injectFault({
      id: 'secondary',
      kind: 'secondary-rate-limit',
      retryAfterSeconds: 30,
      method: 'POST',
      path: START,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
    expect(await within(dialog).findByText(/The export did not start/)).toBeInTheDocument();
    expectInputKept(dialog);
    expect(posts()).toBe(1);
    simulator().faults.remove('secondary');

    // Submitting again before retry-after is refused locally: GitHub is not asked.
    await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
    await waitFor(() => expect(within(dialog).getByText(/The export did not start/)).toBeInTheDocument());
    expectInputKept(dialog);
    expect(posts()).toBe(1);

    const until = rateLimitStore.getSnapshot().blockedUntil;
    expect(until).toBeGreaterThan(Date.now());
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime((until ?? 0) + 1_000);
      await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/migrations/orgs/octo-org/1'));
    } finally {
      vi.useRealTimers();
    }
    expect(posts()).toBe(2);
  });
});

describe('a migration page under faults', { timeout: 30_000 }, () => {
  async function openRunningMigration() {
    const response = await simulator().fetch(
      new Request('http://simulator.internal/api/v3/orgs/octo-org/migrations', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${SIM_TOKENS.octocat}`,
          accept: 'application/vnd.github.wyandotte-preview+json',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ repositories: ['docs'] }),
      }),
    );
    expect(response.status).toBe(201);
    renderApp('/migrations/orgs/octo-org/1');
    expect(
      await screen.findByText('Waiting for GitHub to start the export.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  }

  it.each<[string, FaultRuleInput, RegExp]>([
    ['503s', { kind: 'status', status: 503, method: 'GET', path: 'orgs/*/migrations/*' }, /unavailable|503/i],
    [
      'a secondary limit',
      { kind: 'secondary-rate-limit', retryAfterSeconds: 2, method: 'GET', path: 'orgs/*/migrations/*' },
      /rate limit/i,
    ],
  ])(
    '%s on its refreshes: the data stays shown, the failure is said, it recovers by polling',
    async (_, rule, said) => {
      await openRunningMigration();
      injectFault(rule);
      // The page polls every 2 s while the export runs; the failing refresh is reported beside the data.
      const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
      expect(alert).toHaveTextContent(said);
      expect(alert).not.toHaveTextContent(/Permission needed/);
      expect(screen.getByText('Waiting for GitHub to start the export.')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Migration #1' })).toBeInTheDocument();

      clearFaults();
      simulator().advance(120);
      expect(
        await screen.findByRole(
          'link',
          { name: 'Download octo-org-migration-1.tar.gz' },
          { timeout: 15_000 },
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );
});
