import type { Context } from 'hono';
import { geiError, geiJson } from './answers';
import { inspectArchive } from './archive-check';
import { archiveJson, keepArchive, nextGuid } from './archive-store';
import { readBodyCapped } from './read-body';
import { problem, type UploadDeps } from './upload-deps';
import { isProblem, parseName } from './upload-input';

/** `POST /organizations/{org}/gei/archive?name=…`: the whole archive in one body, stored and described (201). */
export async function singleUpload(
  { store, options }: UploadDeps,
  c: Context,
  org: number,
): Promise<Response> {
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
  const now = options.now();
  const archive = keepArchive(
    store,
    { guid: nextGuid(store, now), name, orgDatabaseId: org, bytes: body.bytes, invalid },
    now,
  );
  return geiJson(c, archiveJson(archive), 201);
}
