import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildArchive } from '@/simulator/github/migrations/archive';
import { parseRange } from '@/simulator/github/migrations/storage';
import type { OutboundBounds } from '@/server/outbound/bounded-fetch';
import { handedUrlCheck } from '@/server/outbound/handed-url';
import { downloadArchive, parseContentRange, type DownloadOptions } from './downloader';
import { verifyArchive } from './verifier';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ferry-download-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

async function archiveOf(repos: string[], extra: { name: string; body: Buffer }[] = [], schema = true) {
  return buildArchive(
    [
      ...(schema ? [{ name: 'schema.json', body: json({ version: '1.0.1' }) }] : []),
      { name: 'repositories_000001.json', body: json(repos.map((name) => ({ type: 'repository', name }))) },
      ...extra,
    ],
    new Date(0),
  );
}

/** Storage over `bytes` that honours Range and can cut the body after `cutAfter` bytes (a dropped connection). */
function storage(bytes: Buffer, options: { cutAfter?: number; ranges?: boolean } = {}) {
  const seen: (string | null)[] = [];
  const fetch = (request: Request) => {
    const header = request.headers.get('range');
    seen.push(header);
    const range = options.ranges === false ? undefined : parseRange(header ?? undefined, bytes.length);
    if (range === 'unsatisfiable') {
      return Promise.resolve(
        new Response(null, { status: 416, headers: { 'content-range': `bytes */${bytes.length}` } }),
      );
    }
    const body = range ? bytes.subarray(range.start, range.end + 1) : bytes;
    const cut = options.cutAfter;
    options.cutAfter = undefined;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        if (cut !== undefined) {
          controller.enqueue(new Uint8Array(body.subarray(0, cut)));
          setTimeout(() => controller.error(new Error('connection dropped')), 50);
          return;
        }
        for (let at = 0; at < body.length; at += 16_384)
          controller.enqueue(new Uint8Array(body.subarray(at, at + 16_384)));
        controller.close();
      },
    });
    const headers = new Headers({ 'content-length': String(body.length), 'accept-ranges': 'bytes' });
    if (range) headers.set('content-range', `bytes ${range.start}-${range.end}/${bytes.length}`);
    return Promise.resolve(new Response(stream, { status: range ? 206 : 200, headers }));
  };
  return { fetch, seen };
}

const BOUNDS: OutboundBounds = { headersMs: 5_000, idleMs: 5_000, totalMs: 60_000, maxBytes: 10 * 1024 ** 2 };
/** The storage these tests fake, as a configured origin would be. */
const STORAGE = handedUrlCheck({ origins: ['http://storage.test', 'http://s'], hosts: [] });
const download = (
  options: Omit<DownloadOptions, 'bounds' | 'check'> & Partial<Pick<DownloadOptions, 'check'>>,
  bounds: Partial<OutboundBounds> = {},
) => downloadArchive({ check: STORAGE, ...options, bounds: { ...BOUNDS, ...bounds } });

/** Storage that sends `first` bytes at once, then one byte every `everyMs` (never: `everyMs` undefined). */
function dripping(first: number, everyMs?: number) {
  let timer: ReturnType<typeof setInterval> | undefined;
  const fetch = () =>
    Promise.resolve(
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new Uint8Array(first).fill(1));
            if (everyMs !== undefined)
              timer = setInterval(() => controller.enqueue(new Uint8Array([1])), everyMs);
          },
          cancel() {
            clearInterval(timer);
          },
        }),
        { headers: { 'content-length': '1000000' } },
      ),
    );
  return { fetch, stop: () => clearInterval(timer) };
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('downloadArchive', () => {
  it('streams to disk, hashes, and leaves no partial file', async () => {
    const bytes = await archiveOf(['a', 'b'], [{ name: 'pack', body: Buffer.alloc(300_000, 7) }]);
    const file = path.join(dir, 'w1', 'batch-1.tar.gz');
    const { fetch } = storage(bytes);
    const result = await download({ url: 'http://storage.test/x', file, fetch });
    expect(result).toMatchObject({ file, bytes: bytes.length, sha256: sha(bytes), resumedFrom: 0 });
    expect((await readFile(file)).equals(bytes)).toBe(true);
    expect(await readdir(path.dirname(file))).toEqual(['batch-1.tar.gz']);
  });

  it('resumes with Range after a dropped connection; the hash covers the whole file', async () => {
    const bytes = Buffer.concat([await archiveOf(['a']), Buffer.alloc(200_000, 1)]);
    const file = path.join(dir, 'batch-2.tar.gz');
    const server = storage(bytes, { cutAfter: 70_000 });
    await expect(download({ url: 'http://storage.test/x', file, fetch: server.fetch })).rejects.toThrow();
    // The partial file is kept, under a name that is never taken for an archive.
    expect(await readdir(dir)).toEqual(['batch-2.tar.gz.part']);
    const result = await download({ url: 'http://storage.test/x', file, fetch: server.fetch });
    expect(server.seen).toEqual([null, 'bytes=70000-']);
    expect(result.resumedFrom).toBe(70_000);
    expect(result.sha256).toBe(sha(bytes));
    expect((await readFile(file)).equals(bytes)).toBe(true);
  });

  it('starts over when storage ignores Range (200), and fails on a short body', async () => {
    const bytes = await archiveOf(['a'], [{ name: 'pack', body: Buffer.alloc(50_000, 3) }]);
    const file = path.join(dir, 'batch-3.tar.gz');
    await writeFile(`${file}.part`, Buffer.from('stale bytes from elsewhere'));
    const result = await download({
      url: 'http://storage.test/x',
      file,
      fetch: storage(bytes, { ranges: false }).fetch,
    });
    expect(result).toMatchObject({ bytes: bytes.length, sha256: sha(bytes), resumedFrom: 0 });

    const short = () =>
      new Response(new Uint8Array(bytes.subarray(0, 10)), { headers: { 'content-length': '10' } });
    const lying = () => {
      const response = short();
      response.headers.set('content-length', String(bytes.length));
      return Promise.resolve(response);
    };
    const other = path.join(dir, 'batch-4.tar.gz');
    await expect(download({ url: 'http://s/x', file: other, fetch: lying })).rejects.toThrow(/ended at 10/);
    expect(await readdir(dir)).not.toContain('batch-4.tar.gz');
  });

  it('cuts storage that stalls after 10 bytes, keeping them for the next attempt', async () => {
    const file = path.join(dir, 'stalled.tar.gz');
    const stalled = dripping(10);
    await expect(
      download({ url: 'http://s/x', file, fetch: stalled.fetch }, { idleMs: 100 }),
    ).rejects.toThrow('Storage stopped sending for 0.1 s.');
    expect(await readdir(dir)).toEqual(['stalled.tar.gz.part']);
  });

  it('cuts a drip that never goes idle at the total deadline', async () => {
    const drip = dripping(10, 20);
    try {
      await expect(
        download(
          { url: 'http://s/x', file: path.join(dir, 'drip.tar.gz'), fetch: drip.fetch },
          { idleMs: 1_000, totalMs: 300 },
        ),
      ).rejects.toThrow('The download took longer than 0.3 s (ARCHIVE_TOTAL_MS).');
    } finally {
      drip.stop();
    }
  });

  it('cuts an archive larger than ARCHIVE_MAX_BYTES', async () => {
    const bytes = Buffer.alloc(100_000, 5);
    await expect(
      download(
        { url: 'http://s/x', file: path.join(dir, 'big.tar.gz'), fetch: storage(bytes).fetch },
        { maxBytes: 50_000 },
      ),
    ).rejects.toThrow('The archive is larger than 50000 bytes (ARCHIVE_MAX_BYTES).');
    expect(await readdir(dir)).not.toContain('big.tar.gz');
  });

  it('refuses an error answer from storage', async () => {
    const fetch = () => Promise.resolve(new Response('<Error/>', { status: 403 }));
    await expect(download({ url: 'http://s/x', file: path.join(dir, 'f'), fetch })).rejects.toThrow(/403/);
  });

  it('reads Content-Range', () => {
    expect(parseContentRange('bytes 100-199/1000')).toEqual({ start: 100, total: 1000 });
    expect(parseContentRange('bytes 0-0/*')).toEqual({ start: 0, total: undefined });
    expect(parseContentRange('nonsense')).toBeUndefined();
  });
});

describe('verifyArchive', () => {
  const write = async (name: string, bytes: Buffer) => {
    const file = path.join(dir, name);
    await writeFile(file, bytes);
    return file;
  };

  it('accepts a gzip tar with schema.json listing exactly the batch (any order, case-insensitive)', async () => {
    const file = await write('ok.tar.gz', await archiveOf(['api-1', 'Web-2']));
    expect(await verifyArchive(file, ['web-2', 'api-1'])).toMatchObject({
      ok: true,
      repos: ['api-1', 'Web-2'],
    });
  });

  it('refuses a missing or extra repository, a missing schema.json, and bytes that are not a gzip tar', async () => {
    const file = await write('a.tar.gz', await archiveOf(['api-1', 'extra']));
    const mismatch = await verifyArchive(file, ['api-1', 'web-2']);
    expect(mismatch.ok).toBe(false);
    expect(mismatch.message).toMatch(/missing web-2; unexpected extra/);
    const noSchema = await write('b.tar.gz', await archiveOf(['api-1'], [], false));
    expect((await verifyArchive(noSchema, ['api-1'])).message).toMatch(/schema.json is missing/);
    const junk = await write('c.tar.gz', Buffer.from('not an archive at all'));
    expect((await verifyArchive(junk, ['api-1'])).ok).toBe(false);
    const truncated = await archiveOf(['api-1'], [{ name: 'pack', body: Buffer.alloc(100_000, 9) }]);
    const cut = await write('d.tar.gz', truncated.subarray(0, truncated.length - 40));
    expect((await verifyArchive(cut, ['api-1'])).ok).toBe(false);
  });
});
