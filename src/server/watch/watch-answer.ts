import type { WatchEntry } from './watch-entry';

/**
 * The origin of the gateway's own requests (watcher polls, minute samples). Link headers and body URLs the
 * gateway writes on its origin carry it in snapshots; answers put the asking browser's origin back.
 */
export const INTERNAL_ORIGIN = 'http://gateway.internal';

/**
 * A browser's answer from what the watcher knows: the failure of the last poll when it failed, a 304 when the
 * browser's ETag still matches, the body otherwise; on the asking browser's origin, with the latest rate
 * headers and when the data was seen (`x-ferry-seen-at`, so a page can say it is stale).
 */
export function answerFrom(
  entry: WatchEntry,
  ifNoneMatch: string | undefined,
  origin: string,
  rateHeaders: [string, string][],
): Response {
  const host = new URL(origin).host;
  const onOrigin = (text: string) =>
    text.replaceAll(INTERNAL_ORIGIN, origin).replaceAll(new URL(INTERNAL_ORIGIN).host, host);
  if (entry.failure) {
    return new Response(onOrigin(entry.failure.body), {
      status: entry.failure.status,
      headers: entry.failure.headers,
    });
  }
  const headers = new Headers(entry.headers);
  const link = headers.get('link');
  if (link) headers.set('link', onOrigin(link));
  for (const [name, value] of rateHeaders) headers.set(name, value);
  headers.set('x-ferry-seen-at', new Date(entry.seenAt).toISOString());
  const etag = entry.headers.etag;
  if (etag && ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set('content-type', entry.headers['content-type'] ?? 'application/json; charset=utf-8');
  return new Response(onOrigin(JSON.stringify(entry.body)), { status: 200, headers });
}
