import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-with-providers';
import { simulator } from '@/testing/sim-server';
import { importIntoTarget } from '@/testing/target-import';

describe('the identities page', () => {
  it('is linked from the moves page’s header', async () => {
    renderApp('/moves');
    expect(await screen.findByRole('link', { name: 'Identities' }, { timeout: 15_000 })).toHaveAttribute(
      'href',
      '/moves/identities',
    );
  }, 45_000);

  it('says there are no mannequins before an import, and no archive people before a move', async () => {
    renderApp('/moves/identities?target=octo-target');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Identities' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'No mannequins in octo-target yet: they appear after an import.',
        {},
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/^No move into octo-target has a verified archive yet/)).toHaveTextContent(
      'appear here once a move has exported a repository. Plan a move.',
    );
    expect(screen.getByRole('link', { name: 'Plan a move' })).toHaveAttribute('href', '/moves');
  }, 45_000);

  it('maps hubot to hubot-cloud by its suggestion, saves it and sends the invitation after a confirmation', async () => {
    await importIntoTarget(simulator(), 'people', ['hubot', 'ada']);
    const { user } = renderApp('/moves/identities?target=octo-target');
    const table = await screen.findByRole('table', { name: 'Identities' }, { timeout: 20_000 });
    const hubot = within(table).getByRole('row', { name: 'hubot' });
    expect(hubot).toHaveTextContent('hubot-cloud (same e-mail)');
    expect(hubot).toHaveTextContent('Not invited');
    expect(screen.getByRole('button', { name: 'Send invitations' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Accept suggestions' }));
    const field = within(hubot).getByRole('textbox', { name: 'Target user for hubot' });
    await expect.poll(() => (field as HTMLInputElement).value, { timeout: 20_000 }).toBe('hubot-cloud');
    expect(within(table).getByRole('textbox', { name: 'Target user for ada' })).toHaveValue('');

    // A login GitHub refuses is not saved.
    const ada = within(table).getByRole('textbox', { name: 'Target user for ada' });
    await user.type(ada, 'not a login');
    await user.tab();
    expect(within(table).getByRole('row', { name: 'ada' })).toHaveTextContent('Not a GitHub login');
    await user.clear(ada);
    await user.tab();

    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send attribution invitations?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send 1' }));
    expect(
      await screen.findByText(/^1 invitation sent, 0 refused/, {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    await expect
      .poll(
        () =>
          within(screen.getByRole('table', { name: 'Identities' })).getByRole('row', { name: 'hubot' })
            .textContent,
        {
          timeout: 20_000,
        },
      )
      .toContain('Invited: hubot-cloud');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/identities/reclaim.csv?target=octo-target',
    );
  }, 60_000);
});
