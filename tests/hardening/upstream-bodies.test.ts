import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rawRequest, type Listening } from '@/testing/node-servers';
import type { Gateway as Runtime } from '@/server/gateway';
import { startFakeUpstream, startLiveGateway, type FakeUpstream } from './support';

/**
 * Upstream bodies that would exhaust the gateway: a gzip bomb, a huge JSON answer, an archive download
 * that stalls half-way. Over real HTTP against the live-mode gateway (UPSTREAM_JSON_LIMIT_BYTES at its 8 MB
 * default). The size tests' gateway keeps the production time bounds: with the 1 s UPSTREAM_TIMEOUT_MS all of
 * them once shared, a loaded machine's pause while this same process built or read a 20 MB answer was a 504
 * where a 200 was due. Only the stall tests' gateway has a short one.
 */
let upstream: FakeUpstream;
let gateway: Listening & { runtime: Runtime };
/** A bound on a test that only catches a hang: these move tens of MB through one process. */
const HANG_MS = 120_000;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  gateway = await startLiveGateway(upstream);
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

describe('bodies too big to read', { timeout: HANG_MS }, () => {
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

describe('streamed bodies that stall', { timeout: HANG_MS }, () => {
  const ARCHIVE = '/api/github/orgs/octo-org/migrations/12/archive';
  /**
   * The stall tests' UPSTREAM_TIMEOUT_MS: short, so a cut comes soon, and ten times the gap between the slow
   * archive's chunks below, so a loaded machine's late timer is not mistaken for silence.
   */
  const IDLE_MS = 2_000;
  const GAP_MS = IDLE_MS / 10;
  let impatient: Listening & { runtime: Runtime };
  beforeAll(async () => {
    impatient = await startLiveGateway(upstream, { UPSTREAM_TIMEOUT_MS: String(IDLE_MS) });
  });
  afterAll(() => impatient.close());

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
    const outcome = await rawRequest(impatient.port, ARCHIVE).then(
      (response) => response,
      (error: unknown) => error,
    );
    // The browser sees a broken download (never a complete one) and the upstream is let go.
    if (!(outcome instanceof Error)) expect((outcome as { body: string }).body.length).toBeLessThan(10);
    await vi.waitFor(() => expect(state.cancelled).toBe(true), { timeout: HANG_MS / 2, interval: 20 });
    for (const call of logged.mock.calls) expect(String(call[0])).toMatch(/UpstreamIdleError|no body bytes/);
    logged.mockRestore();
  });

  it('a slow archive that keeps sending is not cut, however long it takes in total', async () => {
    // Chunks GAP_MS apart for twice UPSTREAM_TIMEOUT_MS in all.
    const chunks = (2 * IDLE_MS) / GAP_MS;
    archiveUpstream(() => {
      let sent = 0;
      return new Response(
        new ReadableStream({
          async pull(controller) {
            await wait(GAP_MS);
            if (sent === chunks) return controller.close();
            sent += 1;
            controller.enqueue(new Uint8Array(1024).fill(sent));
          },
        }),
        { headers: { 'content-type': 'application/gzip' } },
      );
    });
    const response = await rawRequest(impatient.port, ARCHIVE);
    expect(response.status).toBe(200);
    expect(Buffer.byteLength(response.body, 'latin1')).toBeGreaterThanOrEqual(chunks * 1024 - chunks);
  });
});
