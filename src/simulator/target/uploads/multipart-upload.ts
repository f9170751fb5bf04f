import type { Context } from 'hono';
import { geiError, geiJson } from './answers';
import { inspectArchive } from './archive-check';
import {
  archiveJson,
  keepArchive,
  newUploadId,
  nextGuid,
  openUploadsOf,
  type OpenUpload,
} from './archive-store';
import { readBodyCapped } from './read-body';
import { problem, type UploadDeps } from './upload-deps';
import {
  MAX_PARTS,
  MAX_START_BODY_BYTES,
  isProblem,
  parseStartBody,
  parseUploadQuery,
  type Problem,
} from './upload-input';

/**
 * The three steps of a multipart upload: `POST …/blobs/uploads` (202 + `Location` of part 1), `PATCH {Location}`
 * per part (202 + `Location` of the next part), `PUT {Location}` to complete (201 + the archive).
 */
/** What a completing `PUT` may carry (and is ignored): a client's empty JSON value, never a part. */
const MAX_COMPLETE_BODY_BYTES = 64;

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

/** The open upload a part's `Location` names; an unknown or foreign one is 404, as GitHub hides it. */
function sessionOf({ store }: UploadDeps, c: Context, org: number) {
  const query = parseUploadQuery(c.req.query());
  if (isProblem(query)) return query;
  const upload = store.uploads.get(query.guid);
  if (!upload || upload.orgDatabaseId !== org || upload.uploadId !== query.uploadId) {
    return { status: 404, message: 'Not Found' } satisfies Problem;
  }
  return { upload, partNumber: query.partNumber };
}

export async function startMultipart(deps: UploadDeps, c: Context, org: number): Promise<Response> {
  const { store, options } = deps;
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
}

export async function uploadPart(deps: UploadDeps, c: Context, org: number): Promise<Response> {
  const { store, options } = deps;
  const session = sessionOf(deps, c, org);
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
}

export async function completeUpload(deps: UploadDeps, c: Context, org: number): Promise<Response> {
  const { store, options } = deps;
  const session = sessionOf(deps, c, org);
  if (isProblem(session)) return problem(c, session);
  const { upload, partNumber } = session;
  const count = upload.parts.length;
  if (count === 0) return geiError(c, 422, 'Invalid request: the upload has no parts yet.');
  // gh-gei completes at the Location the last PATCH answered (n + 1); gh-blob at the last PATCH's own (n).
  if (partNumber !== count + 1 && partNumber !== count) {
    return geiError(c, 422, `Invalid request: complete the upload at part_number ${count + 1}.`);
  }
  // Its body is not read: gh-gei sends `""` (an empty JSON string), gh-blob nothing; more is no completion.
  const body = await readBodyCapped(c.req.raw, MAX_COMPLETE_BODY_BYTES);
  if ('tooLarge' in body) return geiError(c, 422, 'Invalid request: the completing PUT carries no data.');
  if (store.uploads.get(upload.guid) !== upload) return geiError(c, 404, 'Not Found');
  if (upload.received !== upload.size) {
    return geiError(
      c,
      422,
      `Invalid request: the upload is incomplete: ${upload.received} of ${upload.size} declared bytes received.`,
    );
  }
  store.uploads.delete(upload.guid);
  const bytes = Buffer.concat(upload.parts, upload.received);
  const invalid = await inspectArchive(bytes);
  const archive = keepArchive(
    store,
    { guid: upload.guid, name: upload.name, orgDatabaseId: org, bytes, invalid },
    options.now(),
  );
  return geiJson(c, archiveJson(archive), 201);
}
