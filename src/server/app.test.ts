import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inProcessGateway,
  rawRequest,
  spyGateway,
  startGateway,
  type Listening,
} from '@/testing/node-servers';
import type { Gateway as Runtime } from '@/server/gateway';

describe('gateway routes', () => {
  const { call } = inProcessGateway();

  it('answers /api/health and /api/config', async () => {
    const health = await call('/api/health');
    expect(await health.json()).toEqual({ ok: true });
    const config = await call('/api/config');
    expect(config.status).toBe(200);
    expect(await config.json()).toMatchObject({
      github: { mode: 'simulator' },
      registrar: { mode: 'simulator' },
    });
  });

  it('answers an unknown /api route with a JSON 404', async () => {
    for (const path of ['/api/nope', '/api/github', '/api/githubx/user', '/api/simulator/api/v3/user']) {
      const response = await call(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ source: 'gateway' });
    }
  });

  it('mounts the simulator’s control interface in simulator mode', async () => {
    const state = await call('/__sim/state');
    expect(state.status).toBe(200);
    const advance = await call('/__sim/advance', { method: 'POST', body: JSON.stringify({ seconds: 'x' }) });
    expect(advance.status).toBe(400);
  });

  it('does not mount it in live mode', async () => {
    const live = inProcessGateway({
      GITHUB_TOKEN: 'ghp_x',
      PORKBUN_API_KEY: 'a',
      PORKBUN_SECRET_API_KEY: 'b',
    });
    expect(live.runtime.simulator).toBeUndefined();
    expect((await live.call('/__sim/state')).status).toBe(404);
  });
});

describe('a repository without an import', () => {
  const { call } = inProcessGateway();
  const path = '/api/github/repos/octo-org/hello-world/import';

  it('is GitHub’s 404 by default, and 200 null with its rate-limit headers when the browser asks so', async () => {
    const plain = await call(path);
    expect(plain.status).toBe(404);
    expect(await plain.json()).toMatchObject({ message: 'Not Found' });

    const asked = await call(path, { headers: { 'x-ferry-absent': 'null' } });
    expect(asked.status).toBe(200);
    expect(asked.headers.get('x-ferry-absent')).toBe('404');
    expect(asked.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    expect(await asked.json()).toBeNull();
  });

  it('leaves every other answer alone: an existing import, other operations, the gateway’s own 404', async () => {
    const started = await call(path, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-ferry-client': 'ferry-tests' },
      body: JSON.stringify({ vcs_url: 'https://git.example.com/team/app.git', vcs: 'git' }),
    });
    expect(started.status).toBe(201);
    const existing = await call(path, { headers: { 'x-ferry-absent': 'null' } });
    expect(existing.status).toBe(200);
    expect(existing.headers.get('x-ferry-absent')).toBeNull();
    expect(await existing.json()).toMatchObject({ vcs: 'git' });

    const otherOperation = await call('/api/github/repos/octo-org/nothing-here/import/large_files', {
      headers: { 'x-ferry-absent': 'null' },
    });
    expect(otherOperation.status).toBe(404);
    const refused = await call('/api/github/repos/octo-org/hello-world/import/nope', {
      headers: { 'x-ferry-absent': 'null' },
    });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ source: 'gateway' });
  });
});

describe('request bodies', () => {
  const post = (gateway: ReturnType<typeof spyGateway>, body: string, path = '/api/github/user/migrations') =>
    gateway.call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ferry-client': 'ferry-tests' },
      body,
    });

  it('refuses a body over BODY_LIMIT_BYTES with 413, forwarding nothing', async () => {
    const gateway = spyGateway({ env: { BODY_LIMIT_BYTES: '1024' } });
    const big = JSON.stringify({ repositories: ['x'.repeat(2000)] });
    const response = await post(gateway, big);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'BODY_TOO_LARGE', source: 'gateway' });
    expect(gateway.forwarded()).toBe(0);
    expect((await post(gateway, JSON.stringify({ repositories: ['hello-world'] }))).status).toBe(200);
  });

  it.each([
    ['malformed JSON', '{"repositories": [', 'Problems parsing JSON'],
    ['a JSON array', '["hello-world"]', 'Body should be a JSON object'],
    ['a JSON string', '"hello"', 'Body should be a JSON object'],
    ['JSON null', 'null', 'Body should be a JSON object'],
  ])('refuses %s with 400', async (_what, body, message) => {
    const gateway = spyGateway();
    const response = await post(gateway, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message, code: 'BAD_BODY', source: 'gateway' });
    expect(gateway.forwarded()).toBe(0);
  });

  it('re-serialises a JSON body and forwards an empty one without a body', async () => {
    const gateway = spyGateway();
    await post(gateway, '  {"repositories": ["hello-world"],  "lock_repositories": false}  ');
    await gateway.call('/api/github/user/migrations', { method: 'POST' });
    const [withBody, empty] = gateway.sent.github;
    expect(await withBody?.text()).toBe('{"repositories":["hello-world"],"lock_repositories":false}');
    expect(withBody?.headers.get('content-type')).toBe('application/json');
    expect(await empty?.text()).toBe('');
    expect(empty?.headers.has('content-type')).toBe(false);
  });

  it('sends no body upstream on DELETE even if the browser sent one', async () => {
    const gateway = spyGateway();
    await gateway.call('/api/github/user/migrations/7/archive', { method: 'DELETE', body: '{"x":1}' });
    expect(await gateway.sent.github[0]?.text()).toBe('');
  });
});

describe('over real HTTP', () => {
  let server: Listening & { runtime: Runtime };
  beforeAll(async () => {
    server = await startGateway({ BODY_LIMIT_BYTES: '512' });
  });
  afterAll(() => server.close());

  it('refuses an oversize body by its Content-Length with 413', async () => {
    const body = JSON.stringify({ repositories: ['x'.repeat(1000)] });
    const response = await rawRequest(server.port, '/api/github/user/migrations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      body,
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'BODY_TOO_LARGE' });
  });

  it('refuses an oversize chunked body with 413', async () => {
    const body = JSON.stringify({ repositories: ['x'.repeat(1000)] });
    const response = await rawRequest(server.port, '/api/github/user/migrations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body,
    });
    expect(response.status).toBe(413);
  });

  it('answers a malformed JSON body with 400', async () => {
    const response = await fetch(`${server.origin}/api/github/user/migrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ferry-client': 'ferry-tests' },
      body: '{oops',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'Problems parsing JSON' });
  });

  it('serves the embedded simulator through the gateway', async () => {
    const response = await fetch(`${server.origin}/api/github/user`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ login: 'octocat' });
  });
});
