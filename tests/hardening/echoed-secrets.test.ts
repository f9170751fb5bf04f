import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverAlert } from '@/server/alerts/deliver-alert';
import { createSecretRegistry } from '@/server/secret-registry';
import type { FerryStore } from '@/server/store/ferry-store';
import { openTestStore } from '@/server/store/test-store';
import { inProcessGateway, listen, type Listening } from '@/testing/node-servers';

/**
 * Issue 33, items 3 and 4: text from outside that Ferry shows or stores never carries a configured secret, and a
 * Slack URL (a credential) is never returned whole.
 */
const TOKEN = 'ghp_FAKE_echo_test_token_one';
const SECOND = 'ghp_FAKE_echo_test_token_two';
const SLACK = 'https://hooks.slack.com/services/T0ABCDEF1/B0ABCDEF2/FERRYslackSECRETpart0001';

let store: FerryStore;
let resetStore: () => Promise<void>;
let echo: Listening;
beforeAll(async () => {
  ({ store, reset: resetStore } = await openTestStore());
  // A GitHub (or a proxy before it) that quotes the Authorization it received, literally and JSON-escaped.
  echo = await listen((request) => {
    const authorization = request.headers.get('authorization') ?? '';
    const escaped = [...authorization].map((ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
    return new Response(
      `{"message":"Bad credentials: you sent ${authorization} (or ${escaped.join('')})","documentation_url":"https://docs.github.com/rest"}`,
      { status: 401, headers: { 'content-type': 'application/json' } },
    );
  });
}, 60_000);
afterAll(async () => {
  await echo.close();
  await store.close();
});
beforeEach(() => resetStore());

describe('a credential problem that quotes the token', () => {
  it('is shown redacted, for every credential', async () => {
    const { call } = inProcessGateway(
      { GITHUB_TOKEN: TOKEN, GITHUB_TOKEN_SECOND: SECOND, GITHUB_API_URL: `${echo.origin}/api/v3` },
      { watch: false },
    );
    const response = await call('/api/credentials');
    const text = await response.text();
    expect(text).toContain('GitHub answered 401');
    expect(text).toContain('[redacted]');
    for (const secret of [TOKEN, SECOND, 'FAKE_echo_test']) expect(text).not.toContain(secret);
  });
});

describe('a Slack target', () => {
  it('is listed recognisable but never whole, and its secret is never in the answer', async () => {
    const { call } = inProcessGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }, { store, watch: false });
    const added = await call('/api/alerts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ops', kind: 'slack', url: SLACK, events: ['export-finished'] }),
    });
    expect(added.status).toBe(201);
    const listed = await (await call('/api/alerts')).text();
    const addedText = JSON.stringify(await added.json());
    for (const text of [listed, addedText]) {
      expect(text).not.toContain('FERRYslackSECRETpart0001');
      expect(text).not.toContain('T0ABCDEF1');
      expect(text).toContain('https://hooks.slack.com/services/T…/B…/••••');
    }
  });
});

describe('a delivery whose failure quotes its URL', () => {
  it('stores the attempt redacted', async () => {
    const target = await store.alerts.addTarget({
      id: 't-00000000000000aa',
      name: 'ops',
      kind: 'slack',
      url: SLACK,
      secret: null,
      events: ['test'],
      rateThresholdPercent: 10,
    });
    await store.alerts.addDelivery('d-echo', target.id, {
      kind: 'test',
      key: 'k',
      summary: 's',
      at: '',
      data: {},
    });
    await deliverAlert(
      {
        alerts: store.alerts,
        fetch: (request) => Promise.reject(new Error(`connect ECONNREFUSED while posting to ${request.url}`)),
        now: () => new Date(),
        log: () => {},
        secrets: createSecretRegistry(),
        retry: () => Promise.resolve(),
      },
      'd-echo',
    );
    const [delivery] = await store.alerts.deliveries(target.id, 1);
    const stored = JSON.stringify(delivery?.attempts);
    expect(stored).toContain('ECONNREFUSED');
    expect(stored).not.toContain('FERRYslackSECRETpart0001');
  });
});
