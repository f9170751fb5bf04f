import { storageRequestHeaders } from '@/contracts/github/wire-headers';
import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { OutboundLimitError, type OutboundBounds, type UpstreamFetch } from '@/server/outbound/bounded-fetch';
import { fetchHanded, HandedUrlRefusedError, type HandedUrlCheck } from '@/server/outbound/handed-url';

/**
 * Streams one archive from storage to disk: never held in memory (backpressure from the file), resumed with
 * `Range` from what a previous attempt left in `<file>.part`, hashed (SHA-256) on the way, and renamed to its
 * final name only once complete and flushed. A `.part` file is never an archive.
 */
export interface DownloadResult {
  file: string;
  bytes: number;
  sha256: string;
  /** Bytes that were already on disk and not fetched again. */
  resumedFrom: number;
}

export interface DownloadOptions {
  /** Storage's URL, as GitHub's redirect named it: fetched only if `check` allows it (never redirected). */
  url: string;
  check: HandedUrlCheck;
  file: string;
  fetch: UpstreamFetch;
  /** Header, stall, total-time and size bounds of the storage exchange (`archiveBounds`). */
  bounds: OutboundBounds;
  onProgress?: (downloaded: number, total: number | undefined) => void;
  signal?: AbortSignal;
}

export class DownloadError extends Error {}

/** What a cut exchange means for the person watching the wave (what is on disk stays for the next attempt). */
function cutMessage(error: OutboundLimitError): string {
  switch (error.bound) {
    case 'headers':
      return `Storage did not answer within ${error.limit / 1000} s.`;
    case 'idle':
      return `Storage stopped sending for ${error.limit / 1000} s.`;
    case 'total':
      return `The download took longer than ${error.limit / 1000} s (ARCHIVE_TOTAL_MS).`;
    case 'size':
      return `The archive is larger than ${error.limit} bytes (ARCHIVE_MAX_BYTES).`;
  }
}

export async function downloadArchive(options: DownloadOptions): Promise<DownloadResult> {
  try {
    return await downloadOnce(options);
  } catch (error) {
    if (error instanceof HandedUrlRefusedError)
      throw new DownloadError(
        `The archive redirect points where Ferry does not fetch from (${error.reason}).`,
      );
    throw error instanceof OutboundLimitError ? new DownloadError(cutMessage(error)) : error;
  }
}

async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

async function hashFile(file: string, hash: Hash): Promise<void> {
  await pipeline(createReadStream(file), async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) hash.update(chunk);
    yield* [];
  });
}

/** `bytes 100-199/1000` → { start: 100, total: 1000 }. */
export function parseContentRange(value: string | null): { start: number; total?: number } | undefined {
  const match = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(value?.trim() ?? '');
  if (!match) return undefined;
  return { start: Number(match[1]), total: match[2] === '*' ? undefined : Number(match[2]) };
}

async function downloadOnce(options: DownloadOptions): Promise<DownloadResult> {
  const part = `${options.file}.part`;
  await mkdir(path.dirname(options.file), { recursive: true });
  const have = await sizeOf(part);
  const headers = new Headers(storageRequestHeaders());
  if (have > 0) headers.set('range', `bytes=${have}-`);
  // No credentials: the storage URL carries its own signature.
  const answer = await fetchHanded(
    options.fetch,
    options.url,
    { headers, signal: options.signal },
    options.bounds,
    options.check,
  );
  try {
    return await save(options, answer.response, answer.body, part, have);
  } finally {
    answer.abort();
  }
}

async function save(
  options: DownloadOptions,
  response: Response,
  body: ReadableStream<Uint8Array> | null,
  part: string,
  have: number,
): Promise<DownloadResult> {
  if (response.status === 416 && have > 0) {
    // What is on disk may already be everything: storage says there is nothing past it.
    const total = parseContentRange(
      response.headers.get('content-range')?.replace('*/', '0-0/') ?? null,
    )?.total;
    if (total === have) return finish(part, options.file, have, 0);
    throw new DownloadError(`Storage refused the range (HTTP 416) at ${have} bytes.`);
  }
  if ((response.status !== 200 && response.status !== 206) || !body) {
    throw new DownloadError(`Storage answered HTTP ${response.status}.`);
  }

  let start = 0;
  let total: number | undefined;
  if (response.status === 206) {
    const range = parseContentRange(response.headers.get('content-range'));
    if (!range || range.start !== have) {
      throw new DownloadError('Storage answered a different range than asked.');
    }
    start = have;
    total = range.total;
  } else {
    const length = response.headers.get('content-length');
    total = length && /^\d+$/.test(length) ? Number(length) : undefined;
  }

  const hash = createHash('sha256');
  if (start > 0) await hashFile(part, hash);
  let written = start;
  let reported = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      written += chunk.length;
      if (options.onProgress && written - reported >= 256 * 1024) {
        reported = written;
        options.onProgress(written, total);
      }
      callback(null, chunk);
    },
  });
  await pipeline(
    Readable.fromWeb(body as WebReadableStream<Uint8Array>),
    tap,
    createWriteStream(part, { flags: start > 0 ? 'a' : 'w' }),
    { signal: options.signal },
  );
  if (total !== undefined && written !== total) {
    throw new DownloadError(`The download ended at ${written} of ${total} bytes.`);
  }
  options.onProgress?.(written, total);
  return finish(part, options.file, written, start, hash.digest('hex'));
}

async function finish(part: string, file: string, bytes: number, resumedFrom: number, sha?: string) {
  let sha256 = sha;
  if (!sha256) {
    const hash = createHash('sha256');
    await hashFile(part, hash);
    sha256 = hash.digest('hex');
  }
  const handle = await open(part, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(part, file);
  return { file, bytes, sha256, resumedFrom };
}
