import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALERT_MAX_ATTEMPTS, ALERT_RETRY_WAITS_S, type AlertTarget } from '@/contracts/alerts';
import { inProcessGateway } from '@/testing/node-servers';
import { startWebhookReceiver } from '@/testing/webhook-receiver';
import type { FerryStore } from '../store/ferry-store';
import { openTestStore } from '../store/test-store';
import { DELIVERY_HEADER, SIGNATURE_HEADER, verifySignature } from './alert-payload';
import { deliverAlert } from './deliver-alert';

const SECRET = 'a shared secret of this test';
let store: FerryStore;
let resetStore: () => Promise<void>;
let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  ({ store, reset: resetStore } = await openTestStore());
  hook = await startWebhookReceiver();
}, 60_000);
afterAll(async () => {
  await hook.close();
  await store.close();
});
beforeEach(async () => {
  await resetStore();
  hook.received.length = 0;
  hook.statuses.length = 0;
});

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const gateway = () => inProcessGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }, { store });

async function addTarget(call: ReturnType<typeof gateway>['call'], events = ['export-finished']) {
  const response = await call(
    '/api/alerts',
    json({ name: 'ops', kind: 'webhook', url: hook.url, secret: SECRET, events }),
  );
  expect(response.status).toBe(201);
  return (await response.json()) as AlertTarget;
}

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const targets = async (call: ReturnType<typeof gateway>['call']) =>
  ((await (await call('/api/alerts')).json()) as { targets: AlertTarget[] }).targets;

describe('alerts', () => {
  it('sends a test signed with HMAC-SHA256, records the delivery, and never shows the secret', async () => {
    const g = gateway();
    const target = await addTarget(g.call);
    expect(target).toMatchObject({ hasSecret: true, paused: false, deliveries: [] });
    const listed = await (await g.call('/api/alerts')).text();
    expect(listed).not.toContain(SECRET);

    const sent = await g.call(`/api/alerts/${target.id}/test`, json({}));
    expect(sent.status).toBe(202);
    const { delivery } = (await sent.json()) as { delivery: string };
    await until(
      () => hook.received.length,
      (n) => n >= 1,
    );
    const [request] = hook.received;
    expect(request!.headers[DELIVERY_HEADER]).toBe(delivery);
    expect(verifySignature(SECRET, request!.body, request!.headers[SIGNATURE_HEADER] as string)).toBe(true);
    expect(
      verifySignature('another secret', request!.body, request!.headers[SIGNATURE_HEADER] as string),
    ).toBe(false);
    expect(JSON.parse(request!.body)).toMatchObject({ delivery, event: 'test' });

    const [shown] = await until(
      () => targets(g.call),
      (list) => list[0]?.deliveries[0]?.state === 'delivered',
    );
    expect(shown!.deliveries[0]).toMatchObject({
      id: delivery,
      state: 'delivered',
      attempts: [{ status: 200 }],
    });
    await g.runtime.stopJobs();
  }, 60_000);

  it('retries after 500s with back-off, each attempt kept; a restarted gateway sends nothing twice', async () => {
    const g = gateway();
    const target = await addTarget(g.call);
    hook.statuses.push(500, 503);
    await g.call(`/api/alerts/${target.id}/test`, json({}));
    const [shown] = await until(
      () => targets(g.call),
      (list) => list[0]?.deliveries[0]?.state === 'delivered',
    );
    expect(shown!.deliveries[0]!.attempts.map((attempt) => attempt.status)).toEqual([500, 503, 200]);
    expect(new Set(hook.received.map((r) => r.headers[DELIVERY_HEADER])).size).toBe(1);
    const metrics = await (await g.call('/metrics')).text();
    expect(metrics).toMatch(/^ferry_alert_deliveries_total\{result="retried"\} 2$/m);
    expect(metrics).toMatch(/^ferry_alert_deliveries_total\{result="delivered"\} 1$/m);
    await g.runtime.stopJobs();

    // Another gateway process on the same store (a restart): the delivered alert stays delivered, once.
    const again = gateway();
    await again.runtime.alerts!.start();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(hook.received).toHaveLength(3);
    await again.runtime.stopJobs();
  }, 60_000);

  it('tells when a watched export finishes, once, whichever way the state is seen again', async () => {
    const g = inProcessGateway(
      { SIM_SPEED: '0', SIM_SCENARIO: 'quiet', FERRY_PUBLIC_URL: 'https://ferry.example/tools' },
      { store },
    );
    await addTarget(g.call, ['export-finished', 'export-failed']);
    const started = await g.call(
      '/api/github/orgs/octo-org/migrations',
      json({ repositories: ['hello-world'] }),
    );
    const { id } = (await started.json()) as { id: number };
    await g.call(`/api/github/orgs/octo-org/migrations/${id}`);
    g.runtime.simulator!.advance(3_600);
    await g.runtime.memory.watcher!.nudge();
    await g.runtime.memory.watcher!.settle();
    await g.runtime.memory.watcher!.nudge();
    await g.runtime.memory.watcher!.settle();
    await until(
      () => hook.received.length,
      (n) => n >= 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(hook.received).toHaveLength(1);
    expect(JSON.parse(hook.received[0]!.body)).toMatchObject({
      event: 'export-finished',
      data: { subject: `org/octo-org/migration/${id}`, state: 'exported' },
      // The page that shows it, under the configured public address.
      link: `https://ferry.example/tools/migrations/orgs/octo-org/${id}`,
    });
    const { summary } = JSON.parse(hook.received[0]!.body) as { summary: string };
    expect(summary).toContain(`export ${id} of the organization octo-org`);
    await g.runtime.stopJobs();
  }, 60_000);

  it('retries on its documented schedule, says which attempt and when the next is, then fails for good', async () => {
    const g = gateway();
    const target = await addTarget(g.call);
    const waits: number[] = [];
    const context = {
      alerts: store.alerts,
      fetch: (r: Request) => fetch(r),
      now: () => new Date(),
      log: () => {},
      retry: (_id: string, afterMs: number) => {
        waits.push(afterMs / 1_000);
        return Promise.resolve();
      },
    };
    await store.alerts.addDelivery('d-schedule', target.id, {
      kind: 'test',
      key: 'd-schedule',
      summary: 't',
      at: '',
      data: {},
    });
    hook.statuses.push(500);
    await deliverAlert(context, 'd-schedule');
    const [first] = await targets(g.call);
    const shown = first!.deliveries[0]!;
    expect(shown).toMatchObject({ state: 'pending', attempts: [{ status: 500 }] });
    expect(Date.parse(shown.nextAttemptAt!) - Date.parse(shown.attempts[0]!.at)).toBe(
      ALERT_RETRY_WAITS_S[0] * 1_000,
    );
    for (let n = 1; n < ALERT_MAX_ATTEMPTS; n++) {
      hook.statuses.push(500);
      await deliverAlert(context, 'd-schedule');
    }
    // The waits are the schedule, whole: 8 retries, 8 minutes (docs/monitoring.md).
    expect(waits).toEqual([...ALERT_RETRY_WAITS_S]);
    expect(waits.reduce((sum, wait) => sum + wait, 0)).toBe(8 * 60);
    const [last] = await targets(g.call);
    expect(last!.deliveries[0]).toMatchObject({ state: 'failed' });
    expect(last!.deliveries[0]!.attempts).toHaveLength(ALERT_MAX_ATTEMPTS);
    expect(last!.deliveries[0]!.nextAttemptAt).toBeUndefined();
    // Run again (a job run twice after a crash): nothing more is sent.
    const sent = hook.received.length;
    await deliverAlert(context, 'd-schedule');
    expect(hook.received.length).toBe(sent);
  }, 60_000);

  it('pauses a target whose deliveries keep failing for good, holds what happens meanwhile, sends it on resume', async () => {
    const g = gateway();
    const target = await addTarget(g.call);
    const context = {
      alerts: store.alerts,
      fetch: (r: Request) => fetch(r),
      now: () => new Date(),
      log: () => {},
      retry: () => Promise.resolve(),
    };
    for (const n of [1, 2, 3]) {
      const id = `d-test-${n}`;
      await store.alerts.addDelivery(id, target.id, {
        kind: 'test',
        key: id,
        summary: 't',
        at: '',
        data: {},
      });
      for (let attempt = 0; attempt < ALERT_MAX_ATTEMPTS; attempt++) {
        hook.statuses.push(500);
        await deliverAlert(context, id);
      }
    }
    const [paused] = await targets(g.call);
    expect(paused).toMatchObject({ paused: true, held: 0 });
    expect(paused!.pausedReason).toContain('HTTP 500');
    expect(paused!.deliveries.every((d) => d.state === 'failed')).toBe(true);

    // An export finishes while the target is paused: kept, not dropped.
    const event = {
      kind: 'export-finished' as const,
      key: 'held-1',
      summary: 'An export finished.',
      at: '',
      data: {},
    };
    g.runtime.alerts!.targetsChanged();
    await g.runtime.alerts!.emit(event);
    const [holding] = await targets(g.call);
    expect(holding).toMatchObject({ paused: true, held: 1 });
    expect(holding!.deliveries[0]).toMatchObject({ state: 'held', summary: 'An export finished.' });

    const received = hook.received.length;
    const resumed = await g.call(`/api/alerts/${target.id}/resume`, json({}));
    expect(((await resumed.json()) as AlertTarget).paused).toBe(false);
    await until(
      () => hook.received.length,
      (n) => n > received,
    );
    expect(JSON.parse(hook.received.at(-1)!.body)).toMatchObject({ event: 'export-finished' });
    const [after] = await until(
      () => targets(g.call),
      (list) => list[0]?.deliveries[0]?.state === 'delivered',
    );
    expect(after).toMatchObject({ held: 0 });
    await g.runtime.stopJobs();
  }, 60_000);

  it('refuses bad targets with a clear 4xx and keeps nothing of them', async () => {
    const g = gateway();
    const url = hook.url;
    const base = { name: 'ops', kind: 'webhook', url, secret: SECRET, events: ['rate-low'] };
    const refusals = [
      { ...base, name: 'a\u0000b' },
      { ...base, url: 'ftp://example.test/' },
      { ...base, url: 'https://user:pass@example.test/' },
      { ...base, url: `https://example.test/${'a'.repeat(3_000)}` },
      { ...base, secret: undefined },
      { ...base, events: ['everything'] },
      { ...base, events: [] },
      { ...base, rateThresholdPercent: 1e308 },
      { ...base, rateThresholdPercent: -1 },
      { ...base, kind: 'email' },
      'not an object',
    ];
    for (const body of refusals) {
      const response = await g.call('/api/alerts', json(body));
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(((await response.json()) as { message: string }).message.length).toBeGreaterThan(10);
    }
    const broken = await g.call('/api/alerts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(broken.status).toBe(422);
    for (const id of ['t-0000000000000000', '..%2f..%2fetc', 'x'.repeat(500)]) {
      expect((await g.call(`/api/alerts/${id}/test`, json({}))).status).toBe(404);
      expect((await g.call(`/api/alerts/${id}`, { method: 'DELETE' })).status).toBe(404);
    }
    expect(await targets(g.call)).toEqual([]);
  }, 60_000);
});
