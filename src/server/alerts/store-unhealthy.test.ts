import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessGateway } from '@/testing/node-servers';
import { startWebhookReceiver } from '@/testing/webhook-receiver';
import type { FerryStore } from '../store/ferry-store';
import { openTestStore } from '../store/test-store';
import { SIGNATURE_HEADER, verifySignature } from './alert-payload';
import { startAlertChecks } from './alert-checks';

const SECRET = 'store-unhealthy test secret';
let store: FerryStore;
let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  ({ store } = await openTestStore());
  hook = await startWebhookReceiver();
}, 60_000);
afterAll(async () => {
  await hook.close();
  await store.close();
});

describe('the store stops answering', () => {
  it('is told once per outage, straight to the targets last read, signed', async () => {
    const { runtime, call } = inProcessGateway(
      { SIM_SPEED: '0', SIM_SCENARIO: 'quiet' },
      { store, watch: false },
    );
    const added = await call('/api/alerts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'ops',
        kind: 'webhook',
        url: hook.url,
        secret: SECRET,
        events: ['store-unhealthy'],
      }),
    });
    expect(added.status).toBe(201);
    // The gateway reads its targets while the store answers (any event does).
    await runtime.alerts!.emit({
      kind: 'rate-low',
      key: 'warm-up',
      summary: '',
      at: new Date().toISOString(),
      data: {},
    });

    let up = false;
    const checks = startAlertChecks({
      alerts: runtime.alerts!,
      store,
      credentials: runtime.memory.credentials,
      jobs: runtime.jobs!,
      now: () => new Date(),
      storeUp: () => Promise.resolve(up),
      storeCheckMs: 25,
      log: () => undefined,
    });
    try {
      await expect.poll(() => hook.received.length, { timeout: 5_000 }).toBe(1);
      // Still down for many more checks: nothing more.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(hook.received).toHaveLength(1);
      const [told] = hook.received;
      expect(told!.headers['x-ferry-event']).toBe('store-unhealthy');
      expect(verifySignature(SECRET, told!.body, told!.headers[SIGNATURE_HEADER] as string)).toBe(true);
      // Back, then down again: a second outage is a second alert.
      up = true;
      await new Promise((resolve) => setTimeout(resolve, 100));
      up = false;
      await expect.poll(() => hook.received.length, { timeout: 5_000 }).toBe(2);
    } finally {
      checks.stop();
      await checks.scheduled;
      await runtime.stopJobs();
    }
  });
});
