import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enableNotifications } from '@/hooks/use-state-notifications';
import { ARCHIVE_LIFETIME_MS } from '@/lib/archive-expiry';
import { EXPIRY_WARNING_MS } from '@/lib/state-notifications';
import { renderApp, renderWithProviders } from '@/testing/render-with-providers';
import { MigrationNotifications } from './follow-notifications';
import { simGithub, simServer, simulator, TEST_ORIGIN } from '@/testing/sim-server';

/** A stand-in for the browser's Notification: permission granted, records what was shown. */
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static shown: string[] = [];
  static requestPermission = () => Promise.resolve('granted' as const);
  constructor(title: string) {
    FakeNotification.shown.push(title);
  }
}

beforeEach(() => {
  FakeNotification.shown = [];
  globalThis.Notification = FakeNotification as unknown as typeof Notification;
});
afterEach(() => {
  delete (globalThis as { Notification?: unknown }).Notification;
});

describe('notifications for the page on screen', () => {
  it('tells when the export being looked at finishes', async () => {
    await enableNotifications();
    await simGithub('POST', '/orgs/octo-org/migrations', { repositories: ['docs'] });
    const { queryClient } = renderApp('/migrations/orgs/octo-org/1');
    expect(
      await screen.findByText('Waiting for GitHub to start the export.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Export 1 — pending · Ferry');
    simulator().advance(120);
    await queryClient.refetchQueries();
    await waitFor(() => expect(FakeNotification.shown).toEqual(['Export 1 of octo-org: exported']));
    expect(document.title).toBe('Export 1 — exported · Ferry');
  }, 20_000);

  it('warns that an archive is about to be deleted at that moment, not at the next minute’s tick', async () => {
    await enableNotifications();
    // An export whose archive enters its last hour 3 s from now (by this browser's clock).
    const finished = Date.now() - ARCHIVE_LIFETIME_MS + EXPIRY_WARNING_MS + 3_000;
    simServer.use(
      http.get(`${TEST_ORIGIN}/api/github/orgs/octo-org/migrations/7`, () =>
        HttpResponse.json({
          id: 7,
          guid: 'guid-7',
          state: 'exported',
          lock_repositories: false,
          repositories: [],
          created_at: new Date(finished - 60_000).toISOString(),
          updated_at: new Date(finished).toISOString(),
        }),
      ),
    );
    renderWithProviders(<MigrationNotifications scope={{ kind: 'org', org: 'octo-org' }} id={7} />);
    await waitFor(() => expect(FakeNotification.shown).toHaveLength(1), { timeout: 8_000 });
    expect(FakeNotification.shown[0]).toMatch(/Export 7 of octo-org/);
  }, 20_000);

  it('records an opened import on Ferry’s server, so every browser’s overview lists it', async () => {
    const recorded: unknown[] = [];
    simServer.use(
      http.post(`${TEST_ORIGIN}/api/ferry/recent`, async ({ request }) => {
        recorded.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/imports/octocat/hello-world');
    await waitFor(() => expect(recorded).toEqual([{ kind: 'import', key: 'octocat/hello-world' }]), {
      timeout: 8_000,
    });
  });

  it('records a TLD lookup, but not what is not a TLD', async () => {
    const recorded: unknown[] = [];
    simServer.use(
      http.post(`${TEST_ORIGIN}/api/ferry/recent`, async ({ request }) => {
        recorded.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    // Not a TLD first: had it been sent, it would be recorded before the valid one.
    const view = renderApp('/domains?tld=example.com/x');
    await screen.findByRole('heading', { level: 1, name: 'Domains' });
    view.unmount();
    renderApp('/domains?tld=.CA');
    await waitFor(() => expect(recorded.length).toBeGreaterThan(0));
    expect(recorded).toEqual([{ kind: 'tld', key: 'ca' }]);
  });
});
