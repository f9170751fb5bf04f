import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rawRequest, type Listening } from '@/testing/node-servers';
import type { Gateway as Runtime } from '@/server/gateway';
import { startFakeUpstream, startLiveGateway, type FakeUpstream } from './support';

/**
 * Upstream bodies that would exhaust the gateway: a gzip bomb, a huge JSON answer, an archive download
 * that stalls half-way. Over real HTTP against the live-mode gateway (UPSTREAM_TIMEOUT_MS 1 s — with less, a busy
 * machine's pauses while this same process reads the 20 MB answer looked like silence — and
 * UPSTREAM_JSON_LIMIT_BYTES at its 8 MB default).
 */
let upstream: FakeUpstream;
let gateway: Listening & { runtime: Runtime };

beforeAll(async () => {
  upstream = await startFakeUpstream();
  gateway = await startLiveGateway(upstream, { UPSTREAM_TIMEOUT_MS: '1000' });
});
afterAll(async () => {
  await gateway.close();
  await upstream.close();
});

const MiB = 1024 * 1024;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A body made of `count` copies of `chunk`, produced only as fast as it is read; `pulled` counts them. */
function lazyBody(chunk: Uint8Array, count: number) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled === count) return controller.close();
        state.pulled += 1;
        controller.enqueue(chunk);
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

describe('bodies too big to read', () => {
  it('a gzip bomb (16 MB that inflates to 16 GiB) is refused after the cap, not inflated whole', async () => {
    // Concatenated gzip members inflate one after the other: 256 × 64 MiB of spaces, ~64 KB each.
    const member = gzipSync(Buffer.alloc(64 * MiB, ' '));
    const bomb = lazyBody(member, 256);
    upstream.answer(
      () =>
        new Response(bomb.stream, {
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        }),
    );
    const response = await rawRequest(gateway.port, '/api/github/user');
    expect(response.status).toBe(502);
    expect(JSON.parse(response.body)).toMatchObject({
      code: 'UPSTREAM_TOO_LARGE',
      source: 'gateway',
      message: expect.stringContaining('8 MB') as unknown,
    });
    // It stopped reading soon after 8 MB of inflated text (socket buffers let a few MB more in).
    await wait(50);
    expect(bomb.state.pulled).toBeLessThan(128);
  });

  it('a 50 MB JSON answer is a 502 with a clear message; the rest is never read', async () => {
    const huge = lazyBody(new TextEncoder().encode(`"${'x'.repeat(MiB - 3)}",`), 50);
    upstream.answer(() => new Response(huge.stream, { headers: { 'content-type': 'application/json' } }));
    const response = await rawRequest(gateway.port, '/api/github/user/orgs');
    expect(response.status).toBe(502);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'UPSTREAM_TOO_LARGE' });
    await wait(50);
    expect(huge.state.pulled).toBeLessThan(30);
  });

  it('the commit authors (one answer of every author, not paged) may be 8 × the cap, and no more', async () => {
    const author = (id: number) =>
      `{"id":${id},"remote_id":"user${id}","remote_name":"user${id}","email":"user${id}@example.com","name":"User ${id}","url":"https://api.github.com/repos/o/r/import/authors/${id}","import_url":"https://api.github.com/repos/o/r/import"}`;
    // ~20 MB: 100,000 authors, more than the 8 MB cap of other answers.
    const many = `[${Array.from({ length: 100_000 }, (_, index) => author(index + 1)).join(',')}]`;
    expect(many.length).toBeGreaterThan(16 * MiB);
    upstream.answer(() => new Response(many, { headers: { 'content-type': 'application/json' } }));
    const response = await rawRequest(gateway.port, '/api/github/repos/octo-org/hello-world/import/authors');
    expect(response.status).toBe(200);
    expect(response.body.length).toBe(many.length);

    const huge = lazyBody(new TextEncoder().encode(`"${'x'.repeat(MiB - 3)}",`), 100);
    upstream.answer(() => new Response(huge.stream, { headers: { 'content-type': 'application/json' } }));
    const refused = await rawRequest(gateway.port, '/api/github/repos/octo-org/hello-world/import/authors');
    expect(refused.status).toBe(502);
    expect(JSON.parse(refused.body)).toMatchObject({
      code: 'UPSTREAM_TOO_LARGE',
      message: expect.stringContaining('64 MB') as unknown,
    });
  });

  it('an answer under the cap passes whole', async () => {
    const body = JSON.stringify({ login: 'octocat', bio: 'x'.repeat(2 * MiB) });
    upstream.answer(() => Response.json(JSON.parse(body)));
    const response = await rawRequest(gateway.port, '/api/github/user');
    expect(response.status).toBe(200);
    expect(response.body).toBe(body);
  });
});

describe('streamed bodies that stall', () => {
  const ARCHIVE = '/api/github/orgs/octo-org/migrations/12/archive';

  function archiveUpstream(storage: () => Response) {
    upstream.answer((request) =>
      new URL(request.url).pathname.startsWith('/storage/')
        ? storage()
        : new Response(null, { status: 302, headers: { location: `${upstream.origin}/storage/12.tar.gz` } }),
    );
  }

  it('an archive download that stops sending is cut after UPSTREAM_TIMEOUT_MS of silence', async () => {
    const state = { cancelled: false };
    archiveUpstream(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0]));
              // ...and never another byte.
            },
            cancel() {
              state.cancelled = true;
            },
          }),
          { headers: { 'content-type': 'application/gzip' } },
        ),
    );
    // The HTTP server reports the cut stream on stderr; keep a passing run's output clean, and check it is
    // this error and nothing else.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Before, this hung until the test's own timeout (the download was never cut).
    const outcome = await rawRequest(gateway.port, ARCHIVE).then(
      (response) => response,
      (error: unknown) => error,
    );
    // The browser sees a broken download (never a complete one) and the upstream is let go.
    if (!(outcome instanceof Error)) expect((outcome as { body: string }).body.length).toBeLessThan(10);
    await wait(100);
    expect(state.cancelled).toBe(true);
    for (const call of logged.mock.calls) expect(String(call[0])).toMatch(/UpstreamIdleError|no body bytes/);
    logged.mockRestore();
  }, 5_000);

  it('a slow archive that keeps sending is not cut, however long it takes in total', async () => {
    archiveUpstream(() => {
      let sent = 0;
      return new Response(
        new ReadableStream({
          async pull(controller) {
            await wait(300);
            if (sent === 8) return controller.close();
            sent += 1;
            controller.enqueue(new Uint8Array(1024).fill(sent));
          },
        }),
        { headers: { 'content-type': 'application/gzip' } },
      );
    });
    // 8 chunks 300 ms apart: 2.7 s in all, well over UPSTREAM_TIMEOUT_MS.
    const response = await rawRequest(gateway.port, ARCHIVE);
    expect(response.status).toBe(200);
    expect(Buffer.byteLength(response.body, 'latin1')).toBeGreaterThanOrEqual(8 * 1024 - 8);
  });
});
