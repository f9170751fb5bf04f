import { stat } from 'node:fs/promises';
import { parseUploadedArchive } from '@/contracts/github/gei';
import { USER_AGENT } from '@/contracts/github/http';
import { isRecord, isShapeError, stringOf } from '@/contracts/json';
import {
  fetchBounded,
  readBounded,
  type OutboundBounds,
  type UpstreamFetch,
} from '@/server/outbound/bounded-fetch';
import { handedUrlCheck, type HandedUrlCheck } from '@/server/outbound/handed-url';
import { failingAs } from '@/server/outbound/upstream-failure';
import { fileRangeStream } from './file-range-stream';
import { ArchiveUploadError } from './gei-errors';

/**
 * A verified archive into GitHub-owned storage (`uploads.github.com`), as gh-gei's ArchiveUploader does it
 * (whole-move.md "GitHub-owned storage protocol"): one `POST …/gei/archive?name=` up to `partBytes`, else a
 * multipart upload (start `POST` → `PATCH` each part at the `Location` answered → `PUT`). Each part is streamed
 * from disk by a ranged read (never the whole file in memory); after the start and after each part `onPart` is
 * awaited with where to go on, so a caller that persists it resumes a restarted upload from there.
 */

/** gh-gei's switch to multipart and its part size (`GITHUB_OWNED_STORAGE_MULTIPART_MEBIBYTES`, default 100). */
export const DEFAULT_PART_BYTES = 100 * 1024 * 1024;
/**
 * Headers only come back once the body is sent: each exchange's headers and total bounds grow by the time its
 * body takes at this floor rate (a 100 MiB part: +100 s), so a slow link passes and a stalled one still ends.
 */
export const UPLOAD_FLOOR_BYTES_PER_SECOND = 1024 * 1024;
/** Storage's answers are small JSON: anything larger is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Where a multipart upload goes on: the next part's `Location` (absolute), bytes and parts already sent. */
export interface UploadProgress {
  location: string;
  bytesSent: number;
  parts: number;
}

export interface UploadArchiveInput {
  file: string;
  /** The archive's name in storage (e.g. `widget.tar.gz`). */
  name: string;
  orgDatabaseId: number;
  /** `TARGET_GITHUB_UPLOADS_URL`, e.g. `https://uploads.github.com` (the simulator's: `{target}/uploads`). */
  uploadsUrl: string;
  /** `Bearer …` of the target's classic token. */
  authorization: string;
  fetch: UpstreamFetch;
  bounds: OutboundBounds;
  partBytes?: number;
  resume?: UploadProgress;
  onPart?: (progress: UploadProgress) => Promise<void>;
  /**
   * Before each request (start, part, completion): waits while GitHub holds the account (a secondary limit's
   * `retry-after`): nothing is sent with its token meanwhile, uploads included.
   */
  beforeRequest?: () => Promise<void>;
  /**
   * The job's lease (`JobContext.signal`): once it aborts another gateway may hold the upload, so nothing more is
   * sent — checked before each exchange, and the exchange under way is aborted.
   */
  signal?: AbortSignal;
}

/** 1–255 characters, none a control character or a path separator (storage's own rule, checked before sending). */
const validName = (name: string) =>
  name.length > 0 &&
  name.length <= 255 &&
  [...name].every((char) => {
    const code = char.charCodeAt(0);
    return code > 0x1f && code !== 0x7f && char !== '/' && char !== '\\';
  });

export async function uploadArchive(input: UploadArchiveInput): Promise<{ uri: string; bytes: number }> {
  const partBytes = Math.floor(input.partBytes ?? DEFAULT_PART_BYTES);
  if (!(partBytes > 0)) throw new RangeError('partBytes must be a positive number of bytes.');
  if (!validName(input.name))
    throw new ArchiveUploadError('refused', 'The archive name is not one storage takes.');
  if (!Number.isSafeInteger(input.orgDatabaseId) || input.orgDatabaseId <= 0)
    throw new ArchiveUploadError('refused', 'The organization’s database id is not a positive integer.');
  const base = new URL(input.uploadsUrl.replace(/\/+$/, ''));
  const root = base.href.replace(/\/+$/, '');
  const { size } = await stat(input.file);
  if (size === 0) throw new ArchiveUploadError('refused', 'The archive is empty.');
  // Every URL storage hands back (a part's `Location`) goes only to the uploads origin itself.
  const storage = handedUrlCheck({ origins: [base.origin], hosts: [] });
  const exchange = exchangeOf(input, storage);

  if (size <= partBytes) {
    const url = `${root}/organizations/${input.orgDatabaseId}/gei/archive?name=${encodeURIComponent(input.name)}`;
    const answer = await exchange('POST', url, { start: 0, end: size });
    expectStatus(answer, [201]);
    return { uri: archiveOf(answer).uri, bytes: size };
  }

  const start = async (): Promise<UploadProgress> => {
    const answer = await exchange(
      'POST',
      `${root}/organizations/${input.orgDatabaseId}/gei/archive/blobs/uploads`,
      JSON.stringify({ content_type: 'application/octet-stream', name: input.name, size }),
    );
    expectStatus(answer, [202, 201]);
    const progress = { location: await locationOf(answer, root, storage), bytesSent: 0, parts: 0 };
    await input.onPart?.(progress);
    return progress;
  };

  const resumable =
    input.resume &&
    Number.isSafeInteger(input.resume.bytesSent) &&
    input.resume.bytesSent >= 0 &&
    input.resume.bytesSent <= size &&
    (await allowed(input.resume.location, storage));
  let progress = resumable && input.resume ? { ...input.resume } : await start();
  let resumed = Boolean(resumable);

  while (progress.bytesSent < size) {
    const end = Math.min(size, progress.bytesSent + partBytes);
    const answer = await exchange('PATCH', progress.location, { start: progress.bytesSent, end });
    // The resumed session is gone (GitHub drops unfinished uploads after 7 days): start again, once.
    if (answer.status === 404 && resumed) {
      resumed = false;
      progress = await start();
      continue;
    }
    expectStatus(answer, [202, 200]);
    resumed = false;
    progress = {
      location: await locationOf(answer, root, storage),
      bytesSent: end,
      parts: progress.parts + 1,
    };
    await input.onPart?.(progress);
  }

  const done = await exchange('PUT', progress.location, '');
  if (done.status === 404 && resumed) {
    // Every part was sent before the crash but the session expired since: send it all again.
    return uploadArchive({ ...input, resume: undefined });
  }
  expectStatus(done, [201, 200]);
  return { uri: archiveOf(done).uri, bytes: size };
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

type Body = string | { start: number; end: number };

/** One exchange under the outbound bounds (stretched by the body's send time), its answer read whole (≤ 64 KiB). */
function exchangeOf(input: UploadArchiveInput, storage: HandedUrlCheck) {
  return async (method: string, url: string, body: Body): Promise<Answer> => {
    input.signal?.throwIfAborted();
    await input.beforeRequest?.();
    input.signal?.throwIfAborted();
    if (!(await allowed(url, storage)))
      throw new ArchiveUploadError('hostile', 'Storage sent the upload to another host.');
    const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.end - body.start;
    const sendMs = Math.ceil((bytes / UPLOAD_FLOOR_BYTES_PER_SECOND) * 1000);
    const bounds: OutboundBounds = {
      headersMs: input.bounds.headersMs + sendMs,
      idleMs: input.bounds.idleMs,
      totalMs: input.bounds.totalMs + sendMs,
      maxBytes: Math.min(input.bounds.maxBytes, MAX_ANSWER_BYTES),
    };
    const headers = new Headers({
      'user-agent': USER_AGENT,
      accept: 'application/json',
      authorization: input.authorization,
      'content-type': typeof body === 'string' && body ? 'application/json' : 'application/octet-stream',
      'content-length': String(bytes),
    });
    // A ranged read of this part only, pulled as the request sends it; cancelled whatever becomes of the exchange.
    const part =
      typeof body === 'string' || bytes === 0 ? undefined : fileRangeStream(input.file, body.start, body.end);
    const stream = part?.stream;
    try {
      const init: RequestInit & { duplex?: 'half' } = {
        method,
        headers,
        // Storage never redirects an upload; 'error' also stops undici's fetch keeping every chunk sent for a
        // possible 307/308 resend (nodejs/undici#4058: a 100 MB part held whole until its answer).
        redirect: 'error',
        ...(input.signal ? { signal: input.signal } : {}),
        body: stream ?? (body === '' ? undefined : (body as string)),
        ...(stream ? { duplex: 'half' } : {}),
      };
      const answer = await failingAs('connect', () => fetchBounded(input.fetch, url, init, bounds));
      const raw = await failingAs('body', () => readBounded(answer.body));
      return {
        status: answer.response.status,
        headers: answer.response.headers,
        text: new TextDecoder().decode(raw),
      };
    } finally {
      await part?.close();
    }
  };
}

async function allowed(url: string, storage: HandedUrlCheck): Promise<boolean> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (await storage(parsed)) === undefined;
}

/** GitHub's `message`, if its answer has one. */
function messageOf(answer: Answer): string | undefined {
  try {
    const parsed: unknown = JSON.parse(answer.text);
    return isRecord(parsed) ? stringOf(parsed.message)?.slice(0, 300) : undefined;
  } catch {
    return undefined;
  }
}

function expectStatus(answer: Answer, wanted: number[]): void {
  if (wanted.includes(answer.status)) return;
  const said = messageOf(answer);
  const words = `GitHub-owned storage answered HTTP ${answer.status}${said ? `: ${said}` : ''}.`;
  if (answer.status >= 400 && answer.status < 500)
    throw new ArchiveUploadError('refused', words, answer.status);
  if (answer.status >= 500) throw new ArchiveUploadError('failed', words, answer.status);
  throw new ArchiveUploadError('hostile', words, answer.status);
}

/**
 * `Location` resolved against the uploads URL as a URL reference, as gh-gei does (`new Uri(new Uri(uploads),
 * Location)`): uploads.github.com answers `/organizations/…`, a path from its root.
 */
async function locationOf(answer: Answer, root: string, storage: HandedUrlCheck): Promise<string> {
  const location = answer.headers.get('location');
  if (!location) throw new ArchiveUploadError('hostile', 'Storage answered no Location for the next part.');
  if (location.length > 4_096)
    throw new ArchiveUploadError('hostile', 'Storage answered a Location too long to be one.');
  let url: string;
  try {
    url = new URL(location, root).href;
  } catch {
    throw new ArchiveUploadError('hostile', 'Storage answered a Location that is not a URL.');
  }
  if (!(await allowed(url, storage)))
    throw new ArchiveUploadError('hostile', 'Storage sent the next part to another host.');
  return url;
}

function archiveOf(answer: Answer): { uri: string } {
  try {
    return parseUploadedArchive(JSON.parse(answer.text));
  } catch (error) {
    if (error instanceof SyntaxError || isShapeError(error))
      throw new ArchiveUploadError(
        'hostile',
        'Storage’s answer is not the uploaded archive’s description.',
        answer.status,
      );
    throw error;
  }
}
