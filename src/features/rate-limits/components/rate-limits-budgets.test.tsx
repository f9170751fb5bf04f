import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CredentialBudget } from '@/contracts/budgets';
import { CREDENTIAL_HEADER } from '@/contracts/credentials';
import type { GatewayPublicConfig } from '@/contracts/gateway-config';
import { renderApp } from '@/testing/render-with-providers';
import { simServer, TEST_ORIGIN } from '@/testing/sim-server';

/**
 * Four credentials, three budgets: octocat's classic and fine-grained tokens spend octocat's one budget (as
 * GitHub counts), hubot's token and the App their own. The gateway's answers are the real ones except these.
 */
const BUDGETS: CredentialBudget[] = [
  { account: 'octocat', kind: 'user', credentials: ['default', 'fine-grained'] },
  { account: 'hubot', kind: 'user', credentials: ['hubot'] },
  { account: 'app', kind: 'installation', credentials: ['app'] },
];
const REMAINING: Record<string, number> = {
  default: 4_321,
  'fine-grained': 4_321,
  hubot: 4_999,
  app: 12_345,
};
let asked: string[];

beforeEach(() => {
  asked = [];
  simServer.use(
    http.get(`${TEST_ORIGIN}/api/config`, () => {
      const simulated = {
        mode: 'simulator' as const,
        baseUrl: 'embedded simulator',
        host: 'Simulator',
        credentialConfigured: true,
      };
      const config: GatewayPublicConfig = {
        github: {
          ...simulated,
          apiVersion: '2022-11-28',
          credentials: [
            { name: 'default', kind: 'classic' },
            { name: 'fine-grained', kind: 'fine-grained' },
            { name: 'hubot', kind: 'classic' },
            { name: 'app', kind: 'app' },
          ],
        },
        registrar: simulated,
        passwordProtected: false,
      };
      return HttpResponse.json(config);
    }),
    http.get(`${TEST_ORIGIN}/api/credentials/budgets`, () => HttpResponse.json({ budgets: BUDGETS })),
    http.get(`${TEST_ORIGIN}/api/github/rate_limit`, ({ request }) => {
      const credential = request.headers.get(CREDENTIAL_HEADER) ?? 'default';
      asked.push(credential);
      const remaining = REMAINING[credential] ?? 0;
      const limit = remaining > 5_000 ? 15_000 : 5_000;
      const core = { limit, remaining, used: limit - remaining, reset: 4102444800 };
      return HttpResponse.json({ resources: { core }, rate: core });
    }),
  );
});

describe('rate limits of several credentials', () => {
  it('shows one budget per account: a user’s tokens together, each App installation apart', async () => {
    renderApp('/rate-limits');
    const octocat = await screen.findByRole('region', { name: 'octocat: default, fine-grained' });
    expect(await within(octocat).findByText('4,321')).toBeInTheDocument();
    expect(within(octocat).getByText(/one budget/i)).toBeInTheDocument();
    expect(
      within(octocat).getByText(/Personal access token \(classic\).*Fine-grained personal access token/),
    ).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'hubot' })).findByText('4,999'),
    ).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'app' })).findByText('12,345'),
    ).toBeInTheDocument();
    // Not a column per token: the fine-grained token is not a budget of its own.
    expect(screen.queryByRole('region', { name: 'fine-grained' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'default' })).not.toBeInTheDocument();
    expect(asked).not.toContain('fine-grained');
    expect(
      screen.getByText(
        /3 budgets side by side: a user’s personal tokens share one, an App installation has its own/,
      ),
    ).toBeInTheDocument();
  });

  it('shows each credential alone until the gateway says whose budget it spends', async () => {
    simServer.use(
      http.get(`${TEST_ORIGIN}/api/credentials/budgets`, () =>
        HttpResponse.json({ message: 'no' }, { status: 500 }),
      ),
    );
    renderApp('/rate-limits');
    expect(await screen.findByRole('region', { name: 'default' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'fine-grained' })).toBeInTheDocument();
  });
});
