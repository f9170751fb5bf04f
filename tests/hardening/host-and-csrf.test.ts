import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_INTENT_HEADER } from '@/contracts/sim-control';
import { rawRequest, startGateway, type Listening } from '@/testing/node-servers';
import type { Gateway as Runtime } from '@/server/gateway';
import { rawExchange, startFakeUpstream, startLiveGateway, statusOf, type FakeUpstream } from './support';

/**
 * DNS rebinding and CSRF against the running gateway over real HTTP (complements the in-process checks
 * in src/server/security.test.ts with what only a socket can send).
 */
let upstream: FakeUpstream;
let live: Listening & { runtime: Runtime };
let simulated: Listening & { runtime: Runtime };

beforeAll(async () => {
  upstream = await startFakeUpstream();
  live = await startLiveGateway(upstream);
  simulated = await startGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' });
});
afterAll(async () => {
  await Promise.all([live.close(), simulated.close()]);
  await upstream.close();
});

describe('DNS rebinding: only our own Host names are answered', () => {
  const hostile = (port: number) => [
    'evil.example',
    `evil.example:${port}`,
    `localhost.:${port}`,
    `127.0.0.1.nip.io:${port}`,
    `127.1:${port}`,
    `2130706433:${port}`,
    `[::ffff:127.0.0.1]:${port}`,
    `localhost:${port}@evil.example`,
    `localhost:${port} evil.example`,
  ];

  it('refuses every hostile Host on the API, the control interface and the SPA, forwarding nothing', async () => {
    for (const host of hostile(live.port)) {
      for (const target of ['/api/github/user', '/api/config', '/']) {
        const response = await rawRequest(live.port, target, { headers: { host } });
        expect([400, 421], `${host} ${target}`).toContain(response.status);
      }
    }
    for (const host of hostile(simulated.port)) {
      const response = await rawRequest(simulated.port, '/__sim/reset', {
        method: 'POST',
        headers: { host },
      });
      expect([400, 421], host).toContain(response.status);
    }
    expect(upstream.received).toHaveLength(0);
  });

  it('refuses a request with no Host at all (HTTP/1.0)', async () => {
    const raw = await rawExchange(live.port, 'GET /api/config HTTP/1.0\r\n\r\n');
    expect([400, 421]).toContain(statusOf(raw));
  });

  it('judges by the Host header, not by an absolute-form request target', async () => {
    const raw = await rawExchange(
      live.port,
      `GET http://127.0.0.1:${live.port}/api/config HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
    );
    expect(statusOf(raw)).toBe(421);
  });

  it('refuses two Host headers', async () => {
    const raw = await rawExchange(
      live.port,
      `GET /api/config HTTP/1.1\r\nHost: 127.0.0.1:${live.port}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
    );
    expect([400, 421]).toContain(statusOf(raw));
  });
});

describe('CSRF: the API and the control interface refuse what a foreign page can send', () => {
  const post = (port: number, target: string, headers: Record<string, string>) =>
    rawRequest(port, target, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', ...headers },
      body: '{"repositories":["hello-world"]}',
    });

  it.each([
    ['a cross-site form post', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['an Origin of another port on this machine', { origin: 'http://127.0.0.1:1' }],
    ['a sandboxed frame (Origin: null)', { origin: 'null' }],
    ['an https twin of another host', { origin: 'https://localhost.evil.example' }],
    ['another site on this machine (same-site)', { 'sec-fetch-site': 'same-site' }],
  ])('refuses %s, forwarding nothing', async (_what, headers) => {
    const before = upstream.received.length;
    const write = await post(live.port, '/api/github/user/migrations', headers);
    expect(write.status).toBe(403);
    const control = await post(simulated.port, '/__sim/reset', headers);
    expect(control.status).toBe(403);
    expect(upstream.received.length).toBe(before);
  });

  it('refuses cross-site and same-site reads too (they spend the budget even unread)', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const response = await rawRequest(live.port, '/api/github/user', {
        headers: { 'sec-fetch-site': site },
      });
      expect(response.status, site).toBe(403);
    }
  });

  it('admits the SPA’s own same-origin write', async () => {
    const response = await post(live.port, '/api/github/user/migrations', {
      origin: `http://127.0.0.1:${live.port}`,
      'sec-fetch-site': 'same-origin',
    });
    expect(response.status).toBe(200);
  });

  it('refuses a write that states no intent (no Origin, no Sec-Fetch-Site, no X-Ferry-Client): 403, nothing done', async () => {
    const before = upstream.received.length;
    // A DELETE carries no body (Node's parser refuses one without a length on a reused connection).
    const bare = (target: string, method: string) =>
      rawRequest(live.port, target, {
        method,
        headers: method === 'DELETE' ? { 'content-length': '0' } : { 'content-type': 'text/plain' },
        body: method === 'DELETE' ? undefined : '{"repositories":["hello-world"]}',
        intent: false,
      });
    for (const [target, method] of [
      ['/api/github/user/migrations', 'POST'],
      ['/api/github/orgs/octo-org/migrations/1/archive', 'DELETE'],
      ['/api/ferry/drafts/octo-org/hello?authors=1', 'DELETE'],
      ['/api/ferry/recent', 'POST'],
      ['/api/ferry/drafts/octo-org/hello', 'PUT'],
      ['/api/waves/preview', 'POST'],
      ['/api/github/repos/octo-org/hello/import', 'PATCH'],
    ] as const) {
      const answer = await bare(target, method);
      expect(answer.status, `${method} ${target}`).toBe(403);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'NO_INTENT', source: 'gateway' });
      expect(answer.headers['content-security-policy']).toBeTruthy();
    }
    // An empty header states nothing either.
    const empty = await rawRequest(live.port, '/api/ferry/recent', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ferry-client': '', origin: '' },
      body: '{"kind":"org","key":"octo-org"}',
    });
    expect(empty.status).toBe(403);
    expect(upstream.received.length).toBe(before);
    // Reads need nothing; a client that states intent with the header writes.
    expect((await rawRequest(live.port, '/api/github/user', { intent: false })).status).toBe(200);
    const stated = await rawRequest(live.port, '/api/github/user/migrations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ferry-client': '1' },
      body: '{"repositories":["hello-world"]}',
    });
    expect(stated.status).toBe(200);
    // The simulator's control interface (simulator mode only, for test harnesses) is left out, by decision.
    const control = await rawRequest(simulated.port, '/__sim/advance', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIM_INTENT_HEADER]: 'advance' },
      body: '{"seconds":0}',
      intent: false,
    });
    expect(control.status).toBe(200);
  });

  it('never grants CORS: no Access-Control-Allow-* on any answer, preflights are refused', async () => {
    const preflight = await rawRequest(live.port, '/api/github/user/migrations', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    const read = await rawRequest(live.port, '/api/github/user', {
      headers: { origin: 'https://evil.example' },
    });
    for (const response of [preflight, read]) {
      expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
  });
});
