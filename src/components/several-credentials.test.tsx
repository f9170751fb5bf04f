import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { CREDENTIAL_HEADER } from '@/contracts/credentials';
import type { GatewayPublicConfig } from '@/contracts/gateway-config';
import { renderApp } from '@/testing/render-with-providers';
import { simServer, TEST_ORIGIN } from '@/testing/sim-server';

/**
 * The browser's side of several credentials: the gateway's answers are the real ones except `/api/config`
 * (which lists a token and an App) and `/rate_limit` (a different budget per credential named).
 */
const REMAINING: Record<string, number> = { default: 4_321, app: 12_345 };

beforeEach(() => {
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
            { name: 'app', kind: 'app' },
          ],
        },
        registrar: simulated,
        passwordProtected: false,
      };
      return HttpResponse.json(config);
    }),
    http.get(`${TEST_ORIGIN}/api/github/rate_limit`, ({ request }) => {
      const remaining = REMAINING[request.headers.get(CREDENTIAL_HEADER) ?? 'default'] ?? 0;
      const core = {
        limit: remaining > 5_000 ? 15_000 : 5_000,
        remaining,
        used: 5_000 - remaining,
        reset: 4102444800,
      };
      return HttpResponse.json({ resources: { core }, rate: core });
    }),
  );
});

describe('several credentials in the browser', () => {
  it('shows each credential’s budget in a column of its own, with its kind', async () => {
    renderApp('/rate-limits');
    const app = await screen.findByRole('region', { name: 'app' });
    expect(within(app).getByText('GitHub App installation')).toBeInTheDocument();
    expect(await within(app).findByText('12,345')).toBeInTheDocument();
    const token = screen.getByRole('region', { name: 'default' });
    expect(await within(token).findByText('4,321')).toBeInTheDocument();
    expect(within(token).getByText('Personal access token (classic)')).toBeInTheDocument();
  });

  it('offers the credentials where an export starts, the App disabled with GitHub’s reason', async () => {
    const { user } = renderApp('/migrations/orgs/octo-org');
    // The page's first paint loads its route and reads GitHub: seconds on a machine running every suite at once.
    await user.click(await screen.findByRole('button', { name: 'Start export' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Start an export of octo-org' });
    const picker = within(dialog).getByRole('combobox', { name: 'Credential' });
    expect(picker).toHaveTextContent('default');
    // GitHub's limit is per user, not per token.
    expect(dialog).toHaveTextContent(
      /A user’s tokens share one rate-limit budget; an App installation has its own/,
    );
    await user.click(picker);
    const app = await screen.findByRole('option', { name: /app — GitHub App installation/ });
    expect(app).toHaveAttribute('aria-disabled', 'true');
    expect(app).toHaveTextContent(/enabledForGitHubApps: false/);
  });
});
