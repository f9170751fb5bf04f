import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PORT,
  inProcessGateway,
  rawRequest,
  spyGateway,
  startGateway,
  type Listening,
} from '@/testing/node-servers';
import type { Gateway as Runtime } from '@/server/gateway';
import { CONTENT_SECURITY_POLICY } from './security';

function expectSecurityHeaders(headers: Headers, what: string) {
  expect(headers.get('content-security-policy'), what).toBe(CONTENT_SECURITY_POLICY);
  expect(headers.get('content-security-policy'), what).toContain("frame-ancestors 'none'");
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('referrer-policy'), what).toBe('no-referrer');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.has('set-cookie'), what).toBe(false);
}

describe('Host check (DNS rebinding)', () => {
  const { call } = inProcessGateway();

  it.each([
    'evil.example',
    `evil.example:${TEST_PORT}`,
    'localhost:1234',
    `127.0.0.2:${TEST_PORT}`,
    'localhost',
    '',
  ])('answers Host %j with 421', async (host) => {
    const response = await call('/api/config', { headers: { host } });
    expect(response.status).toBe(421);
    expect(await response.json()).toEqual({
      message: 'Unexpected Host header.',
      code: 'BAD_HOST',
      source: 'gateway',
    });
    expectSecurityHeaders(response.headers, host);
  });

  it.each([
    `localhost:${TEST_PORT}`,
    `127.0.0.1:${TEST_PORT}`,
    `[::1]:${TEST_PORT}`,
    `LOCALHOST:${TEST_PORT}`,
  ])('admits Host %j', async (host) => {
    expect((await call('/api/health', { headers: { host } })).status).toBe(200);
  });

  it('admits names listed in FERRY_ALLOWED_HOSTS', async () => {
    const gateway = inProcessGateway({ FERRY_ALLOWED_HOSTS: 'ferry.lan:8443, Other.Example:80' });
    expect((await gateway.call('/api/health', { headers: { host: 'ferry.lan:8443' } })).status).toBe(200);
    expect((await gateway.call('/api/health', { headers: { host: 'other.example:80' } })).status).toBe(200);
    expect((await gateway.call('/api/health', { headers: { host: 'ferry.lan' } })).status).toBe(421);
  });
});

describe('cross-site and cross-origin checks', () => {
  it('refuses Sec-Fetch-Site: cross-site on /api and /__sim', async () => {
    const { call } = inProcessGateway();
    for (const path of ['/api/config', '/api/github/rate_limit', '/__sim/state']) {
      const response = await call(path, { headers: { 'sec-fetch-site': 'cross-site' } });
      expect(response.status, path).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'CROSS_SITE' });
    }
    for (const site of ['same-origin', 'none']) {
      expect((await call('/api/config', { headers: { 'sec-fetch-site': site } })).status).toBe(200);
    }
  });

  it('refuses a write from another origin and forwards nothing', async () => {
    const gateway = spyGateway();
    for (const origin of ['http://evil.example', `http://localhost:${TEST_PORT + 1}`, 'null']) {
      const response = await gateway.call('/api/github/user/migrations', {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: '{"repositories":["hello-world"]}',
      });
      expect(response.status, origin).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'BAD_ORIGIN' });
    }
    expect(gateway.forwarded()).toBe(0);
  });

  it('lets a same-origin write (or one without Origin) through', async () => {
    const gateway = spyGateway();
    for (const headers of [{ origin: `http://127.0.0.1:${TEST_PORT}` }, {}] as Record<string, string>[]) {
      const response = await gateway.call('/api/github/user/migrations', {
        method: 'POST',
        headers,
        body: '{}',
      });
      expect(response.status).toBe(200);
    }
    expect(gateway.sent.github).toHaveLength(2);
  });
});

describe('password (non-loopback listening)', () => {
  const auth = (user: string, password: string) =>
    `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

  it('answers 401 with WWW-Authenticate without the right password, and passes with it', async () => {
    const { call } = inProcessGateway({
      HOST: '0.0.0.0',
      FERRY_PASSWORD: 'correct horse',
      FERRY_ALLOWED_HOSTS: 'ferry.lan:5180',
    });
    const host = 'ferry.lan:5180';
    for (const authorization of [
      undefined,
      auth('x', 'wrong'),
      'Bearer correct horse',
      'Basic !!!',
      auth('', 'correct hors'),
    ]) {
      const headers: Record<string, string> = { host };
      if (authorization) headers.authorization = authorization;
      const response = await call('/api/config', { headers });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Basic realm="Ferry", charset="UTF-8"');
      expect(await response.json()).toMatchObject({ code: 'PASSWORD_REQUIRED' });
      expectSecurityHeaders(response.headers, 'password');
    }
    const ok = await call('/api/config', {
      headers: { host, authorization: auth('anyone', 'correct horse') },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ passwordProtected: true });
    expect((await call('/__sim/state', { headers: { host } })).status).toBe(401);
  });
});

describe('security headers and cookies', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'ferry-static-'));
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Ferry</title>');
    writeFileSync(path.join(root, 'assets', 'app-1234.js'), 'console.log(1)');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('sets them on API, error and static responses', async () => {
    const { call } = inProcessGateway({}, { staticRoot: root });
    const cases: [string, number][] = [
      ['/api/config', 200],
      ['/api/github/rate_limit', 200],
      ['/api/nope', 404],
      ['/api/github/gists', 404],
      ['/', 200],
      ['/assets/app-1234.js', 200],
      ['/migrations/42', 200],
    ];
    for (const [target, status] of cases) {
      const response = await call(target);
      expect(response.status, target).toBe(status);
      expectSecurityHeaders(response.headers, target);
    }
    expect((await call('/migrations/42')).headers.get('content-type')).toMatch(/^text\/html/);
    expect((await call('/assets/app-1234.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    const missing = await call('/assets/gone-5678.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toMatch(/immutable/);
    expect((await call('/api/config')).headers.get('cache-control')).toBe('no-store');
  });

  it('says so when the dashboard is not built', async () => {
    const { call } = inProcessGateway({}, { staticRoot: path.join(root, 'missing') });
    const response = await call('/');
    expect(response.status).toBe(503);
    expectSecurityHeaders(response.headers, 'not built');
  });

  it('never passes an upstream set-cookie through', async () => {
    const cookie = (status: number) => () =>
      Response.json(
        { ok: status < 400 },
        { status, headers: { 'set-cookie': 'session=abc; HttpOnly', 'set-cookie2': 'x=1' } },
      );
    for (const status of [200, 404, 500]) {
      const gateway = spyGateway({ github: cookie(status), registrar: cookie(status) });
      for (const response of [
        await gateway.call('/api/github/user'),
        await gateway.call('/api/registrar/ping', { method: 'POST', body: '{}' }),
      ]) {
        expect(response.status).toBe(status);
        expect(response.headers.has('set-cookie')).toBe(false);
        expect(response.headers.has('set-cookie2')).toBe(false);
      }
    }
  });
});

describe('over real HTTP', () => {
  let server: Listening & { runtime: Runtime };
  beforeAll(async () => {
    server = await startGateway({});
  });
  afterAll(() => server.close());

  it('answers a wrong Host with 421 and the right one normally', async () => {
    const wrong = await rawRequest(server.port, '/api/config', { headers: { host: 'evil.example' } });
    expect(wrong.status).toBe(421);
    expect(wrong.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    const otherPort = await rawRequest(server.port, '/api/config', { headers: { host: 'localhost:1234' } });
    expect(otherPort.status).toBe(421);
    const right = await fetch(`${server.origin}/api/config`);
    expect(right.status).toBe(200);
    expect(right.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('admits loopback callers to /__sim/* and refuses cross-site ones', async () => {
    expect((await fetch(`${server.origin}/__sim/state`)).status).toBe(200);
    const crossSite = await fetch(`${server.origin}/__sim/state`, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
  });

  it('refuses the control interface in process when the caller is unknown (loopback mode)', async () => {
    const { call } = inProcessGateway({}, { controlAccess: 'loopback' });
    expect((await call('/__sim/state')).status).toBe(403);
  });
});
