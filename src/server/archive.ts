import { RATE_LIMIT_HEADERS } from '@/contracts/github/rate-limit';
import { storageRequestHeaders } from '@/contracts/github/wire-headers';
import type { Context } from 'hono';
import type { Match } from './allow-list';
import type { GatewayConfig } from './config';
import { gatewayError } from './gateway-error';
import { OutboundLimitError, type BoundedAnswer, type UpstreamFetch } from './outbound/bounded-fetch';
import { archiveBounds } from './outbound/bounds';
import { fetchHanded, HandedUrlRefusedError, type HandedUrlCheck } from './outbound/handed-url';

/**
 * Migration archives. GitHub answers `GET …/migrations/{id}/archive` with a 302 to a short-lived, pre-signed
 * storage URL. Browsers cannot use that redirect themselves (opaque with `redirect: 'manual'`, CORS on the storage
 * host when followed, and the token must not travel there), so the gateway resolves it:
 *
 * 1. the GitHub request is sent with `redirect: 'manual'` (forward.ts) and its `Location` is read here;
 * 2. the Location must pass the handed-URL rule (`handedUrlChecks(…).archive`, outbound/handed-sources.ts: GitHub's
 *    storage, the configured origins; never a private or own address); anything else is refused with 502 and never
 *    fetched — a compromised or misconfigured upstream cannot make the gateway fetch (or the browser visit) an
 *    arbitrary address;
 * 3. the storage URL is fetched with no credentials at all (no Authorization, no cookies, no GitHub headers);
 * 4. the body is streamed to the browser with `content-disposition: attachment` and a filename named after the
 *    migration, so a plain link (a top-level navigation, no CORS) downloads it.
 *
 * Streaming (rather than answering the browser with a 302 to the storage URL) keeps one code path for the
 * simulator — whose storage lives in-process and has no address a browser could reach — and for live GitHub, and
 * keeps the signed URL (a bearer capability) out of the browser's history.
 */

/** `octo-org-migration-12.tar.gz` for an organization, `migration-12.tar.gz` for the user's own. */
export function archiveFilename(params: Record<string, string>): string {
  const id = params.migration_id ?? 'unknown';
  return params.org ? `${params.org}-migration-${id}.tar.gz` : `migration-${id}.tar.gz`;
}

const GZIP_TYPES = /^application\/(?:x-)?(?:gzip|gtar|x-tar|octet-stream)\b/i;

/** Turn GitHub's archive redirect into a download the browser can follow. */
export async function resolveArchive(
  c: Context,
  config: GatewayConfig,
  match: Match,
  redirect: Response,
  storage: { fetchUpstream: UpstreamFetch; checkStorage: HandedUrlCheck; requestUrl: string },
): Promise<Response> {
  // The redirect's body was already let go by the caller (forward.ts aborts the exchange); only its headers count.
  const location = redirect.headers.get('location');
  let target: URL;
  try {
    if (!location) throw new Error('no Location');
    target = new URL(location, storage.requestUrl);
  } catch {
    return gatewayError(c, 502, 'The archive redirect had no usable Location.', 'ARCHIVE_REDIRECT_INVALID');
  }

  let answer: BoundedAnswer;
  try {
    answer = await fetchHanded(
      storage.fetchUpstream,
      target,
      // No credentials of any kind: the URL carries its own signature.
      { method: 'GET', headers: storageRequestHeaders() },
      // A large archive may take long, but a stalled, dripping or endless one is cut.
      archiveBounds(config),
      storage.checkStorage,
    );
  } catch (error) {
    if (error instanceof HandedUrlRefusedError) {
      console.warn(`[gateway] refused an archive redirect (${error.reason})`);
      return gatewayError(
        c,
        502,
        'The archive redirect pointed at an unexpected host; Ferry refused to follow it.',
        'ARCHIVE_REDIRECT_REFUSED',
      );
    }
    return error instanceof OutboundLimitError
      ? gatewayError(c, 504, 'The archive storage did not answer in time.', 'UPSTREAM_TIMEOUT')
      : gatewayError(c, 502, 'The archive storage could not be reached.', 'UPSTREAM_UNREACHABLE');
  }
  const stored = answer.response;
  if (stored.status !== 200 || !answer.body) {
    answer.abort();
    if (stored.status === 404) {
      return gatewayError(c, 404, 'The archive is no longer in storage.', 'ARCHIVE_GONE');
    }
    return gatewayError(
      c,
      502,
      `The archive storage answered HTTP ${stored.status} (the signed link may have expired: try again).`,
      'ARCHIVE_STORAGE_FAILED',
    );
  }

  const headers = new Headers({
    'content-type': GZIP_TYPES.test(stored.headers.get('content-type') ?? '')
      ? (stored.headers.get('content-type') ?? 'application/gzip')
      : 'application/gzip',
    'content-disposition': `attachment; filename="${archiveFilename(match.params)}"`,
    'cache-control': 'no-store',
  });
  const length = stored.headers.get('content-length');
  if (length && /^\d+$/.test(length)) headers.set('content-length', length);
  for (const name of RATE_LIMIT_HEADERS) {
    const value = redirect.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(answer.body, { status: 200, headers });
}
