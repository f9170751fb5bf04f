import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIM_INTENT_HEADER } from '@/contracts/sim-control';
import type { FerryStore } from '@/server/store/ferry-store';
import { openTestStore } from '@/server/store/test-store';
import { rawRequest, startGateway } from '@/testing/node-servers';

/**
 * Issue 33, item 1: a simulator control touches only simulated data, and nothing Ferry sends can reach its own
 * control routes or API. Over real HTTP on loopback, with a store.
 */
let store: FerryStore;
let resetStore: () => Promise<void>;
beforeAll(async () => {
  ({ store, reset: resetStore } = await openTestStore());
}, 60_000);
afterAll(() => store.close());
beforeEach(() => resetStore());

const T0 = new Date('2026-11-20T12:00:00Z');

async function remember(): Promise<void> {
  await store.timeline.record({
    at: T0,
    kind: 'migration',
    subject: 'org/octo-org/migration/7',
    state: 'exported',
    actor: 'watcher',
    detail: {},
  });
  await store.unlocks.record({ owner: 'org/octo-org', migrationId: 7, repoName: 'a', at: T0, actor: 'mona' });
  await store.recent.touch('org', 'octo-org', T0);
  await store.recent.touch('tld', 'dev', T0);
}

const remembered = async () => ({
  timeline: (await store.timeline.forSubject('org/octo-org/migration/7')).length,
  unlocks: (await store.unlocks.forMigration('org/octo-org', 7)).length,
  recent: (await store.recent.list()).map((item) => `${item.kind}:${item.key}`).sort(),
});

const resetBy = (port: number, headers: Record<string, string> = {}) =>
  rawRequest(port, '/__sim/reset', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ferry-client': 'ferry-tests', ...headers },
    body: '{}',
    intent: false,
  });

describe('POST /__sim/reset', () => {
  it('with GitHub live and the registrar simulated, forgets recent TLDs and nothing of the live GitHub', async () => {
    const gateway = await startGateway(
      { GITHUB_TOKEN: 'ghp_live_FAKE_0000000000', GITHUB_API_URL: 'https://ghe.example.test/api/v3' },
      { store, watch: false },
    );
    try {
      await remember();
      const reset = await resetBy(gateway.port, { [SIM_INTENT_HEADER]: 'reset' });
      expect(reset.status).toBe(200);
      expect(await remembered()).toEqual({ timeline: 1, unlocks: 1, recent: ['org:octo-org'] });
    } finally {
      await gateway.close();
    }
  });

  it('without its intent header (as an alert delivery would send it) answers 428 and forgets nothing', async () => {
    const gateway = await startGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }, { store, watch: false });
    try {
      await remember();
      const refused = await resetBy(gateway.port);
      expect(refused.status).toBe(428);
      expect(await remembered()).toEqual({ timeline: 1, unlocks: 1, recent: ['org:octo-org', 'tld:dev'] });
      // With the header, in simulator mode, the whole simulated world is forgotten.
      expect((await resetBy(gateway.port, { [SIM_INTENT_HEADER]: 'reset' })).status).toBe(200);
      expect(await remembered()).toEqual({ timeline: 0, unlocks: 0, recent: [] });
    } finally {
      await gateway.close();
    }
  });
});

describe('an alert target that is Ferry itself', () => {
  it.each(['localhost', '127.0.0.1', '[::1]', '0.0.0.0', '127.1'])(
    'http://%s:<its port>/__sim/reset and /api/… are refused when added',
    async (host) => {
      const gateway = await startGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }, { store, watch: false });
      try {
        for (const path of ['/__sim/reset', '/api/alerts']) {
          const added = await rawRequest(gateway.port, '/api/alerts', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              name: 'loop',
              kind: 'webhook',
              url: `http://${host}:${gateway.port}${path}`,
              secret: 'a secret of eight',
              events: ['export-finished'],
            }),
          });
          expect(added.status, added.body).toBe(422);
          expect(added.body).toMatch(/refused/);
        }
        expect(await store.alerts.targets()).toHaveLength(0);
      } finally {
        await gateway.close();
      }
    },
  );

  it('one already stored (added before this check) is never sent to: the delivery fails, the world stays', async () => {
    const gateway = await startGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }, { store, watch: false });
    try {
      await remember();
      await store.alerts.addTarget({
        id: 't-0123456789abcdef',
        name: 'loop',
        kind: 'webhook',
        url: `http://localhost:${gateway.port}/__sim/reset`,
        secret: null,
        events: ['export-finished'],
        rateThresholdPercent: 10,
      });
      const scenario = gateway.runtime.simulator!.scenario;
      const sent = await rawRequest(gateway.port, '/api/alerts/t-0123456789abcdef/test', { method: 'POST' });
      expect(sent.status).toBe(202);
      const deadline = Date.now() + 20_000;
      let attempts: { error?: string; status?: number }[] = [];
      while (Date.now() < deadline && attempts.length === 0) {
        const [delivery] = await store.alerts.deliveries('t-0123456789abcdef', 1);
        attempts = delivery?.attempts ?? [];
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(attempts[0]?.error).toMatch(/not sent: .*control route/);
      expect(attempts[0]?.status).toBeUndefined();
      expect(await remembered()).toEqual({ timeline: 1, unlocks: 1, recent: ['org:octo-org', 'tld:dev'] });
      expect(gateway.runtime.simulator!.scenario).toBe(scenario);
    } finally {
      await gateway.runtime.stopJobs();
      await gateway.close();
    }
  }, 60_000);
});
