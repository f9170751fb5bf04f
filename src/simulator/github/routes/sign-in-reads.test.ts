import { beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator';
import { SIM_FINE_GRAINED_TOKEN, SIM_TOKENS } from '../seed';

const BASE = 'http://sim.test/api/v3';
const OUTSIDER_TOKEN = 'sim-token-outsider-FAKE';

let sim: Simulator;
beforeEach(() => {
  sim = createSimulator({ speed: 0, scenario: 'quiet' });
  // Someone with an account and no organization.
  const { world } = sim.github();
  world.accounts.set('outsider', {
    id: 99,
    login: 'outsider',
    type: 'User',
    name: 'Out Sider',
    email: null,
    createdAt: '2024-01-01T00:00:00Z',
  });
  world.tokens.set(OUTSIDER_TOKEN, { login: 'outsider', scopes: ['read:org'] });
});

function call(path: string, token: string | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return sim.fetch(new Request(`${BASE}${path}`, { ...init, headers }));
}

describe('GET /user/memberships/orgs/{org}', () => {
  it.each([
    [SIM_TOKENS.octocat, 'octocat', 'admin'],
    [SIM_TOKENS.hubot, 'hubot', 'member'],
    [SIM_TOKENS.monalisa, 'monalisa', 'member'],
    [SIM_FINE_GRAINED_TOKEN, 'octocat', 'admin'],
  ])('answers the caller’s own membership (%s → %s, %s)', async (token, login, role) => {
    const response = await call('/user/memberships/orgs/Octo-Org', token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(
      expect.objectContaining({
        url: `${BASE}/orgs/octo-org/memberships/${login}`,
        state: 'active',
        role,
        organization_url: `${BASE}/orgs/octo-org`,
        organization: expect.objectContaining({ login: 'octo-org' }) as unknown,
        user: expect.objectContaining({ login }) as unknown,
      }),
    );
  });

  it('is 404 to a non-member and for an unknown organization or a user, 401 anonymously, 403 to an App', async () => {
    for (const [path, token] of [
      ['/user/memberships/orgs/octo-org', OUTSIDER_TOKEN],
      ['/user/memberships/orgs/no-such-org', SIM_TOKENS.octocat],
      ['/user/memberships/orgs/hubot', SIM_TOKENS.hubot],
    ] as const) {
      const response = await call(path, token);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ message: 'Not Found' });
    }
    expect((await call('/user/memberships/orgs/octo-org', null)).status).toBe(401);
    sim.github().world.tokens.set('ghs_SimInstallationTokenFAKE', {
      scopes: [],
      kind: 'installation',
      installationId: 4242,
      permissions: { members: 'read' },
    });
    const app = await call('/user/memberships/orgs/octo-org', 'ghs_SimInstallationTokenFAKE');
    expect(app.status).toBe(403);
    expect(await app.json()).toMatchObject({ message: 'Resource not accessible by integration' });
  });
});

describe('GET /repos/{owner}/{repo} on the source: the caller’s permissions', () => {
  const adminOf = async (path: string, token: string | null) => {
    const response = await call(path, token);
    expect(response.status, path).toBe(200);
    return ((await response.json()) as { permissions?: { admin: boolean } }).permissions?.admin;
  };

  it('gives monalisa admin on octo-org/docs only; octocat (owner) everywhere; hubot nowhere', async () => {
    expect(await adminOf('/repos/octo-org/docs', SIM_TOKENS.monalisa)).toBe(true);
    expect(await adminOf('/repos/octo-org/hello-world', SIM_TOKENS.monalisa)).toBe(false);
    expect(await adminOf('/repos/octo-org/billing-service', SIM_TOKENS.monalisa)).toBe(false);
    expect(await adminOf('/repos/octo-org/docs', SIM_TOKENS.octocat)).toBe(true);
    expect(await adminOf('/repos/octo-org/billing-service', SIM_TOKENS.octocat)).toBe(true);
    expect(await adminOf('/repos/octo-org/docs', SIM_TOKENS.hubot)).toBe(false);
    expect(await adminOf('/repos/hubot/hubot-scripts', SIM_TOKENS.hubot)).toBe(true);
    expect(await adminOf('/repos/octo-org/docs', null)).toBeUndefined();
    expect(await adminOf('/repos/Octo-Org/DOCS', OUTSIDER_TOKEN)).toBe(false);
  });

  it('hides a private repository from outsiders and anonymous callers (404)', async () => {
    for (const token of [OUTSIDER_TOKEN, null]) {
      const response = await call('/repos/octo-org/billing-service', token);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ message: 'Not Found' });
    }
    expect((await call('/repos/octo-org/no-such-repo', SIM_TOKENS.octocat)).status).toBe(404);
  });

  it('lets monalisa change docs (repos/update), and not another repository', async () => {
    const patch = (repo: string) =>
      call(`/repos/octo-org/${repo}`, SIM_TOKENS.monalisa, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ description: 'Handbook' }),
      });
    expect((await patch('docs')).status).toBe(200);
    expect((await patch('hello-world')).status).toBe(403);
  });

  it('lists monalisa in octo-org and her rights in its repository listing', async () => {
    const orgs = (await (await call('/user/orgs', SIM_TOKENS.monalisa)).json()) as { login: string }[];
    expect(orgs.map((org) => org.login)).toEqual(['octo-org']);
    const repos = (await (await call('/orgs/octo-org/repos?per_page=100', SIM_TOKENS.monalisa)).json()) as {
      name: string;
      permissions: { admin: boolean };
    }[];
    expect(repos.filter((repo) => repo.permissions.admin).map((repo) => repo.name)).toEqual(['docs']);
  });
});
