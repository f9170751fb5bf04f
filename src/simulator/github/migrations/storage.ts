import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { SimClock } from '@/simulator/clock';
import type { GithubState } from '../state';
import { archiveBytes } from './archive-cache';
import { archiveStatus } from './state-machine';

/**
 * The simulator's object storage: where `GET …/migrations/{id}/archive` redirects. Like a pre-signed S3 URL, the
 * address carries an expiry and a signature, needs no credentials, refuses a second auth mechanism (an
 * `Authorization` header) with S3's 400, and answers errors as S3-style XML. Mounted outside the GitHub API (no
 * rate limit, no token), at `STORAGE_PREFIX`.
 */
export const STORAGE_PREFIX = '/_storage';
/** Signed URLs live five simulated minutes, like GitHub's other redirect downloads. */
export const SIGNED_URL_TTL_S = 300;

function signature(key: Buffer, path: string, expires: number): string {
  return createHmac('sha256', key).update(`${path}\n${expires}`).digest('hex');
}

export function archivePath(id: number, guid: string): string {
  return `${STORAGE_PREFIX}/migrations/${id}/${guid}.tar.gz`;
}

export function signedArchiveUrl(
  origin: string,
  key: Buffer,
  id: number,
  guid: string,
  nowMs: number,
): string {
  const path = archivePath(id, guid);
  const expires = Math.floor(nowMs / 1000) + SIGNED_URL_TTL_S;
  const params = new URLSearchParams({
    'X-Sim-Expires': String(expires),
    'X-Sim-Signature': signature(key, path, expires),
    'response-content-disposition': `filename=${guid}.tar.gz`,
  });
  return `${origin}${path}?${params.toString()}`;
}

function s3Error(c: Context, status: 400 | 403 | 404, code: string, message: string) {
  return c.body(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    status,
    { 'content-type': 'application/xml', server: 'SimStorage' },
  );
}

export function createStorageApp(state: () => GithubState, clock: SimClock) {
  const app = new Hono();
  app.get('/migrations/:id/:file', async (c) => {
    if (c.req.header('authorization')) {
      return s3Error(
        c,
        400,
        'InvalidArgument',
        'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified',
      );
    }
    const id = Number(c.req.param('id'));
    const file = c.req.param('file');
    const path = `${STORAGE_PREFIX}/migrations/${c.req.param('id')}/${file}`;
    const expires = Number(c.req.query('X-Sim-Expires'));
    const given = c.req.query('X-Sim-Signature') ?? '';
    const s = state();
    const expected = Number.isInteger(expires) ? signature(s.migrations.signingKey, path, expires) : '';
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    if (!expected || a.length !== b.length || !timingSafeEqual(a, b)) {
      return s3Error(
        c,
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      );
    }
    const now = clock.now();
    if (Math.floor(now / 1000) > expires) return s3Error(c, 403, 'AccessDenied', 'Request has expired');
    const migration = s.migrations.migrations.get(id);
    if (!migration || file !== `${migration.guid}.tar.gz` || archiveStatus(migration, now) !== 'available') {
      return s3Error(c, 404, 'NoSuchKey', 'The specified key does not exist.');
    }
    const bytes = await archiveBytes(s, migration, new URL(c.req.url).origin);
    const headers = {
      'content-type': 'application/x-gzip',
      'content-disposition': `filename=${migration.guid}.tar.gz`,
      'cache-control': 'max-age=2592000',
      'accept-ranges': 'bytes',
      etag: `"${migration.guid}"`,
      server: 'SimStorage',
    };
    const range = parseRange(c.req.header('range'), bytes.length, c.req.header('if-range'), headers.etag);
    if (range === 'unsatisfiable') {
      return c.body(null, 416, { ...headers, 'content-range': `bytes */${bytes.length}` });
    }
    if (range) {
      return c.body(new Uint8Array(bytes.subarray(range.start, range.end + 1)), 206, {
        ...headers,
        'content-length': String(range.end - range.start + 1),
        'content-range': `bytes ${range.start}-${range.end}/${bytes.length}`,
      });
    }
    return c.body(new Uint8Array(bytes), 200, { ...headers, 'content-length': String(bytes.length) });
  });
  app.notFound((c) => s3Error(c, 404, 'NoSuchKey', 'The specified key does not exist.'));
  return app;
}

/**
 * One `Range: bytes=…` as S3 honours it (RFC 9110 §14): `start-end`, `start-` or `-suffix`; several ranges or a
 * malformed header are ignored (the whole object, 200); a start past the end is 416. An `If-Range` that does not
 * match the ETag means the object changed: the whole object again.
 */
export function parseRange(
  header: string | undefined,
  size: number,
  ifRange?: string,
  etag?: string,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  if (ifRange !== undefined && ifRange !== etag) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end };
}
