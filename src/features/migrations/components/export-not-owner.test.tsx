import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-with-providers';
import { simServer, TEST_ORIGIN } from '@/testing/sim-server';

describe('an export refused with a 404', () => {
  it('says why: the credential’s user is not an owner of the organization (GitHub’s own word is only “Not Found”)', async () => {
    // What GitHub (and the simulator) answers hubot, a plain member of octo-org, when it starts an export.
    simServer.use(
      http.post(`${TEST_ORIGIN}/api/github/orgs/octo-org/migrations`, () =>
        HttpResponse.json(
          { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' },
          { status: 404 },
        ),
      ),
    );
    const { user } = renderApp('/migrations/orgs/octo-org');
    await user.click(await screen.findByRole('button', { name: 'Start export' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Start an export of octo-org' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Repositories' }), 'hello-world{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
    const refusal = await within(dialog).findByRole('alert', {}, { timeout: 10_000 });
    expect(refusal).toHaveTextContent('The export did not start');
    expect(refusal).toHaveTextContent(/is not an owner of octo-org/);
    expect(refusal).toHaveTextContent(/Only an organization’s owners can start its exports/);
    expect(refusal).not.toHaveTextContent(/Check the name/);
  });
});
