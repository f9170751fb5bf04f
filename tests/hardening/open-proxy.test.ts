import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRequest, type Listening } from '@/testing/node-servers';
import type { Gateway as Runtime } from '@/server/gateway';
import { rawExchange, startFakeUpstream, startLiveGateway, statusOf, type FakeUpstream } from './support';

/**
 * The open-proxy hunt, over real HTTP against the live-mode gateway: nothing outside the allow-list
 * reaches the upstream, and what does reach it goes to the configured base, nowhere else.
 */
let upstream: FakeUpstream;
let gateway: Listening & { runtime: Runtime };

beforeAll(async () => {
  upstream = await startFakeUpstream();
  gateway = await startLiveGateway(upstream, { BODY_LIMIT_BYTES: '8192' });
});
afterAll(async () => {
  await gateway.close();
  await upstream.close();
});
beforeEach(() => {
  upstream.received.length = 0;
});

const REFUSED_TARGETS = [
  // outside the allow-list
  '/api/github/gists',
  '/api/github/admin/users',
  '/api/github/repos/octo-org/hello-world/contents/README.md',
  '/api/github/user/keys',
  '/api/registrar/dns/retrieve/example.com',
  '/api/registrar/domain/create/example.com',
  '/api/github',
  '/api/github/',
  '/api/other/user',
  // dot segments and their encodings
  '/api/github/user/%2e%2e/gists',
  '/api/github/user/%2E%2E/gists',
  '/api/github/orgs/%2e%2e%2f%2e%2e%2fgists/repos',
  '/api/github/orgs/..%2fadmin/repos',
  '/api/github/orgs/..%5cadmin/repos',
  '/api/github/orgs/.%2e/repos',
  // double encoding
  '/api/github/orgs/%252e%252e/repos',
  '/api/github/orgs/a%252fb/repos',
  '/api/github/orgs/%25%32%65/repos',
  '/api/registrar/domain/getRegistrationRequirements/com%252f..%252fdns',
  // absolute URLs smuggled into the path
  '/api/github/https://evil.example/x',
  '/api/github/https:%2f%2fevil.example%2fx',
  '/api/github//evil.example/user',
  '/api/registrar/domain/getRegistrationRequirements/evil.example%2fx',
  '/api/registrar/domain/getRegistrationRequirements/@evil.example',
  // CRLF, NUL and other controls in parameters
  '/api/github/orgs/octo%0d%0aHost:%20evil.example/repos',
  '/api/github/orgs/octo%00/repos',
  '/api/github/orgs/octo%09org/repos',
  '/api/github/orgs/octo-org/repos?per_page=1%0d%0aX-Injected:%201',
  '/api/github/orgs/octo-org/repos?per_page=1%00',
  '/api/github/orgs/octo-org/repos?page=1&sort=%0aupdated',
  '/api/github/orgs/octo-org/repos?per_page=%25%30%64',
  '/api/github/orgs/octo-org/repos?url=https://evil.example',
  '/api/github/user?callback=x',
  '/api/registrar/domain/getRegistrationRequirements/com%0d%0a',
  // unicode look-alikes and oversize segments
  '/api/github/orgs/%EF%BC%8E%EF%BC%8E/repos',
  `/api/github/orgs/${'a'.repeat(40)}/repos`,
  `/api/github/user/migrations/${'9'.repeat(17)}`,
  `/api/registrar/domain/getRegistrationRequirements/${'a'.repeat(64)}`,
];

describe('paths and parameters', () => {
  it.each(REFUSED_TARGETS)('never forwards %s', async (target) => {
    const response = await rawRequest(gateway.port, target);
    expect(response.status, response.body).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(upstream.received).toEqual([]);
  });

  it('raw CRLF, spaces and NUL in the request target split nothing into the upstream request', async () => {
    for (const target of ['/api/github/user\r\nX-Evil: 1', '/api/github/us er', '/api/github/user\0']) {
      const raw = await rawExchange(
        gateway.port,
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${gateway.port}\r\nConnection: close\r\n\r\n`,
      );
      // Node's parser refuses the request, or reads the line up to the break: only /user is then asked.
      expect([0, 200, 400], target).toContain(statusOf(raw));
    }
    for (const sent of upstream.received) {
      expect(sent.url).toBe(`${upstream.origin}/api/v3/user`);
      expect(JSON.stringify(sent.headers)).not.toMatch(/evil/i);
    }
  });

  it('forwards an allowed operation to the configured base only, with only its own headers', async () => {
    const response = await rawRequest(gateway.port, '/api/github/orgs/octo-org/repos?per_page=5&page=2', {
      headers: {
        authorization: 'Bearer attacker-token',
        cookie: 'session=1',
        'x-forwarded-host': 'evil.example',
        'x-http-method-override': 'DELETE',
        'x-github-api-version': '1999-01-01',
      },
    });
    expect(response.status).toBe(200);
    expect(upstream.received).toHaveLength(1);
    const [sent] = upstream.received;
    expect(sent?.method).toBe('GET');
    expect(sent?.url).toBe(`${upstream.origin}/api/v3/orgs/octo-org/repos?per_page=5&page=2`);
    expect(sent?.headers.authorization).toMatch(/^Bearer fake-github-token-HARDENINGfake/);
    expect(sent?.headers.cookie).toBeUndefined();
    expect(sent?.headers['x-forwarded-host']).toBeUndefined();
    expect(sent?.headers['x-http-method-override']).toBeUndefined();
    expect(sent?.headers['x-github-api-version']).toBe('2022-11-28');
  });

  it('an absolute-form request target cannot change where the gateway forwards', async () => {
    const raw = await rawExchange(
      gateway.port,
      `GET http://evil.example/api/github/user HTTP/1.1\r\nHost: 127.0.0.1:${gateway.port}\r\nConnection: close\r\n\r\n`,
    );
    expect(statusOf(raw)).toBe(200);
    expect(upstream.received.map((request) => request.url)).toEqual([`${upstream.origin}/api/v3/user`]);
  });
});

describe('methods', () => {
  it.each([
    ['TRACE', '/api/github/user'],
    ['OPTIONS', '/api/github/user'],
    ['PROPFIND', '/api/github/user'],
    ['PATCH', '/api/github/rate_limit'],
    ['PUT', '/api/github/user/migrations'],
    ['DELETE', '/api/registrar/ping'],
    ['GET', '/api/github/user/migrations/1/repos/hello-world/lock'],
  ])('refuses %s %s', async (method, target) => {
    const response = await rawRequest(gateway.port, target, { method });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(upstream.received).toEqual([]);
  });

  it('refuses CONNECT (tunnelling) outright', async () => {
    const raw = await rawExchange(
      gateway.port,
      `CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n`,
      1_000,
    );
    expect(raw.startsWith('HTTP/1.1 200')).toBe(false);
    expect(upstream.received).toEqual([]);
  });
});

describe('bodies', () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    rawRequest(gateway.port, '/api/github/user/migrations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it.each([
    ['not JSON', '{"repositories": [hello]}'],
    ['an array', '["hello-world"]'],
    ['a string', '"hello"'],
    ['a number', '42'],
    ['truncated', '{"repositories": ["hello-'],
    ['a BOM-prefixed object with trailing garbage', '\uFEFF{"a":1} x'],
  ])('refuses %s with 400', async (_what, body) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'BAD_BODY', source: 'gateway' });
    expect(upstream.received).toEqual([]);
  });

  it('survives deep nesting within the size limit, and stays up', async () => {
    const depth = 3_000;
    const response = await post(`{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    expect([200, 400]).toContain(response.status);
    const oversize = await post(`{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`);
    expect(oversize.status).toBe(413);
    expect((await rawRequest(gateway.port, '/api/health')).status).toBe(200);
  });

  it('refuses a body whose length lies, and Content-Length with Transfer-Encoding (smuggling)', async () => {
    const smuggled = await rawExchange(
      gateway.port,
      `POST /api/github/user/migrations HTTP/1.1\r\nHost: 127.0.0.1:${gateway.port}\r\nX-Ferry-Client: ferry-tests\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\nGET /api/github/gists HTTP/1.1\r\nHost: 127.0.0.1:${gateway.port}\r\n\r\n`,
    );
    expect([0, 400]).toContain(statusOf(smuggled));
    expect(upstream.received.map((request) => request.url)).not.toContainEqual(
      expect.stringContaining('gists'),
    );
    const short = await rawExchange(
      gateway.port,
      `POST /api/github/user/migrations HTTP/1.1\r\nHost: 127.0.0.1:${gateway.port}\r\nX-Ferry-Client: ferry-tests\r\nContent-Type: application/json\r\nContent-Length: 100000\r\nConnection: close\r\n\r\n{}`,
      1_500,
    );
    expect([0, 400, 413]).toContain(statusOf(short));
    expect(upstream.received).toEqual([]);
  });

  it('a GET never carries a body upstream', async () => {
    await rawRequest(gateway.port, '/api/github/user', { method: 'GET', body: '{"x":1}' });
    // Node 20's adapter drops the body and forwards the GET; on Node 24 a GET Request cannot have a body, so
    // the adapter cannot build it and the gateway answers its own 400. Either way, no body goes upstream.
    expect(upstream.received.length).toBeLessThanOrEqual(1);
    expect(upstream.received.map((request) => request.body).join('')).toBe('');
  });
});
