import { screen, waitFor, within } from '@testing-library/react';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-with-providers';
import type { AlertTarget } from '@/contracts/alerts';
import { simServer, testRuntime, TEST_ORIGIN, warmTestStore } from '@/testing/sim-server';
import { startWebhookReceiver } from '@/testing/webhook-receiver';

let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
// The in-process gateway's deliveries go through this environment's fetch (happy-dom's), which would apply the
// page's same-origin policy to them; a real gateway's fetch has none.
const fetchSettings = (
  window as unknown as { happyDOM: { settings: { fetch: { disableSameOriginPolicy: boolean } } } }
).happyDOM.settings.fetch;
beforeAll(async () => {
  fetchSettings.disableSameOriginPolicy = true;
  await warmTestStore();
  hook = await startWebhookReceiver();
}, 60_000);
beforeEach(() => {
  simServer.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\/hook$/, () => passthrough()));
});
afterAll(async () => {
  fetchSettings.disableSameOriginPolicy = false;
  await hook.close();
});

describe('alerts page', () => {
  it('adds a signed webhook, sends a test that arrives, shows it delivered, and removes the target after asking', async () => {
    const { user } = renderApp('/alerts');
    expect(await screen.findByText(/No alert target yet/, {}, { timeout: 10_000 })).toBeInTheDocument();

    // The targets come first; the add form is folded under its heading until asked for.
    const targets = screen.getByRole('region', { name: 'Targets' });
    const unfold = screen.getByRole('button', { name: 'Add an alert target' });
    expect(unfold).toHaveAttribute('aria-expanded', 'false');
    expect(targets.compareDocumentPosition(unfold) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add an alert target' })).not.toBeInTheDocument();
    await user.click(unfold);
    expect(unfold).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByRole('form', { name: 'Add an alert target' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'ops channel');
    await user.type(within(form).getByRole('textbox', { name: 'URL' }), hook.url);
    await user.type(within(form).getByLabelText(/Secret/), 'short');
    await user.click(within(form).getByRole('button', { name: 'Add target' }));
    // A bad field says so, and what was typed stays.
    expect(await within(form).findByText(/At least 8 characters/)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('ops channel');

    await user.type(within(form).getByLabelText(/Secret/), ' but longer now');
    await user.click(within(form).getByRole('checkbox', { name: /rate-limit category fell below/ }));
    expect(within(form).getByRole('textbox', { name: 'Rate-limit threshold (%)' })).toHaveValue('10');
    await user.click(within(form).getByRole('button', { name: 'Add target' }));

    const card = await screen.findByRole('region', { name: 'ops channel' }, { timeout: 10_000 });
    expect(card).toHaveTextContent('signed');
    expect(card).toHaveTextContent('A rate-limit category fell below the threshold (10 %)');
    expect(within(card).getByText(/Nothing sent yet/)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('');

    await user.click(within(card).getByRole('button', { name: 'Send a test' }));
    const deliveries = await within(card).findByRole(
      'table',
      { name: 'Deliveries to ops channel' },
      { timeout: 10_000 },
    );
    expect(await within(deliveries).findByText('delivered', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(deliveries).toHaveTextContent('200');
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0]!.headers['x-ferry-signature-256']).toMatch(/^sha256=[0-9a-f]{64}$/);

    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove “ops channel”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'ops channel' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove target' }),
    );
    expect(await screen.findByText(/No alert target yet/, {}, { timeout: 10_000 })).toBeInTheDocument();
  }, 60_000);

  it('names moves in its subtitle, and a new target subscribes to the move events that need someone', async () => {
    const { user } = renderApp('/alerts');
    expect(
      await screen.findByText(/when an export, an import, a wave or a move ends, a moved repository fails/),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add an alert target' }));
    const form = screen.getByRole('form', { name: 'Add an alert target' });
    for (const label of [
      /A move finished/,
      /A moved repository failed/,
      /A moved repository does not validate/,
    ])
      expect(within(form).getByRole('checkbox', { name: label })).toBeChecked();
    // One per repository: a 500-repository move would send 500; "A move finished" counts them.
    expect(within(form).getByRole('checkbox', { name: /imported and validated/ })).not.toBeChecked();
  }, 30_000);

  it('asks at Resume what becomes of the events that waited: discard them, or send them', async () => {
    // As a script would: the intent header is what a write without a browser's Origin must carry.
    const write = (path: string, method: string, body?: unknown) =>
      fetch(`${TEST_ORIGIN}/api/alerts${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-ferry-client': 'alerts-page-test' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const added = await write('', 'POST', {
      name: 'night shift',
      kind: 'webhook',
      url: hook.url,
      secret: 'a shared secret',
      events: ['export-finished'],
    });
    expect(added.status).toBe(201);
    const target = (await added.json()) as AlertTarget;
    const store = await testRuntime.services.storeAccess!();
    const pauseWith = async (keys: string[]) => {
      await store.alerts.failedFor(
        target.id,
        1,
        'Paused after 3 deliveries in a row failed (last: HTTP 500).',
      );
      for (const key of keys)
        await testRuntime.alerts!.emit({
          kind: 'export-finished',
          key,
          summary: `An export finished (${key}).`,
          at: new Date().toISOString(),
          data: {},
        });
    };
    await pauseWith(['night-1', 'night-2']);
    const received = hook.received.length;

    const { user, queryClient } = renderApp('/alerts');
    const card = await screen.findByRole('region', { name: 'night shift' }, { timeout: 10_000 });
    expect(
      await within(card).findByText(
        /2 events wait for it: sent when it is resumed, unless you discard them then/,
      ),
    ).toBeInTheDocument();

    // Escape changes nothing; the dialog opens on its harmless choice, and the keyboard reaches the others.
    await user.click(within(card).getByRole('button', { name: 'Resume' }));
    let dialog = await screen.findByRole('dialog', { name: 'Resume “night shift”?' });
    expect(dialog).toHaveTextContent('2 events came for it while it was paused');
    expect(within(dialog).getByRole('button', { name: 'Keep it paused' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Send the 2 waiting' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card).getByText(/2 events wait for it/)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Resume' }));
    dialog = await screen.findByRole('dialog', { name: 'Resume “night shift”?' });
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Discard them' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 10_000 });
    const deliveries = await within(card).findByRole('table', { name: 'Deliveries to night shift' });
    await waitFor(() => expect(within(deliveries).getAllByText('discarded')).toHaveLength(2), {
      timeout: 10_000,
    });
    expect(within(card).queryByText('Paused')).not.toBeInTheDocument();
    expect(hook.received).toHaveLength(received);

    // Paused again with one event waiting: this time it is sent.
    await pauseWith(['night-3']);
    // The page reads its targets every 30 s while nothing is on its way; another tab's change is read now.
    await queryClient.invalidateQueries({ queryKey: ['alerts'] });
    await user.click(await within(card).findByRole('button', { name: 'Resume' }, { timeout: 10_000 }));
    dialog = await screen.findByRole('dialog', { name: 'Resume “night shift”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send the 1 waiting' }));
    expect(await within(deliveries).findByText('delivered', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(hook.received).toHaveLength(received + 1);
    expect(JSON.parse(hook.received.at(-1)!.body)).toMatchObject({
      summary: 'An export finished (night-3).',
    });

    expect((await write(`/${target.id}`, 'DELETE')).status).toBe(204);
  }, 90_000);
});
