import { beforeEach, describe, expect, it } from 'vitest';
import { parseLinkHeader } from '@/lib/link-header';
import { createSimulator, type Simulator } from '../../simulator';
import { SIM_TOKENS } from '../seed';

let sim: Simulator;

beforeEach(() => {
  sim = createSimulator({ speed: 0, scenario: 'quiet' });
});

const BASE = 'http://sim.test/api/v3';

function gh(path: string, token: string | null = SIM_TOKENS.octocat) {
  const headers = new Headers();
  if (token) headers.set('authorization', `Bearer ${token}`);
  return sim.fetch(new Request(`${BASE}${path}`, { headers }));
}

async function page(path: string, token?: string | null) {
  const response = await gh(path, token);
  expect(response.status).toBe(200);
  const items = (await response.json()) as { name: string; private: boolean }[];
  return { response, items, links: parseLinkHeader(response.headers.get('link')) };
}

const pageParams = (url: string | undefined) => {
  const params = new URL(url ?? 'http://missing.invalid').searchParams;
  return { per_page: params.get('per_page'), page: params.get('page') };
};

describe('GET /orgs/{org}/repos pagination', () => {
  it('links next and last from the first page, as absolute upstream URLs', async () => {
    const { response, items, links } = await page('/orgs/octo-org/repos?per_page=5');
    expect(items).toHaveLength(5);
    expect(Object.keys(links).sort()).toEqual(['last', 'next']);
    expect(links.next).toBe(`${BASE}/orgs/octo-org/repos?per_page=5&page=2`);
    expect(pageParams(links.last)).toEqual({ per_page: '5', page: '3' });
    expect(response.headers.get('etag')).toMatch(/^W\/".+"$/);
  });

  it('links prev, next, last and first from a middle page, in GitHub’s order', async () => {
    const { response } = await page('/orgs/octo-org/repos?per_page=5&page=2');
    const rels = [...(response.headers.get('link') ?? '').matchAll(/rel="(\w+)"/g)].map((m) => m[1]);
    expect(rels).toEqual(['prev', 'next', 'last', 'first']);
  });

  it('links only prev and first from the last page', async () => {
    const { items, links } = await page('/orgs/octo-org/repos?per_page=5&page=3');
    expect(items).toHaveLength(4); // 14 repositories
    expect(Object.keys(links).sort()).toEqual(['first', 'prev']);
    expect(pageParams(links.prev)).toEqual({ per_page: '5', page: '2' });
    expect(pageParams(links.first)).toEqual({ per_page: '5', page: '1' });
  });

  it('walks every repository exactly once by following next', async () => {
    const names: string[] = [];
    let next: string | undefined = '/orgs/octo-org/repos?per_page=4';
    while (next) {
      const { items, links } = await page(next);
      names.push(...items.map((item) => item.name));
      next = links.next?.slice(BASE.length);
    }
    expect(names).toHaveLength(14);
    expect(new Set(names).size).toBe(14);
  });

  it('defaults per_page to 30 and caps it at 100', async () => {
    const defaults = await page('/orgs/octo-org/repos?page=2');
    expect(defaults.items).toEqual([]);
    expect(pageParams(defaults.links.prev).per_page).toBe('30');

    const capped = await page('/orgs/octo-org/repos?per_page=500&page=2');
    expect(pageParams(capped.links.prev).per_page).toBe('100');

    const all = await page('/orgs/octo-org/repos?per_page=100');
    expect(all.items).toHaveLength(14);
    expect(all.response.headers.has('link')).toBe(false);
  });

  it('answers a page past the end with an empty array', async () => {
    const { items, links } = await page('/orgs/octo-org/repos?per_page=5&page=9');
    expect(items).toEqual([]);
    expect(pageParams(links.prev).page).toBe('3');
    expect(links.next).toBeUndefined();
  });

  it('falls back to defaults for nonsense paging values', async () => {
    const { items } = await page('/orgs/octo-org/repos?per_page=-3&page=abc');
    expect(items).toHaveLength(14);
  });

  it('shows only public repositories to a caller outside the organization', async () => {
    const { items } = await page('/orgs/octo-org/repos', null);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => !item.private)).toBe(true);
    expect(items.length).toBeLessThan(14);
  });

  it('answers 404 for an unknown organization and for a user account', async () => {
    expect((await gh('/orgs/nobody-here/repos')).status).toBe(404);
    expect((await gh('/orgs/octocat/repos')).status).toBe(404);
  });

  it('revalidates a page with its ETag', async () => {
    const first = await gh('/orgs/octo-org/repos?per_page=5');
    const etag = first.headers.get('etag') ?? '';
    const again = await sim.fetch(
      new Request(`${BASE}/orgs/octo-org/repos?per_page=5`, {
        headers: { authorization: `Bearer ${SIM_TOKENS.octocat}`, 'if-none-match': etag },
      }),
    );
    expect(again.status).toBe(304);
    const other = await sim.fetch(
      new Request(`${BASE}/orgs/octo-org/repos?per_page=5&page=2`, {
        headers: { authorization: `Bearer ${SIM_TOKENS.octocat}`, 'if-none-match': etag },
      }),
    );
    expect(other.status).toBe(200);
  });
});

describe('the authenticated user’s lists', () => {
  it('lists octocat’s organizations and repositories', async () => {
    const orgs = (await (await gh('/user/orgs')).json()) as { login: string }[];
    expect(orgs.map((org) => org.login)).toEqual(['octo-org']);
    const repos = await page('/user/repos');
    expect(repos.items.map((repo) => repo.name)).toContain('Spoon-Knife');
  });

  it('requires a token for /user/orgs and /user/repos', async () => {
    expect((await gh('/user/orgs', null)).status).toBe(401);
    expect((await gh('/user/repos', null)).status).toBe(401);
  });
});

describe('GET /orgs/{org}/repos: permissions are the caller’s, as GitHub sends them', () => {
  type Listed = { name: string; permissions?: { admin: boolean; pull: boolean; push: boolean } };
  const listed = async (token: string | null) =>
    (await (await gh('/orgs/octo-org/repos?per_page=100', token)).json()) as Listed[];

  it('an owner administers every repository; a member only reads; no token, no permissions', async () => {
    const owner = await listed(SIM_TOKENS.octocat);
    expect(owner.length).toBeGreaterThan(0);
    expect(owner.every((repo) => repo.permissions?.admin === true)).toBe(true);
    const member = await listed(SIM_TOKENS.hubot);
    expect(member.every((repo) => repo.permissions?.admin === false && repo.permissions.pull)).toBe(true);
    const anonymous = await listed(null);
    expect(anonymous.length).toBeGreaterThan(0);
    expect(anonymous.every((repo) => repo.permissions === undefined)).toBe(true);
  });
});
