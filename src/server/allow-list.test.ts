import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, rawRequest, spyGateway, type Listening } from '@/testing/node-servers';
import { OPERATIONS, matchOperation } from './allow-list';

/** A concrete path for an operation's template. */
function samplePath(template: string): string {
  const samples: Record<string, string> = { login: 'octo-org', repo: 'hello-world', id: '7', tld: 'com' };
  return template.replace(/\{\w+:(\w+)\}/g, (_m, kind: string) => samples[kind] ?? 'x');
}

describe('matchOperation', () => {
  it.each(OPERATIONS.map((operation) => [operation.id, operation] as const))(
    'matches %s',
    (_id, operation) => {
      const path = samplePath(operation.path);
      const result = matchOperation(operation.upstream, operation.method, path, new URLSearchParams());
      expect(result).toMatchObject({ ok: true, match: { operation, path } });
    },
  );

  it('tells a wrong method (405) from an unknown path (404) and an invalid segment (400)', () => {
    const none = new URLSearchParams();
    expect(matchOperation('github', 'DELETE', 'rate_limit', none)).toMatchObject({ ok: false, status: 405 });
    expect(matchOperation('github', 'GET', 'gists', none)).toMatchObject({ ok: false, status: 404 });
    expect(matchOperation('github', 'GET', 'orgs/-x/repos', none)).toMatchObject({ ok: false, status: 400 });
    expect(matchOperation('registrar', 'GET', 'rate_limit', none)).toMatchObject({ ok: false, status: 404 });
  });

  it('validates segments by kind', () => {
    const ok = (upstream: 'github' | 'registrar', path: string) =>
      matchOperation(upstream, 'GET', path, new URLSearchParams()).ok;
    expect(ok('github', 'orgs/a-b-c/repos')).toBe(true);
    expect(ok('github', `orgs/${'a'.repeat(39)}/repos`)).toBe(true);
    for (const login of ['a--b', 'a-', '-a', 'a_b', 'a.b', `${'a'.repeat(40)}`, '']) {
      expect(ok('github', `orgs/${login}/repos`), login).toBe(false);
    }
    expect(ok('github', 'repos/octo/firmware.v2/import')).toBe(true);
    for (const repo of ['.', '..', 'a b', 'a%20b', 'a+b', 'x'.repeat(101)]) {
      expect(ok('github', `repos/octo/${repo}/import`), repo).toBe(false);
    }
    for (const id of ['0', '01', '-1', '1e3', '1.5', '12345678901234567']) {
      expect(ok('github', `user/migrations/${id}`), id).toBe(false);
    }
    expect(ok('registrar', 'domain/getRegistrationRequirements/co.uk')).toBe(true);
    expect(ok('registrar', 'domain/getRegistrationRequirements/xn--p1ai')).toBe(true);
    for (const tld of ['COM', '.com', 'com.', '-com', 'co..uk', 'c_m']) {
      expect(ok('registrar', `domain/getRegistrationRequirements/${tld}`), tld).toBe(false);
    }
  });

  it('admits only declared query parameters with plain values', () => {
    const q = (query: string) =>
      matchOperation('github', 'GET', 'orgs/octo-org/repos', new URLSearchParams(query));
    expect(q('per_page=100&page=2&type=all&sort=pushed').ok).toBe(true);
    expect(q('since=1')).toMatchObject({ ok: false, status: 400 });
    expect(q('per_page=1%0d%0a')).toMatchObject({ ok: false, status: 400 });
    expect(q('page=2%26x%3D1')).toMatchObject({ ok: false, status: 400 });
    expect(q(`sort=${'a'.repeat(101)}`)).toMatchObject({ ok: false, status: 400 });
  });
});

/** Paths that must be refused before any upstream call. */
const HOSTILE = [
  '/api/github/gists',
  '/api/github/repos/a/b/contents/x',
  '/api/github/user/../gists',
  '/api/github/orgs/%2e%2e/repos',
  '/api/github/orgs/%2E%2E/%2E%2E/gists',
  '/api/github/repos/o/%2e/import',
  '/api/github/orgs/a%2Fb/repos',
  '/api/github/user%2Frepos',
  '/api/github/orgs/a%252Fb/repos',
  '/api/github/orgs/a%5Cb/repos',
  '/api/github/orgs/a%00/repos',
  '/api/github/orgs/a%0d%0aX-Injected:%201/repos',
  '/api/github/orgs/a%20b/repos',
  '/api/github/https://evil.example/x',
  '/api/github/http:%2F%2Fevil.example/x',
  '/api/github//evil.example/user',
  '/api/github/user/',
  '/api/github/user;x=1',
  '/api/github/orgs/-bad/repos',
  '/api/github/orgs/octo-org/migrations/0',
  '/api/github/repos/octo/..%2F..%2Fetc/import',
  '/api/github/user?per_page=1',
  '/api/github/user/orgs?per_page=1%0d%0aX:1',
  '/api/registrar/domain/getRegistrationRequirements/COM',
  '/api/registrar/domain/getRegistrationRequirements/com%2F..%2Fdelete',
  '/api/registrar/domain/delete/com',
  '/api/registrar/ping/../dns/retrieve/x',
];

describe('hostile paths, in process', () => {
  it.each(HOSTILE)('refuses %s with 400/404 JSON and forwards nothing', async (path) => {
    const gateway = spyGateway();
    const response = await gateway.call(path, { method: path.includes('/ping') ? 'POST' : 'GET' });
    expect([400, 404]).toContain(response.status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ source: 'gateway' });
    expect(gateway.forwarded()).toBe(0);
  });

  it('refuses a wrong method on an allowed path with 405, forwarding nothing', async () => {
    const gateway = spyGateway();
    for (const [method, path] of [
      ['POST', '/api/github/rate_limit'],
      ['DELETE', '/api/github/user'],
      ['PUT', '/api/github/user/migrations'],
      ['GET', '/api/registrar/ping'],
      ['HEAD', '/api/github/user'],
    ] as const) {
      const response = await gateway.call(path, { method });
      expect(response.status, `${method} ${path}`).toBe(405);
    }
    expect(gateway.forwarded()).toBe(0);
  });

  it('refuses an unknown query parameter with 400', async () => {
    const gateway = spyGateway();
    const response = await gateway.call('/api/github/orgs/octo-org/repos?per_page=5&access_token=x');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'Query parameter not allowed: access_token' });
    expect(gateway.forwarded()).toBe(0);
  });
});

describe('hostile request targets, over real HTTP', () => {
  const gateway = spyGateway();
  let server: Listening;
  beforeAll(async () => {
    server = await listen((request, env) => gateway.app.fetch(request, env));
  });
  afterAll(() => server.close());

  const host = () => ({ host: `127.0.0.1:${gateway.config.port}` });

  it.each([
    ...HOSTILE,
    '/api/github/orgs/a\\b/repos',
    '/api/github/..%2f..%2fuser',
    '/api/github/../../api/github/gists',
    '/api/github/./gists',
  ])('never forwards %s', async (target) => {
    const response = await rawRequest(server.port, target, { headers: host() });
    expect([400, 404]).toContain(response.status);
    expect(gateway.forwarded()).toBe(0);
  });

  it('resolves dot segments before matching, so they cannot leave the allow-list', async () => {
    // The URL parser turns /api/github/orgs/../user into /api/github/user: an allowed operation in its own right.
    const response = await rawRequest(server.port, '/api/github/orgs/../user', { headers: host() });
    expect(response.status).toBe(200);
    expect(gateway.sent.github.map((request) => new URL(request.url).pathname)).toEqual(['/api/v3/user']);
    gateway.sent.github.length = 0;
  });
});
