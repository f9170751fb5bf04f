/**
 * Where the simulator follows today's GitHub rather than the specification's older rules (docs/behaviour.md,
 * "Simulator and today's services"): media types, API versions, the Date header, error content types, paging,
 * deprecation headers.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../simulator';
import { GATEWAY_ORIGIN_HEADER, sendPage } from './http';
import { IMPORTS_SUNSET } from './imports/retirement';
import { SIM_TOKENS } from './seed';

const BASE = 'http://sim.test/api/v3';
const START = Date.parse('2026-01-05T10:00:00Z');

function simulator(scenario: 'quiet' | 'imports-retired' = 'quiet') {
  const sim = createSimulator({ speed: 0, scenario, startMs: START });
  const gh = (
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
  ) =>
    sim.fetch(
      new Request(`${BASE}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${SIM_TOKENS.octocat}`,
          accept: 'application/vnd.github+json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
    );
  return { sim, gh };
}

describe('the Date header carries the simulator’s clock', () => {
  it('moves with /__sim/advance, so reset − Date is the real wait', async () => {
    const { sim, gh } = simulator();
    const first = await gh('/rate_limit');
    expect(Date.parse(first.headers.get('date') ?? '')).toBe(START);
    sim.advance(3000);
    const later = await gh('/user');
    const date = Date.parse(later.headers.get('date') ?? '');
    expect(date).toBe(START + 3_000_000);
    const reset = Number(later.headers.get('x-ratelimit-reset')) * 1000;
    expect(reset - date).toBeGreaterThan(0);
    expect(reset - date).toBeLessThanOrEqual(3_600_000);
  });
});

describe('X-GitHub-Api-Version', () => {
  it('echoes the version used, 2022-11-28 by default', async () => {
    const { gh } = simulator();
    expect((await gh('/user')).headers.get('x-github-api-version-selected')).toBe('2022-11-28');
    const next = await gh('/user', { headers: { 'x-github-api-version': '2026-03-10' } });
    expect(next.headers.get('x-github-api-version-selected')).toBe('2026-03-10');
  });

  it('answers an unsupported version with 400, uncounted', async () => {
    const { sim, gh } = simulator();
    const refused = await gh('/user', { headers: { 'x-github-api-version': '2021-01-01' } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(((await refused.json()) as { message: string }).message).toMatch(/2022-11-28, 2026-03-10/);
    expect(sim.github().stats.counted).toBe(0);
  });

  it('2026-03-10 drops the deprecated `rate` from /rate_limit; 2022-11-28 keeps it', async () => {
    const { gh } = simulator();
    const old = (await (await gh('/rate_limit')).json()) as Record<string, unknown>;
    expect(old).toHaveProperty('rate');
    const next = (await (
      await gh('/rate_limit', { headers: { 'x-github-api-version': '2026-03-10' } })
    ).json()) as Record<string, unknown>;
    expect(next).not.toHaveProperty('rate');
    expect(next).toHaveProperty('resources.core');
  });
});

describe('error answers', () => {
  it('carry GitHub’s content type with charset on every 4xx', async () => {
    const { gh, sim } = simulator();
    const answers = [
      await gh('/nope'),
      await gh('/user', { headers: { authorization: 'Bearer sim-token-wrong-FAKE' } }),
      await gh('/orgs/octo-org/migrations', { method: 'POST', body: { repositories: [] } }),
      await sim.fetch(
        new Request(`${BASE}/repos/octo-org/hello-world/import`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${SIM_TOKENS.octocat}`, 'content-type': 'application/json' },
          body: '{not json',
        }),
      ),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 401, 422, 400]);
    for (const answer of answers)
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});

describe('paging', () => {
  it('caps per_page at 100 and says so in its links', async () => {
    const app = new Hono();
    app.get('/items', (c) =>
      sendPage(
        c,
        Array.from({ length: 250 }, (_, index) => index),
      ),
    );
    const response = await app.fetch(new Request('http://sim.test/items?per_page=150'));
    expect((await response.json()) as number[]).toHaveLength(100);
    expect(response.headers.get('link')).toContain('per_page=100&page=3>; rel="last"');
  });
});

describe('source imports: deprecated, then retired', () => {
  it('answer with Deprecation, Sunset and a deprecation link while they live', async () => {
    const { gh } = simulator();
    const started = await gh('/repos/octo-org/hello-world/import', {
      method: 'PUT',
      body: { vcs_url: 'https://example.com/repo.git', vcs: 'git' },
    });
    expect(started.status).toBe(201);
    expect(started.headers.get('deprecation')).toBe('Thu, 12 Oct 2023 00:00:00 GMT');
    expect(started.headers.get('sunset')).toBe(IMPORTS_SUNSET);
    expect(started.headers.get('link')).toMatch(/<https:\/\/github\.blog\/[^>]+>; rel="deprecation"/);
    for (const path of ['', '/authors', '/large_files']) {
      const answer = await gh(`/repos/octo-org/hello-world/import${path}`);
      expect(answer.headers.get('sunset'), path).toBe(IMPORTS_SUNSET);
      expect(answer.headers.get('link')?.match(/rel="deprecation"/g), path).toHaveLength(1);
    }
    expect((await gh('/user/migrations')).headers.has('deprecation')).toBe(false);
  });

  it('scenario imports-retired: all eight answer 410 Gone; migrations still work', async () => {
    const { gh } = simulator('imports-retired');
    const calls: [string, string, unknown?][] = [
      ['GET', ''],
      ['PUT', '', { vcs_url: 'https://example.com/repo.git' }],
      ['PATCH', ''],
      ['DELETE', ''],
      ['GET', '/authors'],
      ['PATCH', '/authors/1', { name: 'x' }],
      ['GET', '/large_files'],
      ['PATCH', '/lfs', { use_lfs: 'opt_in' }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await gh(`/repos/octo-org/hello-world/import${path}`, { method, body });
      expect(answer.status, `${method} ${path}`).toBe(410);
      expect(await answer.json()).toMatchObject({ message: expect.stringMatching(/retired/) as unknown });
    }
    expect((await gh('/user/migrations')).status).toBe(200);
  });
});

describe('body URLs', () => {
  it('use the request’s own origin; only a simulator embedded in the gateway honours the gateway’s origin', async () => {
    const headers = {
      authorization: `Bearer ${SIM_TOKENS.octocat}`,
      [GATEWAY_ORIGIN_HEADER]: 'http://127.0.0.1:5180',
    };
    const standalone = createSimulator({ speed: 0, scenario: 'quiet' });
    const own = (await (await standalone.fetch(new Request(`${BASE}/user`, { headers }))).json()) as {
      url: string;
    };
    expect(own.url).toBe(`${BASE}/users/octocat`);

    const embedded = createSimulator({ speed: 0, scenario: 'quiet', trustGatewayOrigin: true });
    const behind = (await (await embedded.fetch(new Request(`${BASE}/user`, { headers }))).json()) as {
      url: string;
    };
    expect(behind.url).toBe('http://127.0.0.1:5180/api/github/users/octocat');
    const odd = (await (
      await embedded.fetch(
        new Request(`${BASE}/user`, {
          headers: { ...headers, [GATEWAY_ORIGIN_HEADER]: 'javascript:alert(1)' },
        }),
      )
    ).json()) as { url: string };
    expect(odd.url).toBe(`${BASE}/users/octocat`);
  });
});
