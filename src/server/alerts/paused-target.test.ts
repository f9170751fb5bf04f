import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALERT_HELD_MAX,
  type AlertEvent,
  type AlertResumeAnswer,
  type AlertTarget,
} from '@/contracts/alerts';
import { inProcessGateway } from '@/testing/node-servers';
import { startWebhookReceiver } from '@/testing/webhook-receiver';
import type { FerryStore } from '../store/ferry-store';
import { openTestStore } from '../store/test-store';
import { DELIVERY_HEADER } from './alert-payload';
import { deliverAlert } from './deliver-alert';
import { deliveryId } from './alerts';

/**
 * A paused target (issue 46 item 15): what happens while it is paused waits for its Resume — nothing is sent
 * meanwhile, whichever gateway paused it — and Resume sends it once, oldest first, or discards it, as the
 * person chooses. At most ALERT_HELD_MAX wait; past that the oldest are dropped and counted.
 */
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

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const event = (key: string): AlertEvent => ({
  kind: 'export-finished',
  key,
  summary: `An export finished (${key}).`,
  at: new Date().toISOString(),
  data: {},
});

async function pausedGateway() {
  const g = inProcessGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }, { store });
  const added = await g.call(
    '/api/alerts',
    json({
      name: 'ops',
      kind: 'webhook',
      url: hook.url,
      secret: 'a shared secret',
      events: ['export-finished'],
    }),
  );
  const target = (await added.json()) as AlertTarget;
  // The gateway reads its targets before the pause, then another gateway pauses it (its failures): this
  // gateway's list still says "not paused" for a while.
  await g.runtime.alerts!.emit(event('before'));
  await until(
    () => hook.received.length,
    (n) => n === 1,
  );
  await store.alerts.failedFor(target.id, 1, 'Paused for the test.');
  const shown = async () =>
    ((await (await g.call('/api/alerts')).json()) as { targets: AlertTarget[] }).targets[0]!;
  return { g, target, shown };
}

const receivedIds = () => hook.received.map((request) => request.headers[DELIVERY_HEADER] as string);

describe('a paused alert target', () => {
  it('sends nothing while paused; Resume sends what waited, once, oldest first', async () => {
    const { g, target, shown } = await pausedGateway();
    await g.runtime.alerts!.emit(event('while-1'));
    await g.runtime.alerts!.emit(event('while-2'));
    // A delivery recorded before the pause and sent after it waits too.
    const early = deliveryId(target.id, 'recorded-before');
    await store.alerts.addDelivery(early, target.id, event('recorded-before'));
    await deliverAlert(
      {
        alerts: store.alerts,
        fetch: (r) => fetch(r),
        now: () => new Date(),
        log: () => {},
        retry: async () => {},
      },
      early,
    );

    const paused = await shown();
    expect(paused).toMatchObject({ paused: true, held: 3, heldDropped: 0 });
    expect(paused.deliveries.filter((d) => d.state === 'held')).toHaveLength(3);
    expect(hook.received).toHaveLength(1);

    const resumed = await g.call(`/api/alerts/${target.id}/resume`, json({ held: 'send' }));
    expect(resumed.status).toBe(200);
    expect((await resumed.json()) as AlertResumeAnswer).toMatchObject({
      paused: false,
      sent: 3,
      discarded: 0,
    });
    const after = await until(shown, (t) => t.deliveries.filter((d) => d.state === 'delivered').length === 4);
    expect(after).toMatchObject({ paused: false, held: 0 });
    const waited = ['recorded-before', 'while-1', 'while-2'].map((key) => deliveryId(target.id, key));
    expect(receivedIds().slice(1).sort()).toEqual([...waited].sort());
    // Sent once each: a second Resume, or the same events emitted again, sends nothing more.
    await g.call(`/api/alerts/${target.id}/resume`, json({}));
    await g.runtime.alerts!.emit(event('while-1'));
    expect(receivedIds()).toHaveLength(4);
    await g.runtime.stopJobs();
  }, 60_000);

  it('Resume with discard sends none of what waited, and what comes after is sent', async () => {
    const { g, target, shown } = await pausedGateway();
    await g.runtime.alerts!.emit(event('while-1'));
    await g.runtime.alerts!.emit(event('while-2'));
    expect(await shown()).toMatchObject({ held: 2 });

    const resumed = await g.call(`/api/alerts/${target.id}/resume`, json({ held: 'discard' }));
    expect((await resumed.json()) as AlertResumeAnswer).toMatchObject({
      paused: false,
      sent: 0,
      discarded: 2,
    });
    const after = await shown();
    expect(after.held).toBe(0);
    expect(after.deliveries.filter((d) => d.state === 'discarded')).toHaveLength(2);

    await g.runtime.alerts!.emit(event('after'));
    await until(
      () => hook.received.length,
      (n) => n === 2,
    );
    expect(receivedIds()).toEqual([deliveryId(target.id, 'before'), deliveryId(target.id, 'after')]);
    await g.runtime.stopJobs();
  }, 60_000);

  it(`keeps the newest ${ALERT_HELD_MAX}, drops and counts the oldest, and Resume starts the count again`, async () => {
    const { g, target, shown } = await pausedGateway();
    for (let n = 0; n < ALERT_HELD_MAX + 2; n++) await g.runtime.alerts!.emit(event(`while-${n}`));
    expect(await shown()).toMatchObject({ held: ALERT_HELD_MAX, heldDropped: 2 });
    for (const [n, state] of [
      [0, 'dropped'],
      [1, 'dropped'],
      [2, 'held'],
      [ALERT_HELD_MAX + 1, 'held'],
    ] as const)
      expect((await store.alerts.delivery(deliveryId(target.id, `while-${n}`)))?.state).toBe(state);

    await g.call(`/api/alerts/${target.id}/resume`, json({ held: 'discard' }));
    expect(await shown()).toMatchObject({ paused: false, held: 0, heldDropped: 0 });
    expect(hook.received).toHaveLength(1);
    await g.runtime.stopJobs();
  }, 60_000);

  it('refuses a Resume it cannot read (422) and stays paused', async () => {
    const { g, target, shown } = await pausedGateway();
    await g.runtime.alerts!.emit(event('while-1'));
    for (const body of [
      JSON.stringify({ held: 'send', also: 1 }),
      JSON.stringify({ held: 'later' }),
      JSON.stringify({ hold: 'discard' }),
      JSON.stringify(['send']),
      '{',
    ]) {
      const response = await g.call(`/api/alerts/${target.id}/resume`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(response.status, body).toBe(422);
    }
    expect(await shown()).toMatchObject({ paused: true, held: 1 });
    expect((await g.call('/api/alerts/t-0000000000000000/resume', json({}))).status).toBe(404);
    await g.runtime.stopJobs();
  }, 60_000);
});
