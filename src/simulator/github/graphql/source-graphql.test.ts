import { describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator';
import type { Scenario } from '../state';
import { SIM_SECOND_TOKEN, SIM_TOKENS } from '../seed';

const ORIGIN = 'http://sim.test';

function boot(scenario: Scenario = 'quiet') {
  const sim = createSimulator({ speed: 0, scenario });
  const graphql = (query: string, token: string | null = SIM_TOKENS.hubot, path = '/api/graphql') =>
    sim.fetch(
      new Request(`${ORIGIN}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query }),
      }),
    );
  const graphqlUsed = async (sim: Simulator, token: string = SIM_TOKENS.hubot) => {
    const response = await sim.fetch(
      new Request(`${ORIGIN}/api/v3/rate_limit`, { headers: { authorization: `bearer ${token}` } }),
    );
    return ((await response.json()) as { resources: { graphql: { used: number } } }).resources.graphql.used;
  };
  return { sim, graphql, graphqlUsed: (token?: string) => graphqlUsed(sim, token) };
}

type Body = {
  data?: Record<string, unknown> | null;
  errors?: { type?: string; message: string; path?: string[] }[];
};

describe("the source's GraphQL at /api/graphql", () => {
  it('answers GHES’s path; /api/v3/graphql is a 404 (gh-gei#1468)', async () => {
    const { graphql } = boot();
    const response = await graphql('{ viewer { login } }');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { viewer: { login: 'hubot' } } });
    expect((await graphql('{ viewer { login } }', SIM_TOKENS.hubot, '/api/v3/graphql')).status).toBe(404);
  });

  it('refuses anonymous callers and bad tokens with 401, as GitHub answers GraphQL', async () => {
    const { graphql } = boot();
    const anonymous = await graphql('{ viewer { login } }', null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({
      message: 'This endpoint requires you to be authenticated.',
    });
    const bad = await graphql('{ viewer { login } }', 'nope');
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ message: 'Bad credentials' });
  });

  it('answers a repository the token cannot see as null with a NOT_FOUND error; the visible ones beside it', async () => {
    const { graphql } = boot();
    // hubot is a member of octo-org (its private repositories) but not octocat's private linguist-notes.
    const body = (await (
      await graphql(`
        {
          secret: repository(owner: "octocat", name: "linguist-notes") {
            name
          }
          org: repository(owner: "octo-org", name: "billing-service") {
            name
            isPrivate
          }
        }
      `)
    ).json()) as Body;
    expect(body.data).toEqual({ secret: null, org: { name: 'billing-service', isPrivate: true } });
    expect(body.errors).toEqual([
      expect.objectContaining({
        type: 'NOT_FOUND',
        path: ['secret'],
        message: "Could not resolve to a Repository with the name 'octocat/linguist-notes'.",
      }),
    ]);
  });

  it('charges GitHub’s points to the graphql budget: rateLimit, x-ratelimit-* and /rate_limit agree; one counted request', async () => {
    const { sim, graphql, graphqlUsed } = boot();
    const before = await graphqlUsed();
    const stats = { ...sim.github().stats };
    // 1 + 100 × (2 connections) = 201 requests → 2 points.
    const response = await graphql(`
      {
        organization(login: "octo-org") {
          repositories(first: 100) {
            nodes {
              refs(first: 100, refPrefix: "refs/tags/") {
                totalCount
              }
              releases(first: 100) {
                totalCount
              }
            }
          }
        }
        rateLimit {
          cost
          used
          remaining
          limit
        }
      }
    `);
    expect(response.headers.get('x-ratelimit-resource')).toBe('graphql');
    expect(response.headers.get('x-ratelimit-used')).toBe(String(before + 2));
    const body = (await response.json()) as { data: { rateLimit: Record<string, number> } };
    expect(body.data.rateLimit).toEqual({
      cost: 2,
      used: before + 2,
      remaining: 5_000 - before - 2,
      limit: 5_000,
    });
    expect(await graphqlUsed()).toBe(before + 2);
    expect(sim.github().stats.requests - stats.requests).toBe(2); // the POST and the /rate_limit read
    expect(sim.github().stats.counted - stats.counted).toBe(1); // /rate_limit is free
    // Two personal tokens of one user share one budget, as on GitHub.
    expect(await graphqlUsed(SIM_SECOND_TOKEN)).toBe(0);
    await graphql('{ viewer { login } }', SIM_SECOND_TOKEN);
    expect(await graphqlUsed(SIM_TOKENS.octocat)).toBe(1);
  });

  it('answers RATE_LIMITED once the hour’s points are spent, and the secondary limit after 2,000 queries a minute', async () => {
    const { sim, graphql } = boot();
    sim.github().limiter.exhaust(SIM_TOKENS.octocat, 'graphql', sim.clock.now());
    const limited = (await (await graphql('{ viewer { login } }', SIM_TOKENS.octocat)).json()) as Body;
    expect(limited.errors?.[0]).toEqual({
      type: 'RATE_LIMITED',
      message: 'API rate limit exceeded for user ID 1.',
    });

    for (let i = 0; i < 2_000; i += 1) await graphql('{ viewer { login } }');
    const over = await graphql('{ viewer { login } }');
    // GitHub's documented secondary-limit answer: 403, its message, retry-after.
    expect(over.status).toBe(403);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await over.json()) as { message?: string }).message).toMatch(/secondary rate limit/);
    sim.advance(60);
    expect(((await (await graphql('{ viewer { login } }')).json()) as Body).data).toEqual({
      viewer: { login: 'hubot' },
    });
  });

  it('with rate limiting off (scenario rate-limit-disabled): no charge, no x-ratelimit-*, rateLimit null', async () => {
    const { graphql } = boot('rate-limit-disabled');
    const response = await graphql('{ rateLimit { cost } viewer { login } }');
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    expect(await response.json()).toEqual({ data: { rateLimit: null, viewer: { login: 'hubot' } } });
  });
});
