import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_SECRETS,
  headerText,
  rawRequest,
  startGateway,
  startSimulatorServer,
  type Listening,
  type RawResponse,
} from '@/testing/node-servers';
import type { Simulator } from '@/simulator/simulator';
import { OPERATIONS } from './allow-list';
import type { Gateway as Runtime } from '@/server/gateway';

const PASSWORD = 'FERRYTESTSECRETpassword-7f3a';
const SECRETS = [...Object.values(FAKE_SECRETS), PASSWORD];
/** Also look for the pieces and encodings a careless echo might leave. */
const NEEDLES = [
  'FERRYTESTSECRET',
  ...SECRETS,
  ...SECRETS.map((secret) => Buffer.from(secret).toString('base64')),
  Buffer.from(`x:${PASSWORD}`).toString('base64'),
];

function samplePath(template: string): string {
  const samples: Record<string, string> = { login: 'octo-org', repo: 'hello-world', id: '1', tld: 'com' };
  return template.replace(/\{\w+:(\w+)\}/g, (_m, kind: string) => samples[kind] ?? 'x');
}

describe('secrets never reach the browser', () => {
  let upstream: Listening & { sim: Simulator };
  let gateway: Listening & { runtime: Runtime };
  const seen: { what: string; response: RawResponse }[] = [];

  beforeAll(async () => {
    upstream = await startSimulatorServer();
    // The simulated GitHub knows the distinctive token; the registrar keys are wrong on purpose (error path).
    upstream.sim
      .github()
      .world.tokens.set(FAKE_SECRETS.GITHUB_TOKEN, { login: 'octocat', scopes: ['repo', 'user'] });
    gateway = await startGateway({
      ...FAKE_SECRETS,
      GITHUB_API_URL: `${upstream.origin}/api/v3`,
      PORKBUN_API_URL: `${upstream.origin}/api/json/v3`,
      FERRY_PASSWORD: PASSWORD,
      BODY_LIMIT_BYTES: '4096',
    });
  });
  afterAll(async () => {
    await gateway.close();
    await upstream.close();
  });

  const authorization = `Basic ${Buffer.from(`x:${PASSWORD}`).toString('base64')}`;
  async function record(
    what: string,
    target: string,
    options: { method?: string; headers?: Record<string, string>; body?: string; anonymous?: boolean } = {},
  ) {
    const headers: Record<string, string> = { ...options.headers };
    if (!options.anonymous) headers.authorization = authorization;
    const response = await rawRequest(gateway.port, target, { ...options, headers });
    seen.push({ what, response });
    return response;
  }

  it('calls every operation, the configuration and the error paths', async () => {
    for (const operation of OPERATIONS) {
      const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
      await record(operation.id, `/api/${operation.upstream}/${samplePath(operation.path)}`, {
        method: operation.method,
        headers: hasBody ? { 'content-type': 'application/json' } : {},
        body: hasBody ? '{}' : undefined,
      });
    }
    const user = await record('user', '/api/github/user');
    expect(user.status).toBe(200);
    expect(JSON.parse(user.body)).toMatchObject({ login: 'octocat' });
    const etag = String(user.headers.etag);
    expect((await record('304', '/api/github/user', { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );
    expect((await record('ping', '/api/registrar/ping', { method: 'POST', body: '{}' })).status).toBe(400);

    const config = await record('config', '/api/config');
    expect(JSON.parse(config.body)).toMatchObject({
      github: { mode: 'live', credentialConfigured: true },
      registrar: { mode: 'live', credentialConfigured: true },
      passwordProtected: true,
    });
    await record('health', '/api/health');
    await record('unknown api', '/api/nope');
    await record('not allowed', '/api/github/gists');
    await record('bad path', '/api/github/orgs/a%2Fb/repos');
    await record('bad segment', '/api/github/orgs/-x/repos');
    await record('405', '/api/github/user', { method: 'DELETE' });
    await record('bad query', '/api/github/user?access_token=1');
    await record('bad json', '/api/github/user/migrations', { method: 'POST', body: '{oops' });
    await record('413', '/api/github/user/migrations', {
      method: 'POST',
      body: JSON.stringify({ x: 'y'.repeat(8000) }),
    });
    await record('421', '/api/config', { headers: { host: 'evil.example' } });
    await record('cross-site', '/api/config', { headers: { 'sec-fetch-site': 'cross-site' } });
    await record('bad origin', '/api/github/user/migrations', {
      method: 'POST',
      headers: { origin: 'http://evil.example' },
      body: '{}',
    });
    expect((await record('no password', '/api/config', { anonymous: true })).status).toBe(401);
    await record('wrong password', '/api/config', {
      anonymous: true,
      headers: { authorization: `Basic ${Buffer.from('x:guess').toString('base64')}` },
    });
    await record('control (live: not mounted)', '/__sim/state');
    await record('spa (not served)', '/');
    expect(new Set(seen.map((entry) => entry.response.status)).size).toBeGreaterThan(8);
  });

  it('finds no secret in any status line, header or body', () => {
    expect(seen.length).toBeGreaterThan(40);
    for (const { what, response } of seen) {
      const text = `${headerText(response.headers)}\n${response.body}`;
      for (const needle of NEEDLES)
        expect(text.includes(needle), `${what} leaks ${needle.slice(0, 12)}…`).toBe(false);
    }
  });

  it('sent the secrets upstream all the same', () => {
    expect(upstream.sim.github().stats.counted).toBeGreaterThan(0);
    const status = upstream.sim
      .github()
      .limiter.status(FAKE_SECRETS.GITHUB_TOKEN, 'core', upstream.sim.clock.now());
    expect(status.used).toBeGreaterThan(0);
  });
});
