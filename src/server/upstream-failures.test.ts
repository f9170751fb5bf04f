import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, startGateway, type Listening } from '@/testing/node-servers';
import type { Runtime } from './runtime';

/** Live-mode upstream failures, over real sockets with the runtime's real fetch. */
describe('upstream failures over real HTTP', () => {
  let silent: Listening;
  let closedPort: number;
  let hanging: Listening & { runtime: Runtime };
  let unreachable: Listening & { runtime: Runtime };
  let redirecting: Listening;
  let redirected: Listening & { runtime: Runtime };

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
    await Promise.all([hanging, unreachable, redirected].map((server) => server.close()));
    await Promise.all([silent, redirecting].map((server) => server.close()));
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
