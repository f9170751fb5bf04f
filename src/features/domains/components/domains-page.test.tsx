import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { SIM_REGISTRAR_KEYS } from '@/simulator/registrar/keys';
import { renderApp } from '@/testing/render-with-providers';
import { simServer, TEST_ORIGIN } from '@/testing/sim-server';

const SLOW = { timeout: 15000 };
const lookupUrl = (tld: string) => `${TEST_ORIGIN}/api/registrar/domain/getRegistrationRequirements/${tld}`;

describe('domains page: the TLD input', { timeout: 20_000 }, () => {
  it('refuses invalid input with a clear message and sends no request', async () => {
    let requests = 0;
    simServer.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/registrar/')) requests += 1;
    });
    const { user } = renderApp('/domains');
    const input = await screen.findByRole('textbox', { name: 'TLD' }, SLOW);
    await user.type(input, 'https://example.com/');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(input).toHaveAccessibleDescription(/not a web address/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(input).toHaveAccessibleDescription(/Type a TLD/);
    expect(requests).toBe(0);
    simServer.events.removeAllListeners();
  });

  it('normalises .CA to ca, shows the verdict first and remembers the lookup', async () => {
    const { user, router } = renderApp('/domains');
    const input = await screen.findByRole('textbox', { name: 'TLD' }, SLOW);
    await user.type(input, '.CA');
    expect(input).toHaveAccessibleDescription('Looks up “ca”.');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(router.state.location.search).toBe('?tld=ca');
    expect(await screen.findByRole('heading', { name: 'Website only' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/register it through the website/)).toBeInTheDocument();
    // No payload is offered as if it could be sent.
    expect(screen.getByRole('region', { name: 'Registration payload' })).toHaveTextContent(
      /No registration payload: \.ca cannot be registered through the registrar’s API/,
    );
    expect(screen.queryByText(/The body is valid/)).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Raw JSON' })).not.toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Recent lookups' })).toHaveTextContent('.ca');
    expect(localStorage.getItem('ferry.domains.recent')).toBe('["ca"]');
  });

  it('looks up an internationalised TLD typed in Unicode by its ASCII form', async () => {
    renderApp(`/domains?tld=${encodeURIComponent('みんな')}`);
    expect(
      await screen.findByRole('heading', { name: 'Can be registered through the API' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByText(/\.xn--q9jyb4c \(みんな\) can be registered/)).toBeInTheDocument();
  });

  it('.info (outside the curated catalogue, sold by the registrar) can be registered, not “not offered”', async () => {
    renderApp('/domains?tld=info');
    expect(
      await screen.findByRole('heading', { name: 'Can be registered through the API' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.queryByText(/does not offer/)).not.toBeInTheDocument();
  });
});

describe('domains page: registry requirements in every label encoding', { timeout: 20_000 }, () => {
  it('.us: nexus categories from oneOf titles, purposes from x-enumLabels, the conditional country, the policy note', async () => {
    renderApp('/domains?tld=us');
    const nexus = await screen.findByRole('list', { name: 'Allowed values for Nexus category' }, SLOW);
    expect(within(nexus).getAllByRole('listitem')).toHaveLength(5);
    expect(nexus).toHaveTextContent('C11 — A natural person who is a United States citizen');
    const purpose = screen.getByRole('list', { name: 'Allowed values for Application purpose' });
    expect(purpose).toHaveTextContent('P3 — Personal use');
    expect(screen.getByText('Required when nexusCategory is C31 or C32')).toBeInTheDocument();
    expect(screen.getByText(/Inaccurate nexus data/)).toBeInTheDocument();
    expect(screen.getByText('Registrant only')).toBeInTheDocument();
  });

  it('.au: labels from enumNames and a plain enum shown as values only', async () => {
    renderApp('/domains?tld=au');
    const ids = await screen.findByRole('list', { name: 'Allowed values for Eligibility ID type' }, SLOW);
    expect(ids).toHaveTextContent('ABN — Australian Business Number');
    const types = screen.getByRole('list', { name: 'Allowed values for Eligibility type' });
    expect(types).toHaveTextContent('Company');
    expect(screen.getAllByText('values only, no labels sent').length).toBeGreaterThan(0);
  });

  it('.eu: labels from anyOf; .com has none', async () => {
    renderApp('/domains?tld=eu');
    const entity = await screen.findByRole('list', { name: 'Allowed values for Registrant type' }, SLOW);
    expect(entity).toHaveTextContent('company — Undertaking established in the EU/EEA');
  });
});

describe('domains page: errors', { timeout: 20_000 }, () => {
  it('explains an unknown TLD', async () => {
    renderApp('/domains?tld=nosuchtld');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('The registrar does not offer .nosuchtld');
    expect(alert).toHaveTextContent('INVALID_TLD');
  });

  it('explains bad keys', async () => {
    simServer.use(
      http.get(lookupUrl('com'), () =>
        HttpResponse.json(
          {
            status: 'ERROR',
            message: 'Invalid API key. (002)',
            code: 'INVALID_API_KEYS_002',
            requestId: 'r-1',
          },
          { status: 400 },
        ),
      ),
    );
    renderApp('/domains?tld=com');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('The registrar refused Ferry’s API keys');
    expect(alert).toHaveTextContent('PORKBUN_API_KEY');
    expect(alert).toHaveTextContent('Request id: r-1');
  });

  it('explains throttling', async () => {
    simServer.use(
      http.get(lookupUrl('net'), () =>
        HttpResponse.json(
          { status: 'ERROR', message: 'Too many requests.', code: 'RATE_LIMIT_EXCEEDED', ttlRemaining: 2 },
          { status: 503 },
        ),
      ),
    );
    renderApp('/domains?tld=net');
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent(
      'The registrar is throttling requests',
    );
  });

  it('explains a network failure', async () => {
    simServer.use(http.get(lookupUrl('org'), () => HttpResponse.error()));
    renderApp('/domains?tld=org');
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('Cannot reach Ferry’s server');
  });
});

describe('domains page: the registration payload', { timeout: 20_000 }, () => {
  // The first test here loads the form generator (a lazy chunk), which takes a few seconds in happy-dom.
  it(
    'validates as the person types, with errors on the right fields, then gives a body and a curl without keys',
    { timeout: 30_000 },
    async () => {
      const { user } = renderApp('/domains?tld=com');
      const cost = await screen.findByRole('spinbutton', { name: /Cost \(US cents\)/ }, SLOW);
      expect(screen.getByText(/Not valid yet/)).toBeInTheDocument();
      await user.type(cost, '0');
      await waitFor(() => expect(cost).toHaveAttribute('aria-invalid', 'true'));
      // The error lands on the cost field (its error list), not in a list at the top of the form. The form
      // library ties each field's error list to it by id (`<field id>__error`), which no role query reaches.
      /* eslint-disable testing-library/no-node-access */
      expect(document.getElementById(`${cost.id}__error`)).toHaveTextContent('must be >= 1');
      expect(cost).toHaveAccessibleDescription(/must be >= 1/);
      const agreeId = cost.id.replace(/cost$/, 'agreeToTerms');
      expect(document.getElementById(`${agreeId}__error`)).toHaveTextContent(/required/);
      expect(document.getElementById(`${agreeId}__error`)).not.toHaveTextContent('must be >= 1');
      /* eslint-enable testing-library/no-node-access */
      await user.clear(cost);
      await user.type(cost, '1108');
      const agree = screen.getByRole('combobox', { name: /agreeToTerms/ });
      await user.click(agree);
      await user.click(await screen.findByRole('option', { name: 'yes' }));
      const body = await screen.findByLabelText('Validated JSON body', {}, SLOW);
      expect(body).toHaveTextContent('"cost": 1108');
      const curl = screen.getByLabelText('curl command for a dry-run create');
      expect(curl).toHaveTextContent('domain/create/example.com');
      expect(curl).toHaveTextContent('"dryRun":true');
      expect(curl).toHaveTextContent('$PORKBUN_API_KEY');
      expect(curl).not.toHaveTextContent(SIM_REGISTRAR_KEYS.apiKey);
      expect(curl).not.toHaveTextContent(SIM_REGISTRAR_KEYS.secretApiKey);
      expect(document.body).not.toHaveTextContent(SIM_REGISTRAR_KEYS.secretApiKey);
    },
  );

  it('keeps the tree and raw views when the form cannot render a schema', async () => {
    simServer.use(
      http.get(lookupUrl('com'), () =>
        HttpResponse.json({
          status: 'SUCCESS',
          tld: 'com',
          apiRegisterable: true,
          registrationDurationYears: 1,
          whoisPrivacySupported: true,
          requiresValidatedAddress: false,
          registrantOnly: false,
          requestSchema: {
            $schema: 'https://json-schema.org/draft/2020-12/schema',
            type: 'object',
            required: ['contact'],
            properties: { contact: { $ref: '#/$defs/registrantContact' } },
            $defs: { contact: { type: 'object', properties: { name: { type: 'string' } } } },
          },
        }),
      ),
    );
    // React reports the error its boundary caught on console.error: expected here, so checked and kept out of
    // the test output (a passing run prints no stack trace).
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp('/domains?tld=com');
    expect(
      await screen.findByText('The form cannot render part of this schema', {}, SLOW),
    ).toBeInTheDocument();
    expect(reported.mock.calls.flat().map(String).join('\n')).toContain(
      'Could not find a definition for #/$defs/registrantContact.',
    );
    reported.mockRestore();
    const tree = screen.getByRole('list', { name: 'Schema tree' });
    expect(tree).toHaveTextContent('contact');
    expect(tree).toHaveTextContent('(required)');
    await user.click(screen.getByRole('tab', { name: 'Raw JSON' }));
    expect(screen.getByLabelText('requestSchema as JSON')).toHaveTextContent('#/$defs/registrantContact');
  });
});
