import { createCipheriv } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { parseRange } from '@/simulator/github/migrations/storage';
import { tarStream } from '@/server/waves/tar';

/**
 * Loopback "object storage" for the wave download figures: one real migration-shaped archive (schema.json, a
 * repositories file, an incompressible pack of `packBytes`) written once to disk, served over HTTP on
 * 127.0.0.1 with Range support, as S3 would.
 */
export async function writeBenchArchive(file: string, repos: string[], packBytes: number): Promise<number> {
  const pack = tarStream.pack();
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  pack.entry({ name: 'schema.json' }, json({ version: '1.0.1' }));
  pack.entry({ name: 'repositories_000001.json' }, json(repos.map((name) => ({ type: 'repository', name }))));
  const entry = pack.entry({
    name: `repositories/bench/${repos[0]}.git/objects/pack/pack.pack`,
    size: packBytes,
  });
  const writing = pipeline(pack, createGzip({ level: 1 }), createWriteStream(file));
  const cipher = createCipheriv('aes-128-ctr', Buffer.alloc(16, 7), Buffer.alloc(16));
  const chunk = Buffer.alloc(1024 * 1024);
  for (let left = packBytes; left > 0; left -= chunk.length) {
    const part = cipher.update(left >= chunk.length ? chunk : chunk.subarray(0, left));
    if (!entry.write(part)) await new Promise<void>((resolve) => entry.once('drain', () => resolve()));
  }
  entry.end(() => undefined);
  pack.finalize();
  await writing;
  return (await stat(file)).size;
}

export async function serveArchive(file: string): Promise<{ url: string; server: Server }> {
  const size = (await stat(file)).size;
  const server = createServer((request, response) => {
    const range = parseRange(request.headers.range, size);
    if (range === 'unsatisfiable') {
      response.writeHead(416, { 'content-range': `bytes */${size}` }).end();
      return;
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? size - 1;
    response.writeHead(range ? 206 : 200, {
      'content-type': 'application/x-gzip',
      'content-length': String(end - start + 1),
      'accept-ranges': 'bytes',
      ...(range ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
    });
    createReadStream(file, { start, end, highWaterMark: 256 * 1024 }).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/archive.tar.gz`, server };
}
