import { createHmac, timingSafeEqual } from 'node:crypto';
import { ALERT_EVENT_LABELS, type AlertEvent, type AlertTargetKind } from '@/contracts/alerts';

/** The header a webhook's signature travels in (GitHub's name for the same scheme is X-Hub-Signature-256). */
export const SIGNATURE_HEADER = 'x-ferry-signature-256';
/** The delivery's id: a receiver that sees it twice (a retry after a lost answer) keeps one. */
export const DELIVERY_HEADER = 'x-ferry-delivery';
export const EVENT_HEADER = 'x-ferry-event';

/** The body a target receives: generic JSON, or Slack's `text` with a block. */
export function alertBody(kind: AlertTargetKind, deliveryId: string, event: AlertEvent): string {
  if (kind === 'slack') {
    const text = `Ferry: ${event.summary}`;
    return JSON.stringify({
      text,
      blocks: [
        { type: 'section', text: { type: 'plain_text', text } },
        {
          type: 'context',
          elements: [{ type: 'plain_text', text: `${ALERT_EVENT_LABELS[event.kind]} · ${event.at}` }],
        },
      ],
    });
  }
  return JSON.stringify({
    delivery: deliveryId,
    event: event.kind,
    summary: event.summary,
    at: event.at,
    data: event.data,
  });
}

/** `sha256=<hex>` of the body under the target's secret: the receiver computes the same and compares. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** What a receiver does (and what the tests do): compare in constant time. */
export function verifySignature(secret: string, body: string, signature: string | null | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
