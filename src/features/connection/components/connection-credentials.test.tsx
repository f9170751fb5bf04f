import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { CREDENTIAL_HEADER, type CredentialDetails } from '@/contracts/credentials';
import type { GatewayPublicConfig, UpstreamFacts } from '@/contracts/gateway-config';
import { renderApp } from '@/testing/render-with-providers';
import { simServer, TEST_ORIGIN } from '@/testing/sim-server';

/**
 * The Connection page with several credentials, the gateway live on GitHub: `/api/config`,
 * `/api/credentials` and `/user` answer as a gateway with a token of octocat's, hubot's and a
 * fine-grained token that expires in three days would.
 */
const DAY = 86_400_000;
const LOGINS: Record<string, string> = { default: 'octocat', hubot: 'hubot', 'fine-grained': 'octocat' };

function gatewayConfig(registrar: UpstreamFacts['mode']): GatewayPublicConfig {
  const live = { mode: 'live' as const, baseUrl: 'https://api.github.com', host: 'api.github.com' };
  return {
    github: {
      ...live,
      credentialConfigured: true,
      apiVersion: '2022-11-28',
      credentials: [
        { name: 'default', kind: 'classic' },
        { name: 'hubot', kind: 'classic' },
        { name: 'fine-grained', kind: 'fine-grained' },
      ],
    },
    registrar:
      registrar === 'live'
        ? {
            ...live,
            baseUrl: 'https://api.porkbun.com/api/json/v3',
            host: 'api.porkbun.com',
            credentialConfigured: true,
          }
        : { mode: 'simulator', baseUrl: 'embedded simulator', host: 'Simulator', credentialConfigured: true },
    passwordProtected: false,
  };
}

function details(): CredentialDetails[] {
  return [
    { name: 'default', kind: 'classic', login: 'octocat', scopes: ['repo'] },
    {
      name: 'hubot',
      kind: 'classic',
      login: 'hubot',
      scopes: ['repo'],
      expiresAt: new Date(Date.now() + 30 * DAY).toISOString(),
    },
    {
      name: 'fine-grained',
      kind: 'fine-grained',
      login: 'octocat',
      expiresAt: new Date(Date.now() + 3 * DAY).toISOString(),
    },
  ];
}

function useGateway(registrar: UpstreamFacts['mode'] = 'live') {
  simServer.use(
    http.get(`${TEST_ORIGIN}/api/config`, () => HttpResponse.json(gatewayConfig(registrar))),
    http.get(`${TEST_ORIGIN}/api/credentials`, () => HttpResponse.json({ credentials: details() })),
    http.get(`${TEST_ORIGIN}/api/github/user`, ({ request }) => {
      const name = request.headers.get(CREDENTIAL_HEADER) ?? 'default';
      if (name === 'hubot') return HttpResponse.json({ message: 'Bad credentials' }, { status: 401 });
      return HttpResponse.json({ login: LOGINS[name] }, { headers: { 'x-oauth-scopes': 'repo' } });
    }),
  );
}

/** The credentials table's row for `name`, once GitHub's answers about each credential are in. */
const rowOf = (name: string) => screen.findByRole('row', { name: new RegExp(`^${name} `) });

describe('connection page with several credentials', () => {
  beforeEach(() => useGateway());

  it('tests each credential on its own, each answer in its own row', async () => {
    const { user } = renderApp('/connection');
    const fine = await rowOf('fine-grained');
    await user.click(within(fine).getByRole('button', { name: 'Test fine-grained' }));
    expect(await within(fine).findByText(/Connected as/)).toHaveTextContent('Connected as octocat');

    const hubot = await rowOf('hubot');
    await user.click(within(hubot).getByRole('button', { name: 'Test hubot' }));
    expect(await within(hubot).findByText(/Bad credentials/)).toBeInTheDocument();
    expect(within(fine).queryByText(/Bad credentials/)).not.toBeInTheDocument();
    expect(within(await rowOf('default')).queryByText(/Connected as/)).not.toBeInTheDocument();
  });

  it('warns about a token that expires within a week, not about one a month away', async () => {
    renderApp('/connection');
    const fine = await rowOf('fine-grained');
    expect(within(fine).getByText(/Expires in 3 days/)).toBeInTheDocument();
    const hubot = await rowOf('hubot');
    expect(within(hubot).queryByText(/Expires in/)).not.toBeInTheDocument();
  });

  it('says no "Simulated account" when Ferry runs live', async () => {
    useGateway('simulator');
    renderApp('/connection');
    await screen.findByRole('region', { name: 'Registrar' });
    expect(screen.queryByText(/Simulated account/)).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Registrar' })).getByText(
        /built-in simulator answers in place of the real service/,
      ),
    ).toBeInTheDocument();
  });
});
