import { Hono, type Context } from 'hono';
import { geiError, geiJson } from './answers';
import { inspectArchive } from './archive-check';
import {
  archiveJson,
  keepArchive,
  newUploadId,
  nextGuid,
  openUploadsOf,
  purgeExpired,
  type ArchiveStore,
  type OpenUpload,
} from './archive-store';
import { readBodyCapped } from './read-body';
import {
  MAX_PARTS,
  MAX_START_BODY_BYTES,
  isProblem,
  parseName,
  parseOrgId,
  parseStartBody,
  parseUploadQuery,
  type Problem,
} from './upload-input';

export interface UploadRouteOptions {
  now: () => number;
  authorize: (
    authorization: string | undefined,
    orgDatabaseId: number,
  ) => { status: number; message: string } | undefined;
  maxSinglePartBytes: number;
  maxArchiveBytes: number;
  maxOpenUploadsPerOrg: number;
}

const BLOBS = '/organizations/:org/gei/archive/blobs/uploads';

function problem(c: Context, p: Problem): Response {
  return geiError(c, p.status, p.message);
}

function partLocation(upload: OpenUpload, partNumber: number): string {
  const query = new URLSearchParams({
    part_number: String(partNumber),
    guid: upload.guid,
    upload_id: upload.uploadId,
  });
  return `/organizations/${upload.orgDatabaseId}/gei/archive/blobs/uploads?${query.toString()}`;
}

/** Whether `partNumber` may be sent now: the next part, or the last one again (a retry replaces it, as in S3). */
function partProblem(upload: OpenUpload, partNumber: number): Problem | undefined {
  const next = upload.parts.length + 1;
  if (partNumber === next && next > MAX_PARTS) {
    return { status: 422, message: `Invalid request: an upload has at most ${MAX_PARTS} parts.` };
  }
  if (partNumber === next || (partNumber === upload.parts.length && partNumber > 0)) return undefined;
  return {
    status: 422,
    message: `Invalid request: expected part_number ${next}, got ${partNumber}; parts are uploaded in order.`,
  };
}

/** The routes of `uploads.github.com` for GitHub-owned storage, on `store`. */
export function createUploadRoutes(store: ArchiveStore, options: UploadRouteOptions): Hono {
  const app = new Hono();

  /** The organization a request may upload to (after `authorize`), or the answer that refuses it. */
  const admit = (c: Context): number | Response => {
    const org = parseOrgId(c.req.param('org') ?? '');
    if (isProblem(org)) return problem(c, org);
    const refusal = options.authorize(c.req.header('authorization'), org);
    if (refusal) {
      const status =
        Number.isInteger(refusal.status) && refusal.status >= 400 && refusal.status <= 599
          ? refusal.status
          : 403;
      return geiError(c, status as 403, refusal.message);
    }
    purgeExpired(store, options.now());
    return org;
  };

  /** The open upload a part's `Location` names, or the answer that refuses it. */
  const sessionOf = (c: Context, org: number) => {
    const query = parseUploadQuery(c.req.query());
    if (isProblem(query)) return query;
    const upload = store.uploads.get(query.guid);
    if (!upload || upload.orgDatabaseId !== org || upload.uploadId !== query.uploadId) {
      return { status: 404, message: 'Not Found' } satisfies Problem;
    }
    return { upload, partNumber: query.partNumber };
  };

  app.post('/organizations/:org/gei/archive', async (c) => {
    const org = admit(c);
    if (org instanceof Response) return org;
    const name = parseName(c.req.query('name'));
    if (isProblem(name)) return problem(c, name);
    const limit = Math.min(options.maxSinglePartBytes, options.maxArchiveBytes);
    const body = await readBodyCapped(c.req.raw, limit);
    if ('tooLarge' in body) {
      return geiError(
        c,
        413,
        `Archive too large for a single upload: the maximum is ${limit} bytes; use a multipart upload (POST /organizations/${org}/gei/archive/blobs/uploads).`,
      );
    }
    if (body.bytes.length === 0) return geiError(c, 422, 'Invalid request: the archive is empty.');
    const invalid = await inspectArchive(body.bytes);
    const guid = nextGuid(store, options.now());
    const archive = keepArchive(
      store,
      { guid, name, orgDatabaseId: org, bytes: body.bytes, invalid },
      options.now(),
    );
    return geiJson(c, archiveJson(archive), 201);
  });

  app.post(BLOBS, async (c) => {
    const org = admit(c);
    if (org instanceof Response) return org;
    const body = await readBodyCapped(c.req.raw, MAX_START_BODY_BYTES);
    if ('tooLarge' in body) return geiError(c, 413, 'Request body too large.');
    const start = parseStartBody(body.bytes.toString('utf8'), options.maxArchiveBytes);
    if (isProblem(start)) return problem(c, start);
    if (openUploadsOf(store, org) >= options.maxOpenUploadsPerOrg) {
      return geiError(
        c,
        422,
        `Too many uploads in progress: an organization may have ${options.maxOpenUploadsPerOrg} unfinished multipart uploads.`,
      );
    }
    const now = options.now();
    const upload: OpenUpload = {
      guid: nextGuid(store, now),
      uploadId: newUploadId(),
      orgDatabaseId: org,
      name: start.name,
      size: start.size,
      parts: [],
      received: 0,
      startedMs: now,
    };
    store.uploads.set(upload.guid, upload);
    return c.body(null, 202, { location: partLocation(upload, 1) });
  });

  app.patch(BLOBS, async (c) => {
    const org = admit(c);
    if (org instanceof Response) return org;
    const session = sessionOf(c, org);
    if (isProblem(session)) return problem(c, session);
    const { upload, partNumber } = session;
    const early = partProblem(upload, partNumber);
    if (early) return problem(c, early);
    const body = await readBodyCapped(c.req.raw, options.maxSinglePartBytes);
    if ('tooLarge' in body) {
      return geiError(c, 413, `Part too large: each part is at most ${options.maxSinglePartBytes} bytes.`);
    }
    if (body.bytes.length === 0) return geiError(c, 422, 'Invalid request: a part must not be empty.');
    // Checked again: another request may have moved the upload on (or finished it) while this body arrived.
    if (store.uploads.get(upload.guid) !== upload) return geiError(c, 404, 'Not Found');
    const late = partProblem(upload, partNumber);
    if (late) return problem(c, late);
    const replaced = partNumber === upload.parts.length ? (upload.parts[partNumber - 1]?.length ?? 0) : 0;
    const received = upload.received - replaced + body.bytes.length;
    if (received > upload.size) {
      return geiError(
        c,
        422,
        `Invalid request: the parts add up to more than the declared size (${upload.size} bytes).`,
      );
    }
    upload.parts[partNumber - 1] = body.bytes;
    upload.received = received;
    return c.body(null, 202, { location: partLocation(upload, partNumber + 1) });
  });

  app.put(BLOBS, async (c) => {
    const org = admit(c);
    if (org instanceof Response) return org;
    const session = sessionOf(c, org);
    if (isProblem(session)) return problem(c, session);
    const { upload, partNumber } = session;
    // gh-gei completes at the Location the last PATCH answered (n + 1); gh-blob at the last PATCH's own (n).
    const count = upload.parts.length;
    if (count === 0 || (partNumber !== count + 1 && partNumber !== count)) {
      return geiError(
        c,
        422,
        `Invalid request: complete the upload at part_number ${count + 1} after its last part.`,
      );
    }
    const body = await readBodyCapped(c.req.raw, 0);
    if ('tooLarge' in body) return geiError(c, 422, 'Invalid request: the completing PUT has an empty body.');
    if (upload.received !== upload.size) {
      return geiError(
        c,
        422,
        `Invalid request: the upload is incomplete: ${upload.received} of ${upload.size} declared bytes received.`,
      );
    }
    if (store.uploads.get(upload.guid) !== upload) return geiError(c, 404, 'Not Found');
    store.uploads.delete(upload.guid);
    const bytes = Buffer.concat(upload.parts, upload.received);
    const invalid = await inspectArchive(bytes);
    const archive = keepArchive(
      store,
      { guid: upload.guid, name: upload.name, orgDatabaseId: org, bytes, invalid },
      options.now(),
    );
    return geiJson(c, archiveJson(archive), 201);
  });

  return app;
}
