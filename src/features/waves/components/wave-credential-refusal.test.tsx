import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GatewayPublicConfig } from '@/contracts/gateway-config';
import type { WaveSummary } from '@/contracts/waves';
import { renderApp } from '@/testing/render-with-providers';
import { simServer, TEST_ORIGIN } from '@/testing/sim-server';

/**
 * Issue 33 item 14, the picker: a credential GitHub refused for this owner's exports (a wave stopped on it) is
 * not offered as usable; it is shown disabled with GitHub's reason.
 */
const STOPPED: WaveSummary = {
  id: '2026-01-01-abcdef12',
  createdAt: '2026-01-01T00:00:00.000Z',
  state: 'stopped',
  owner: { kind: 'org', login: 'octo-org' },
  repos: 14,
  batches: 14,
  verified: 0,
  isolated: 0,
  failedBatches: 0,
  exports: [],
  credential: 'fine-grained',
  stopReason:
    'Resource not accessible by personal access token (it needs organization_administration=write).',
};

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
            { name: 'fine-grained', kind: 'fine-grained' },
          ],
        },
        registrar: simulated,
        passwordProtected: false,
      };
      return HttpResponse.json(config);
    }),
    http.get(`${TEST_ORIGIN}/api/waves`, () => HttpResponse.json([STOPPED])),
  );
});

describe('the wave form’s credential picker', () => {
  it('shows a credential GitHub refused for this organization as not usable, with the reason', async () => {
    const { user } = renderApp('/waves');
    await user.type(
      await screen.findByRole('textbox', { name: 'Organization' }, { timeout: 10_000 }),
      'octo-org',
    );
    await user.click(await screen.findByRole('combobox', { name: 'Credential' }));
    const option = await screen.findByRole('option', { name: /fine-grained — Fine-grained/ });
    expect(option).toHaveAttribute('aria-disabled', 'true');
    expect(option).toHaveTextContent(/organization_administration=write/);
    expect(within(screen.getByRole('listbox')).getByRole('option', { name: /default/ })).not.toHaveAttribute(
      'aria-disabled',
    );
  }, 30_000);
});
