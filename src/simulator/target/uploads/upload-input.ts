/**
 * Validation of everything a client sends to GitHub-owned storage, before any state is touched. Each function
 * answers the parsed value or a problem (status + GitHub-style message); none throws.
 */
export interface Problem {
  status: 400 | 404 | 413 | 422;
  message: string;
}

export const MAX_NAME_BYTES = 255;
/** S3's (and so most object stores') limit on the parts of one multipart upload. */
export const MAX_PARTS = 10_000;
/** The start request is a small JSON object; anything bigger is not one. */
export const MAX_START_BODY_BYTES = 16 * 1024;

const NOT_FOUND: Problem = { status: 404, message: 'Not Found' };

export function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && 'status' in value && 'message' in value;
}

/** An organization's database id from the path: a positive integer, else the organization does not exist. */
export function parseOrgId(raw: string): number | Problem {
  if (!/^[1-9]\d{0,15}$/.test(raw)) return NOT_FOUND;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : NOT_FOUND;
}

/** An archive name: 1–255 UTF-8 bytes, no control characters. */
export function parseName(raw: unknown): string | Problem {
  if (typeof raw !== 'string' || raw.trim() === '') {
    return { status: 422, message: 'Invalid request: name is required.' };
  }
  if (Buffer.byteLength(raw, 'utf8') > MAX_NAME_BYTES) {
    return { status: 422, message: `Invalid request: name is longer than ${MAX_NAME_BYTES} bytes.` };
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(raw)) {
    return { status: 422, message: 'Invalid request: name contains control characters.' };
  }
  return raw;
}

/** A declared archive size: a positive safe integer no larger than the largest archive accepted. */
export function parseSize(raw: unknown, maxArchiveBytes: number): number | Problem {
  if (typeof raw !== 'number' || !Number.isSafeInteger(raw) || raw <= 0) {
    return { status: 422, message: 'Invalid request: size must be a positive integer (bytes).' };
  }
  if (raw > maxArchiveBytes) {
    return { status: 422, message: `Archive too large: the maximum size is ${maxArchiveBytes} bytes.` };
  }
  return raw;
}

/** The body of `POST …/blobs/uploads`: `{content_type, name, size}`. */
export function parseStartBody(
  text: string,
  maxArchiveBytes: number,
): { name: string; size: number } | Problem {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { status: 400, message: 'Problems parsing JSON' };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { status: 400, message: 'Problems parsing JSON' };
  }
  const fields = body as { content_type?: unknown; name?: unknown; size?: unknown };
  if (fields.content_type !== undefined && typeof fields.content_type !== 'string') {
    return { status: 422, message: 'Invalid request: content_type must be a string.' };
  }
  const name = parseName(fields.name);
  if (isProblem(name)) return name;
  const size = parseSize(fields.size, maxArchiveBytes);
  if (isProblem(size)) return size;
  return { name, size };
}

/** The query of a part's `Location`: `part_number`, `guid`, `upload_id`. An unknown session is 404, as GitHub hides it. */
export function parseUploadQuery(query: {
  part_number?: string;
  guid?: string;
  upload_id?: string;
}): { partNumber: number; guid: string; uploadId: string } | Problem {
  const { part_number: part, guid, upload_id: uploadId } = query;
  if (!guid || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(guid)) return NOT_FOUND;
  if (!uploadId || !/^[A-Za-z0-9_-]{1,128}$/.test(uploadId)) return NOT_FOUND;
  // The `PUT` after a last part number MAX_PARTS carries MAX_PARTS + 1.
  if (!part || !/^[1-9]\d{0,5}$/.test(part) || Number(part) > MAX_PARTS + 1) {
    return {
      status: 422,
      message: `Invalid request: part_number must be an integer from 1 to ${MAX_PARTS}.`,
    };
  }
  return { partNumber: Number(part), guid, uploadId };
}
