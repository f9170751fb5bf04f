import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { SIM_REGISTRAR_KEYS } from '@/simulator/registrar/keys';
import { renderApp } from '@/testing/render-with-providers';
import { simServer, TEST_ORIGIN } from '@/testing/sim-server';

const SECRETS = [
  SIM_TOKENS.octocat,
  SIM_TOKENS.hubot,
  SIM_REGISTRAR_KEYS.apiKey,
  SIM_REGISTRAR_KEYS.secretApiKey,
];

function expectNoSecretShown() {
  const text = document.body.textContent ?? '';
  const html = document.body.innerHTML;
  for (const secret of SECRETS) {
    expect(text).not.toContain(secret);
    expect(html).not.toContain(secret);
  }
}

async function cards() {
  const github = await screen.findByRole('region', { name: 'GitHub' });
  const registrar = screen.getByRole('region', { name: 'Registrar' });
  return { github, registrar };
}

describe('connection page', () => {
  it('shows that both upstreams are the simulator, and no credential', async () => {
    renderApp('/connection');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connection' })).toBeInTheDocument();
    const { github, registrar } = await cards();
    expect(within(github).getByText('Simulator')).toBeInTheDocument();
    expect(within(registrar).getByText('Simulator')).toBeInTheDocument();
    expect(within(github).getByText('embedded simulator')).toBeInTheDocument();
    expect(within(github).getByText('Simulated account (no real credential needed)')).toBeInTheDocument();
    expect(within(github).getByText('API version 2022-11-28')).toBeInTheDocument();
    expect(within(registrar).getByText('Simulated account (no real credential needed)')).toBeInTheDocument();
    expectNoSecretShown();
  });

  it('tests the GitHub connection: who is signed in and with which scopes', async () => {
    const { user } = renderApp('/connection');
    const { github } = await cards();
    await user.click(within(github).getByRole('button', { name: 'Test GitHub connection' }));
    const result = await within(github).findByText(/Connected as/);
    expect(result).toHaveTextContent('Connected as octocat. Token scopes: admin:org, repo, user.');
    expect(within(github).getByText('octocat').tagName).toBe('STRONG');
    expect(within(github).queryByText('Not signed in')).not.toBeInTheDocument();
    expectNoSecretShown();
  });

  it('tests the registrar connection: the keys are accepted', async () => {
    const { user } = renderApp('/connection');
    const { registrar } = await cards();
    await user.click(within(registrar).getByRole('button', { name: 'Test registrar connection' }));
    expect(await within(registrar).findByText(/The registrar accepted the API keys\./)).toHaveTextContent(
      'The registrar accepted the API keys. It sees requests from 127.0.0.1.',
    );
    expectNoSecretShown();
  });

  it('says so when the registrar answers without valid keys', async () => {
    simServer.use(
      http.post(`${TEST_ORIGIN}/api/registrar/ping`, () =>
        HttpResponse.json({ status: 'SUCCESS', yourIp: '203.0.113.7', requestId: 'r-1' }),
      ),
    );
    const { user } = renderApp('/connection');
    const { registrar } = await cards();
    await user.click(within(registrar).getByRole('button', { name: 'Test registrar connection' }));
    expect(await within(registrar).findByText(/no valid API keys were presented/)).toHaveTextContent(
      'The registrar answered, but no valid API keys were presented. It sees requests from 203.0.113.7.',
    );
  });

  it('shows a failed GitHub test as "Not signed in" with a retry that can succeed', async () => {
    simServer.use(
      http.get(
        `${TEST_ORIGIN}/api/github/user`,
        () =>
          HttpResponse.json(
            { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' },
            { status: 401, headers: { 'x-github-request-id': 'CAFE:0001' } },
          ),
        { once: true },
      ),
    );
    const { user } = renderApp('/connection');
    const { github } = await cards();
    await user.click(within(github).getByRole('button', { name: 'Test GitHub connection' }));

    const alert = await within(github).findByRole('alert');
    expect(within(alert).getByText('Not signed in')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Bad credentials');
    expect(alert).toHaveTextContent(/Set a valid GITHUB_TOKEN/);
    expect(alert).toHaveTextContent('Request id: CAFE:0001');
    expect(within(alert).getByRole('link', { name: 'Documentation' })).toHaveAttribute(
      'href',
      'https://docs.github.com/rest',
    );
    expect(within(github).queryByText(/Connected as/)).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(github).findByText(/Connected as/)).toHaveTextContent('Connected as octocat.');
    expect(within(github).queryByText('Not signed in')).not.toBeInTheDocument();
    expectNoSecretShown();
  });

  it('shows an error with a retry when the settings cannot be loaded', async () => {
    simServer.use(http.get(`${TEST_ORIGIN}/api/config`, () => HttpResponse.error(), { once: true }));
    const { user } = renderApp('/connection');
    const alerts = await screen.findAllByRole('alert');
    const alert = alerts.find((element) => element.textContent?.includes('Cannot reach the server'))!;
    expect(alert).toBeDefined();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'GitHub' })).toBeInTheDocument();
  });
});
