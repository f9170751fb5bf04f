import { createHmac, timingSafeEqual } from 'node:crypto';
import { ALERT_EVENT_LABELS, type AlertEvent, type AlertTargetKind } from '@/contracts/alerts';
import { ALERT_PAGES, timeWords } from './alert-words';

/** The header a webhook's signature travels in (GitHub's name for the same scheme is X-Hub-Signature-256). */
export const SIGNATURE_HEADER = 'x-ferry-signature-256';
/** The delivery's id: a receiver that sees it twice (a retry after a lost answer) keeps one. */
export const DELIVERY_HEADER = 'x-ferry-delivery';
export const EVENT_HEADER = 'x-ferry-event';

/** The address of the Ferry page an event links to, under the gateway's public address (`FERRY_PUBLIC_URL`). */
export function alertLink(publicUrl: string, event: AlertEvent): string {
  return `${publicUrl.replace(/\/+$/, '')}${event.path ?? ALERT_PAGES.alerts}`;
}

/**
 * The body a target receives: generic JSON, or Slack's `text` with blocks. Slack gets every text as
 * `plain_text` (names come from GitHub and from people: nothing is rendered as markup) and the link as a button.
 */
export function alertBody(
  kind: AlertTargetKind,
  deliveryId: string,
  event: AlertEvent,
  publicUrl?: string,
): string {
  const link = publicUrl === undefined ? undefined : alertLink(publicUrl, event);
  const title = ALERT_EVENT_LABELS[event.kind];
  if (kind === 'slack') {
    const text = `Ferry: ${event.summary}`;
    return JSON.stringify({
      text,
      blocks: [
        { type: 'section', text: { type: 'plain_text', text } },
        {
          type: 'context',
          elements: [{ type: 'plain_text', text: `${title} · ${timeWords(event.at)}` }],
        },
        ...(link
          ? [
              {
                type: 'actions',
                elements: [
                  { type: 'button', text: { type: 'plain_text', text: 'Open in Ferry' }, url: link },
                ],
              },
            ]
          : []),
      ],
    });
  }
  return JSON.stringify({
    delivery: deliveryId,
    event: event.kind,
    title,
    summary: event.summary,
    at: event.at,
    time: timeWords(event.at),
    link,
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
