import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchBounded, OutboundLimitError, readBounded, type OutboundBounds } from './bounded-fetch';

/** Each bound is tried against a real HTTP server over loopback, with Node's own fetch (which inflates gzip). */
const BOUNDS: OutboundBounds = { headersMs: 2_000, idleMs: 2_000, totalMs: 10_000, maxBytes: 1024 * 1024 };
const servers: Server[] = [];
const timers: ReturnType<typeof setInterval>[] = [];

afterEach(async () => {
  for (const timer of timers.splice(0)) clearInterval(timer);
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    ),
  );
});

async function serve(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

async function cutBy(url: string, bounds: Partial<OutboundBounds>): Promise<OutboundLimitError> {
  const error = await fetchBounded(fetch, url, { method: 'GET' }, { ...BOUNDS, ...bounds })
    .then((answer) => readBounded(answer.body))
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
  // Which bound cut it is the error's `bound` (each test asks for its own): a wall-clock check here only measured
  // the machine's load (CI once took 1,534 ms to inflate and cut a bomb).
  expect(error).toBeInstanceOf(OutboundLimitError);
  return error as OutboundLimitError;
}

describe('fetchBounded', () => {
  it('reads a whole answer within its bounds', async () => {
    const url = await serve((_request, response) => response.end('{"ok":true}'));
    const answer = await fetchBounded(fetch, url, { method: 'GET' }, BOUNDS);
    expect(answer.response.status).toBe(200);
    expect(new TextDecoder().decode(await readBounded(answer.body))).toBe('{"ok":true}');
  });

  it('cuts an upstream that sends no headers (header timeout)', async () => {
    const url = await serve(() => undefined);
    const error = await cutBy(url, { headersMs: 150 });
    expect(error).toMatchObject({ bound: 'headers', limit: 150 });
  });

  it('cuts a body that stops after 10 bytes (idle timeout)', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'content-length': '1000' });
      response.write('0123456789');
    });
    expect(await cutBy(url, { idleMs: 150 })).toMatchObject({ bound: 'idle', limit: 150 });
  });

  it('cuts a body that drips a byte every 50 ms, never idle (total deadline)', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200);
      timers.push(setInterval(() => response.write('x'), 50));
    });
    expect(await cutBy(url, { idleMs: 500, totalMs: 400 })).toMatchObject({ bound: 'total', limit: 400 });
  });

  it('cuts a gzip bomb by its decoded size, long before it is inflated', async () => {
    // 64 MiB of zeros compress to ~64 KB; the cap is on what fetch hands over after inflating.
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' });
      response.end(bomb);
    });
    const error = await cutBy(url, { maxBytes: 1024 * 1024 });
    expect(error).toMatchObject({ bound: 'size', limit: 1024 * 1024 });
  });

  it('bounds an in-process upstream that ignores the abort signal', async () => {
    const never = () => new Promise<Response>(() => undefined);
    const error = await fetchBounded(
      never,
      'http://in-process.test/',
      { method: 'GET' },
      {
        ...BOUNDS,
        headersMs: 100,
      },
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ bound: 'headers' });
  });

  it('aborts the upstream request when the body is cut', async () => {
    let closed = false;
    const url = await serve((request, response) => {
      request.socket.on('close', () => (closed = true));
      response.writeHead(200);
      response.write('0123456789');
    });
    expect(await cutBy(url, { idleMs: 100 })).toMatchObject({ bound: 'idle' });
    await expect.poll(() => closed).toBe(true);
  });
});
