import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLinkHeader } from '@/lib/link-header';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { SIM_REGISTRAR_KEYS } from '@/simulator/registrar/keys';
import type { Simulator } from '@/simulator/simulator';
import { startGateway, startSimulatorServer, type Listening } from '@/testing/node-servers';
import type { Gateway as Runtime } from '@/server/gateway';

interface Setup {
  gateway: Listening & { runtime: Runtime };
  sim: Simulator;
  expectedHost: string;
  close(): Promise<void>;
}

/** The simulator on its own port, reached over HTTP like a remote GitHub Enterprise Server and Porkbun. */
async function liveSetup(): Promise<Setup> {
  const upstream = await startSimulatorServer();
  const gateway = await startGateway({
    GITHUB_TOKEN: SIM_TOKENS.octocat,
    GITHUB_API_URL: `${upstream.origin}/api/v3`,
    PORKBUN_API_KEY: SIM_REGISTRAR_KEYS.apiKey,
    PORKBUN_SECRET_API_KEY: SIM_REGISTRAR_KEYS.secretApiKey,
    PORKBUN_API_URL: `${upstream.origin}/api/json/v3`,
  });
  expect(gateway.runtime.simulator).toBeUndefined();
  return {
    gateway,
    sim: upstream.sim,
    expectedHost: `127.0.0.1:${upstream.port}`,
    close: async () => {
      await gateway.close();
      await upstream.close();
    },
  };
}

/** The embedded simulator: same gateway code, only the fetch function differs. */
async function embeddedSetup(): Promise<Setup> {
  const gateway = await startGateway({ SIM_SCENARIO: 'quiet', SIM_SPEED: '0' });
  const sim = gateway.runtime.simulator;
  if (!sim) throw new Error('expected an embedded simulator');
  return { gateway, sim, expectedHost: 'Simulator', close: () => gateway.close() };
}

describe.each([
  ['live (simulator on its own port)', 'live', liveSetup],
  ['embedded simulator', 'simulator', embeddedSetup],
] as const)('through the gateway: %s', (_name, mode, setup) => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  });
  afterAll(() => s.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${s.gateway.origin}${path}`, { headers });

  it('reports its mode and host in /api/config', async () => {
    const config = (await (await get('/api/config')).json()) as {
      github: { mode: string; host: string; credentialConfigured: boolean };
      registrar: { mode: string; host: string };
    };
    expect(config.github).toMatchObject({ mode, host: s.expectedHost, credentialConfigured: true });
    expect(config.registrar).toMatchObject({ mode, host: s.expectedHost });
  });

  it('serves /rate_limit with headers, without counting it', async () => {
    const response = await get('/api/github/rate_limit');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { resources: { core: { limit: number; remaining: number } } };
    expect(body.resources.core.limit).toBe(5000);
    expect(response.headers.get('x-ratelimit-limit')).toBe('5000');
    expect(response.headers.get('x-ratelimit-resource')).toBe('core');
    expect(Number(response.headers.get('x-ratelimit-remaining'))).toBe(body.resources.core.remaining);
    const again = await get('/api/github/rate_limit');
    expect(again.headers.get('x-ratelimit-remaining')).toBe(response.headers.get('x-ratelimit-remaining'));
  });

  it('serves /user as octocat, with scopes and request id', async () => {
    const response = await get('/api/github/user');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ login: 'octocat', id: 1 });
    expect(response.headers.get('x-oauth-scopes')).toBe('admin:org, repo, user');
    expect(response.headers.get('x-github-request-id')).toMatch(/^SIM:/);
    expect(response.headers.get('etag')).toMatch(/^W\/"/);
  });

  it('pages /orgs/octo-org/repos by following absolute Link targets on the gateway’s origin', async () => {
    const names: string[] = [];
    const prefix = `${s.gateway.origin}/api/github/orgs/octo-org/repos?`;
    let next: string | undefined = `${s.gateway.origin}/api/github/orgs/octo-org/repos?per_page=5`;
    let lastLinks: Record<string, string> = {};
    while (next) {
      const response = await fetch(next);
      expect(response.status).toBe(200);
      names.push(...((await response.json()) as { name: string }[]).map((repo) => repo.name));
      lastLinks = parseLinkHeader(response.headers.get('link'));
      for (const url of Object.values(lastLinks)) expect(url.startsWith(prefix), url).toBe(true);
      next = lastLinks.next;
    }
    expect(names).toHaveLength(14);
    expect(Object.keys(lastLinks).sort()).toEqual(['first', 'prev']);
    expect(lastLinks.first).toBe(`${prefix}per_page=5&page=1`);
  });

  it('revalidates with If-None-Match: 304, no body, and the budget untouched', async () => {
    const first = await get('/api/github/user');
    await first.arrayBuffer();
    const etag = first.headers.get('etag') ?? '';
    const notModifiedBefore = s.sim.github().stats.notModified;
    const again = await get('/api/github/user', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('x-ratelimit-remaining')).toBe(first.headers.get('x-ratelimit-remaining'));
    expect(s.sim.github().stats.notModified).toBe(notModifiedBefore + 1);
  });

  it('pings the registrar with the configured keys', async () => {
    const response = await fetch(`${s.gateway.origin}/api/registrar/ping`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ferry-client': 'ferry-tests' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; credentialsValid: boolean; requestId: string };
    expect(body).toMatchObject({ status: 'SUCCESS', credentialsValid: true });
    expect(response.headers.get('x-request-id')).toBe(body.requestId);
  });

  it('passes the upstream’s own JSON 404 through', async () => {
    for (const path of ['/api/github/orgs/no-such-org/repos', '/api/github/user/migrations/999999']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ message: 'Not Found', status: '404' });
    }
  });
});

describe('body URLs of the embedded simulator', () => {
  it('point at the gateway’s own origin, where they resolve', async () => {
    const { gateway, close } = { ...(await embeddedSetup()) };
    try {
      const started = await fetch(`${gateway.origin}/api/github/orgs/octo-org/migrations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ferry-client': 'ferry-tests' },
        body: JSON.stringify({ repositories: ['hello-world'] }),
      });
      const migration = (await started.json()) as {
        url: string;
        repositories: { owner: { avatar_url: string } }[];
      };
      expect(migration.url).toMatch(
        new RegExp(`^${gateway.origin}/api/github/orgs/octo-org/migrations/\\d+$`),
      );
      expect(JSON.stringify(migration)).not.toContain('simulator.internal');
      const again = await fetch(migration.url);
      expect(again.status).toBe(200);
      expect(((await again.json()) as { url: string }).url).toBe(migration.url);
    } finally {
      await close();
    }
  });
});
