import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, startGateway, type Listening } from '@/testing/node-servers';
import type { Gateway as Runtime } from '@/server/gateway';

/** Live-mode upstream failures, over real sockets with the runtime's real fetch. */
describe('upstream failures over real HTTP', () => {
  let silent: Listening;
  let closedPort: number;
  let hanging: Listening & { runtime: Runtime };
  let unreachable: Listening & { runtime: Runtime };
  let redirecting: Listening;
  let redirected: Listening & { runtime: Runtime };
  let dripping: Listening;
  let dripped: Listening & { runtime: Runtime };

  beforeAll(async () => {
    // Accepts the request and never answers.
    silent = await listen(() => new Promise<Response>(() => {}));
    // A port that was just released: nothing listens there.
    const released = await listen(() => new Response('bye'));
    closedPort = released.port;
    await released.close();
    redirecting = await listen(
      () =>
        new Response(null, { status: 302, headers: { location: 'https://objects.example/archive.tar.gz' } }),
    );

    // Sends its JSON one space every 50 ms: never idle, never done.
    dripping = await listen(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              const timer = setInterval(() => {
                try {
                  controller.enqueue(new TextEncoder().encode(' '));
                } catch {
                  clearInterval(timer);
                }
              }, 50);
            },
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
    );
    dripped = await startGateway({
      GITHUB_TOKEN: 'ghp_test',
      GITHUB_API_URL: `${dripping.origin}/api/v3`,
      UPSTREAM_TIMEOUT_MS: '1000',
      UPSTREAM_TOTAL_MS: '400',
    });

    hanging = await startGateway({
      GITHUB_TOKEN: 'ghp_test',
      GITHUB_API_URL: `${silent.origin}/api/v3`,
      UPSTREAM_TIMEOUT_MS: '200',
    });
    unreachable = await startGateway({
      GITHUB_TOKEN: 'ghp_test',
      GITHUB_API_URL: `http://127.0.0.1:${closedPort}/api/v3`,
      PORKBUN_API_KEY: 'pk1_test',
      PORKBUN_SECRET_API_KEY: 'sk1_test',
      PORKBUN_API_URL: `http://127.0.0.1:${closedPort}/api/json/v3`,
    });
    redirected = await startGateway({
      GITHUB_TOKEN: 'ghp_test',
      GITHUB_API_URL: `${redirecting.origin}/api/v3`,
    });
  });

  afterAll(async () => {
    await Promise.all([hanging, unreachable, redirected, dripped].map((server) => server.close()));
    await Promise.all([silent, redirecting, dripping].map((server) => server.close()));
  });

  it('answers 504 within UPSTREAM_TIMEOUT_MS when the upstream never answers', async () => {
    const started = performance.now();
    const response = await fetch(`${hanging.origin}/api/github/rate_limit`);
    const elapsed = performance.now() - started;
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ code: 'UPSTREAM_TIMEOUT', source: 'gateway' });
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(2000);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 504 at UPSTREAM_TOTAL_MS when the answer drips and never goes idle', async () => {
    const started = performance.now();
    const response = await fetch(`${dripped.origin}/api/github/rate_limit`);
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({
      code: 'UPSTREAM_TIMEOUT',
      message: 'The upstream took longer than 0.4 s to send its answer.',
    });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('answers 502 when nothing listens at the upstream address', async () => {
    for (const [path, init] of [
      ['/api/github/user', {}],
      ['/api/registrar/ping', { method: 'POST', body: '{}', headers: { 'x-ferry-client': 'ferry-tests' } }],
    ] as const) {
      const response = await fetch(`${unreachable.origin}${path}`, init);
      expect(response.status, path).toBe(502);
      expect(await response.json()).toMatchObject({ code: 'UPSTREAM_UNREACHABLE', source: 'gateway' });
    }
  });

  it('does not follow a 302 from a non-archive operation', async () => {
    const response = await fetch(`${redirected.origin}/api/github/user/migrations`, { redirect: 'manual' });
    expect(response.status).toBe(502);
    expect(response.headers.has('location')).toBe(false);
    expect(await response.json()).toMatchObject({ code: 'UNEXPECTED_REDIRECT' });
  });
});
