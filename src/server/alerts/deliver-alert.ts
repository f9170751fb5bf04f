import {
  ALERT_MAX_ATTEMPTS,
  ALERT_RETRY_WAITS_S,
  PAUSE_AFTER_FAILURES,
  type AlertAttempt,
  type AlertEvent,
} from '@/contracts/alerts';
import { fetchBounded, readBounded, type UpstreamFetch } from '../outbound/bounded-fetch';
import type { AlertStore, StoredTarget } from '../store/alerts';
import type { SecretRegistry } from '../secret-registry';
import { secretsOfTarget } from './receiver-secrets';
import { alertBody, DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signBody } from './alert-payload';

/** A receiver has this long to answer; its answer is read (and dropped) up to 64 KB. */
export const DELIVERY_BOUNDS = { headersMs: 5_000, idleMs: 5_000, totalMs: 10_000, maxBytes: 64 * 1024 };

export interface DeliverContext {
  alerts: AlertStore;
  fetch: UpstreamFetch;
  now: () => Date;
  log: (line: string) => void;
  /** Each attempt's outcome (metrics). */
  onAttempt?: (result: 'delivered' | 'retried' | 'failed') => void;
  secrets?: SecretRegistry;
  /** Send the delivery's next attempt this many milliseconds from now. */
  retry: (deliveryId: string, afterMs: number) => Promise<void>;
  /** The gateway's public address: each alert links the page that shows what happened. */
  publicUrl?: string;
}

/** One POST of an event to a target, signed when it has a secret: its status, or why there was none. */
export async function postAlert(
  fetch: UpstreamFetch,
  target: Pick<StoredTarget, 'kind' | 'url' | 'secret'>,
  deliveryId: string,
  event: AlertEvent,
  now: Date,
  publicUrl?: string,
): Promise<AlertAttempt> {
  const body = alertBody(target.kind === 'slack' ? 'slack' : 'webhook', deliveryId, event, publicUrl);
  const headers = new Headers({
    'content-type': 'application/json',
    'user-agent': 'Ferry-Alerts',
    [DELIVERY_HEADER]: deliveryId,
    [EVENT_HEADER]: event.kind,
  });
  if (target.kind === 'webhook' && target.secret)
    headers.set(SIGNATURE_HEADER, signBody(target.secret, body));
  const at = now.toISOString();
  try {
    const { response, body: answer } = await fetchBounded(
      fetch,
      target.url,
      { method: 'POST', headers, body, redirect: 'manual' },
      DELIVERY_BOUNDS,
    );
    await readBounded(answer).catch(() => undefined);
    return { at, status: response.status };
  } catch (error) {
    return { at, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * One attempt at one delivery (a job of `alert-deliver`): POST the event to its target and record the attempt.
 * A failed attempt schedules the next after its wait (`ALERT_RETRY_WAITS_S`, counted from the attempts kept, so
 * a restart neither repeats nor skips one); the last failure is final. A delivery already delivered or failed is
 * left alone, so a job run twice (at least once after a crash) sends nothing twice. A target whose deliveries
 * keep failing for good is paused with the reason, and what comes for it then is held for its Resume; a slow or dead receiver costs one bounded request per
 * attempt, off the request path.
 */
export async function deliverAlert(context: DeliverContext, deliveryId: string): Promise<void> {
  const delivery = await context.alerts.delivery(deliveryId);
  if (!delivery || delivery.state !== 'pending') return;
  const target = await context.alerts.target(delivery.targetId);
  if (!target) return;
  // Nothing but a test reaches a paused target: a delivery recorded before its pause, or retried across it,
  // waits with the target's held events for its Resume.
  if (
    target.paused &&
    delivery.event.kind !== 'test' &&
    (await context.alerts.holdIfPaused(delivery.id, target.id))
  )
    return;
  context.secrets?.add(...secretsOfTarget(target));
  const sent = await postAlert(
    context.fetch,
    target,
    delivery.id,
    delivery.event,
    context.now(),
    context.publicUrl,
  );
  // An error may quote the URL (Slack's is a credential) or what the receiver echoed: stored redacted.
  const outcome =
    sent.error === undefined ? sent : { ...sent, error: context.secrets?.redact(sent.error) ?? sent.error };
  const ok = outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300;
  const number = delivery.attempts.length + 1;
  const last = number >= ALERT_MAX_ATTEMPTS;
  await context.alerts.attempted(delivery.id, outcome, ok ? 'delivered' : last ? 'failed' : 'pending');
  context.onAttempt?.(ok ? 'delivered' : last ? 'failed' : 'retried');
  if (ok) return context.alerts.deliveredFor(target.id);
  const why = outcome.status === undefined ? outcome.error : `HTTP ${outcome.status}`;
  if (!last) return context.retry(delivery.id, (ALERT_RETRY_WAITS_S[number - 1] ?? 0) * 1_000);
  context.log(`[alerts] ${delivery.id} to ${target.name} failed for good: ${why}`);
  await context.alerts.failedFor(
    target.id,
    PAUSE_AFTER_FAILURES,
    `Paused after ${PAUSE_AFTER_FAILURES} deliveries in a row failed (last: ${why}).`,
  );
}
