import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MoveSummary } from '@/contracts/move-run';
import { SIM_INTENT_HEADER } from '@/contracts/sim-control';
import { renderApp } from '@/testing/render-with-providers';
import { simServer, simulator, TEST_ORIGIN } from '@/testing/sim-server';
import { importIntoTarget } from '@/testing/target-import';

const MOVE: MoveSummary = {
  id: 'm',
  createdAt: '2026-11-01T09:00:00Z',
  state: 'completed',
  source: 'octo-org',
  target: 'octo-target',
  repositories: 1,
  done: 1,
  failed: 0,
};

/** The grid's row of the mannequin `login` (its Kind and Who cells). */
function mannequinRow(grid: HTMLElement, login: string): HTMLElement {
  const found = within(grid)
    .getAllByRole('row')
    .find((row) => {
      const cells = within(row).queryAllByRole('gridcell');
      return cells[0]?.textContent === 'Mannequin' && cells[1]?.textContent === login;
    });
  if (!found) throw new Error(`no mannequin ${login}`);
  return found;
}

/** The Target user cell (the fifth: Kind, Who, E-mail, Suggested, Target user, Invitation). */
const targetUserCell = (row: HTMLElement) => within(row).getAllByRole('gridcell')[4] as HTMLElement;

describe('the identities page', () => {
  it('opens on the newest move’s target when the address names none', async () => {
    simServer.use(
      http.get(`${TEST_ORIGIN}/api/moves`, () =>
        HttpResponse.json([
          { ...MOVE, id: 'older', createdAt: '2026-10-01T09:00:00Z', target: 'old-target' },
          { ...MOVE, id: 'newer', createdAt: '2026-11-01T09:00:00Z', target: 'octo-target' },
        ]),
      ),
    );
    const { router } = renderApp('/moves/identities');
    await expect.poll(() => router.state.location.search, { timeout: 10_000 }).toBe('?target=octo-target');
    expect(await screen.findByDisplayValue('octo-target')).toHaveAccessibleName('Target organization');
    expect(
      await screen.findByText(/^No mannequins in octo-target yet/, {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
  }, 45_000);

  it('answers a 503 of the gateway at once with what it means and a retry, not a spinner', async () => {
    simServer.use(
      http.get(
        `${TEST_ORIGIN}/api/identities`,
        () =>
          HttpResponse.json(
            {
              message: 'The target says: GitHub Enterprise Importer is currently unavailable.',
              code: 'TARGET_UNAVAILABLE',
              source: 'gateway',
            },
            { status: 503, headers: { 'retry-after': '60' } },
          ),
        { once: true },
      ),
    );
    // The app's own retry policy (a 503 is otherwise retried three times, 14 s of "Loading…").
    const { user } = renderApp('/moves/identities?target=octo-target', { retry: true });
    const alert = await screen.findByRole('alert', {}, { timeout: 3_000 });
    expect(alert).toHaveTextContent('Reading octo-target’s identities');
    expect(alert).toHaveTextContent('GitHub Enterprise Importer is currently unavailable.');
    expect(alert).toHaveTextContent('retry in a minute');
    expect(screen.queryByRole('status', { name: 'Loading the identity map' })).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText(/^No mannequins in octo-target yet/, {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
  }, 45_000);

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
      await screen.findByText(/^No mannequins in octo-target yet/, {}, { timeout: 20_000 }),
    ).toHaveTextContent(
      'they appear once a move’s import into octo-target has succeeded (GitHub makes one for each source user ' +
        'whose issues, pull requests or comments it imported). To map them, start a move into octo-target, ' +
        'wait until its repositories are imported, then come back here.',
    );
    expect(screen.getByRole('link', { name: 'start a move into octo-target' })).toHaveAttribute(
      'href',
      '/moves',
    );
    expect(screen.getByText(/^No move into octo-target has a verified archive yet/)).toHaveTextContent(
      'appear here once a move has exported a repository. Plan a move.',
    );
    expect(screen.getByRole('link', { name: 'Plan a move' })).toHaveAttribute('href', '/moves');
  }, 45_000);

  it('maps hubot to hubot-cloud by its suggestion, saves it and sends the invitation after a confirmation', async () => {
    await importIntoTarget(simulator(), 'people', ['hubot', 'ada']);
    const { user } = renderApp('/moves/identities?target=octo-target');
    const grid = await screen.findByRole('grid', { name: 'Identities' }, { timeout: 20_000 });
    const hubot = mannequinRow(grid, 'hubot');
    expect(hubot).toHaveTextContent('hubot-cloud (same e-mail)');
    expect(hubot).toHaveTextContent('Not invited');
    expect(screen.getByRole('button', { name: 'Send invitations' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Accept suggestions' }));
    await expect
      .poll(() => targetUserCell(mannequinRow(screen.getByRole('grid'), 'hubot')).textContent, {
        timeout: 20_000,
      })
      .toBe('hubot-cloud');
    expect(targetUserCell(mannequinRow(grid, 'ada'))).toBeEmptyDOMElement();

    // A login GitHub refuses is not saved: the cell's editor stays open and says why.
    await user.dblClick(targetUserCell(mannequinRow(grid, 'ada')));
    const ada = within(grid).getByRole('textbox', { name: 'Target user for ada' });
    await user.type(ada, 'not a login{Enter}');
    expect(ada).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Not a GitHub login')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send attribution invitations?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send 1' }));
    expect(
      await screen.findByText(/^1 invitation sent, 0 refused/, {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    await expect
      .poll(() => mannequinRow(screen.getByRole('grid', { name: 'Identities' }), 'hubot').textContent, {
        timeout: 20_000,
      })
      .toContain('Invited: hubot-cloud');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/identities/reclaim.csv?target=octo-target',
    );
  }, 60_000);

  it('reattributes without invitations in an EMU organization, after a confirmation that says so', async () => {
    await importIntoTarget(simulator(), 'people', ['hubot']);
    const emu = await fetch(`${TEST_ORIGIN}/__sim/faults/target/quirks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIM_INTENT_HEADER]: 'faults' },
      body: JSON.stringify({ emu: true }),
    });
    expect(emu.ok, await emu.clone().text()).toBe(true);
    const { user } = renderApp('/moves/identities?target=octo-target');
    const grid = await screen.findByRole('grid', { name: 'Identities' }, { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: 'Accept suggestions' }));
    await expect
      .poll(() => targetUserCell(mannequinRow(grid, 'hubot')).textContent, { timeout: 20_000 })
      .toBe('hubot-cloud');

    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send attribution invitations?' });
    await user.click(
      within(dialog).getByRole('checkbox', { name: /Reattribute at once, without invitations/ }),
    );
    const asked = await screen.findByRole('dialog', { name: 'Reattribute without invitations?' });
    expect(asked).toHaveTextContent(/without asking them/);
    await user.click(within(asked).getByRole('button', { name: 'Reattribute 1' }));
    expect(
      await screen.findByText(
        /^1 mannequin reattributed, 0 invitations sent, 0 refused/,
        {},
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
    // Claimed at once: the next read shows the member, no invitation waits (and none was accepted).
    await expect
      .poll(() => mannequinRow(screen.getByRole('grid', { name: 'Identities' }), 'hubot').textContent, {
        timeout: 20_000,
      })
      .toContain('Reattributed to hubot-cloud');
    expect(mannequinRow(screen.getByRole('grid', { name: 'Identities' }), 'hubot')).not.toHaveTextContent(
      'Accepted by',
    );
  }, 60_000);
});
