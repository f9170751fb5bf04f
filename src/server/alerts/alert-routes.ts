import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import {
  ALERT_EVENTS,
  ALERT_RESUME_CHOICES,
  RATE_THRESHOLD_DEFAULT,
  RATE_THRESHOLD_MAX,
  nextAttemptAt,
  type AlertDelivery,
  type AlertEventKind,
  type AlertResumeAnswer,
  type AlertResumeChoice,
  type AlertTarget,
  type AlertTargetRequest,
} from '@/contracts/alerts';
import { isRecord } from '@/contracts/json';
import { gatewayError } from '../gateway-error';
import type { StoredDelivery, StoredTarget } from '../store/alerts';
import type { FerryStore } from '../store/ferry-store';
import type { Alerts } from './alerts';
import { shownReceiverUrl } from './receiver-secrets';

/**
 * `/api/alerts/*` (shapes in src/contracts/alerts.ts): targets and their recent deliveries. Mounted under /api,
 * so the gateway's Host, Origin, password and body-size checks apply. A target's secret is written, never read
 * back.
 */
const TARGET_ID = /^t-[0-9a-f]{16}$/;
const MAX_TARGETS = 50;
const SHOWN_DELIVERIES = 10;
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL = /[\x00-\x1f\x7f]/;

type Invalid = { error: string };

const text = (value: unknown, what: string, min: number, max: number): string | Invalid =>
  typeof value === 'string' && value.trim().length >= min && value.length <= max && !CONTROL.test(value)
    ? value.trim()
    : { error: `${what}: ${min}–${max} characters, no control characters.` };

function receiverUrl(value: unknown): string | Invalid {
  const given = text(value, 'The URL', 1, 2_048);
  if (typeof given !== 'string') return given;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return { error: 'The URL is not a URL (https://…).' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { error: 'The URL must be http or https.' };
  if (url.username || url.password)
    return { error: 'Put no credentials in the URL (a webhook signs with its secret instead).' };
  return url.toString();
}

/** Validate a new target; every refusal says what to change. */
export function parseTargetRequest(body: unknown): AlertTargetRequest | Invalid {
  if (!isRecord(body)) return { error: 'Send a JSON object.' };
  const name = text(body.name, 'The name', 1, 80);
  if (typeof name !== 'string') return name;
  if (body.kind !== 'webhook' && body.kind !== 'slack') return { error: 'The kind is webhook or slack.' };
  const url = receiverUrl(body.url);
  if (typeof url !== 'string') return url;
  let secret: string | undefined;
  if (body.kind === 'webhook') {
    const given = text(body.secret, 'The secret', 8, 256);
    if (typeof given !== 'string') return given;
    secret = given;
  }
  const events = body.events;
  if (
    !Array.isArray(events) ||
    events.length === 0 ||
    events.length > ALERT_EVENTS.length ||
    !events.every((event) => (ALERT_EVENTS as readonly unknown[]).includes(event))
  )
    return { error: `Choose one or more events of: ${ALERT_EVENTS.join(', ')}.` };
  const threshold = body.rateThresholdPercent ?? RATE_THRESHOLD_DEFAULT;
  if (!Number.isInteger(threshold) || (threshold as number) < 1 || (threshold as number) > RATE_THRESHOLD_MAX)
    return { error: `The rate threshold is a whole percentage from 1 to ${RATE_THRESHOLD_MAX}.` };
  return {
    name,
    kind: body.kind,
    url,
    ...(secret ? { secret } : {}),
    events: [...new Set(events as AlertEventKind[])],
    rateThresholdPercent: threshold as number,
  };
}

/**
 * What Resume does with the events held while paused: `{ "held": "send" | "discard" }`, or `{}` (send). Any
 * other field, or another value, is refused: a misspelt choice must not send what the person meant to discard.
 */
export function parseResumeRequest(body: unknown): AlertResumeChoice | Invalid {
  const refusal = { error: `Send {} or { "held": "send" | "discard" }.` };
  if (!isRecord(body) || Object.keys(body).some((key) => key !== 'held')) return refusal;
  if (body.held === undefined) return 'send';
  return ALERT_RESUME_CHOICES.find((choice) => choice === body.held) ?? refusal;
}

const deliveryView = (delivery: StoredDelivery): AlertDelivery => {
  const next = nextAttemptAt(delivery.state, delivery.attempts);
  return {
    id: delivery.id,
    event: delivery.event.kind,
    summary: delivery.event.summary,
    state: delivery.state,
    attempts: delivery.attempts,
    ...(next ? { nextAttemptAt: next } : {}),
    createdAt: delivery.createdAt.toISOString(),
  };
};

const targetView = (target: StoredTarget, deliveries: StoredDelivery[], held: number): AlertTarget => ({
  id: target.id,
  name: target.name,
  kind: target.kind === 'slack' ? 'slack' : 'webhook',
  // A Slack URL is a credential, a webhook's query may carry one: shown recognisable, never whole.
  url: shownReceiverUrl(target.kind, target.url),
  hasSecret: Boolean(target.secret),
  events: target.events as AlertEventKind[],
  rateThresholdPercent: target.rateThresholdPercent,
  paused: target.paused,
  ...(target.pausedReason ? { pausedReason: target.pausedReason } : {}),
  held,
  heldDropped: target.heldDropped,
  createdAt: target.createdAt.toISOString(),
  deliveries: deliveries.map(deliveryView),
});

export function createAlertRoutes(openStore: () => Promise<FerryStore>, alerts: Alerts) {
  const app = new Hono();
  const withTarget = async (id: string) => {
    if (!TARGET_ID.test(id)) return undefined;
    return (await openStore()).alerts.target(id);
  };
  const view = async (target: StoredTarget) => {
    const store = await openStore();
    const [deliveries, held] = await Promise.all([
      store.alerts.deliveries(target.id, SHOWN_DELIVERIES),
      store.alerts.heldCount(target.id),
    ]);
    return targetView(target, deliveries, held);
  };

  app.get('/', async (c) => {
    const targets = await (await openStore()).alerts.targets();
    return c.json({ targets: await Promise.all(targets.map(view)) });
  });

  app.post('/', async (c) => {
    const parsed = parseTargetRequest(await c.req.json().catch(() => undefined));
    if ('error' in parsed) return gatewayError(c, 422, parsed.error, 'INVALID_TARGET');
    const refusal = await alerts.receiverRefusal(parsed.url);
    if (refusal) return gatewayError(c, 422, `This URL is refused: ${refusal}.`, 'INVALID_TARGET');
    const store = await openStore();
    if ((await store.alerts.targets()).length >= MAX_TARGETS)
      return gatewayError(c, 409, `Ferry keeps at most ${MAX_TARGETS} alert targets.`, 'TOO_MANY_TARGETS');
    const target = await store.alerts.addTarget({
      id: `t-${randomBytes(8).toString('hex')}`,
      name: parsed.name,
      kind: parsed.kind,
      url: parsed.url,
      secret: parsed.secret ?? null,
      events: parsed.events,
      rateThresholdPercent: parsed.rateThresholdPercent,
    });
    alerts.targetsChanged();
    return c.json(await view(target), 201);
  });

  app.delete('/:id', async (c) => {
    const target = await withTarget(c.req.param('id'));
    if (!target) return gatewayError(c, 404, 'No such alert target.', 'NO_TARGET');
    await (await openStore()).alerts.removeTarget(target.id);
    alerts.targetsChanged();
    return c.body(null, 204);
  });

  app.post('/:id/test', async (c) => {
    const target = await withTarget(c.req.param('id'));
    if (!target) return gatewayError(c, 404, 'No such alert target.', 'NO_TARGET');
    const delivery = await alerts.sendTest(target);
    return c.json({ delivery }, 202);
  });

  app.post('/:id/resume', async (c) => {
    const text = await c.req.text();
    let body: unknown = {};
    try {
      if (text.trim() !== '') body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const choice = parseResumeRequest(body);
    if (typeof choice !== 'string') return gatewayError(c, 422, choice.error, 'INVALID_RESUME');
    const target = await withTarget(c.req.param('id'));
    const resumed = target && (await alerts.resume(target.id, choice));
    if (!resumed) return gatewayError(c, 404, 'No such alert target.', 'NO_TARGET');
    const answer: AlertResumeAnswer = { ...(await view((await withTarget(target.id))!)), ...resumed };
    return c.json(answer);
  });

  return app;
}
