import { beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../simulator';
import type { Scenario } from './state';
import { SIM_APP } from './apps';
import { SIM_FINE_GRAINED_TOKEN, SIM_SECOND_TOKEN, SIM_TOKENS } from './seed';
import { appJwt } from '@/testing/app-jwt';

const START = Date.UTC(2026, 0, 15, 12, 0, 0);
const TOKEN = SIM_TOKENS.octocat;

let sim: Simulator;

function boot(scenario: Scenario = 'quiet') {
  sim = createSimulator({ speed: 0, scenario, startMs: START });
}

function gh(path: string, init: RequestInit & { token?: string | null } = {}) {
  const { token = TOKEN, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return sim.fetch(new Request(`http://sim.test/api/v3${path}`, { ...rest, headers }));
}

function limits(response: Response) {
  const number = (name: string) => Number(response.headers.get(`x-ratelimit-${name}`));
  return {
    limit: number('limit'),
    remaining: number('remaining'),
    used: number('used'),
    reset: number('reset'),
    resource: response.headers.get('x-ratelimit-resource'),
  };
}

beforeEach(() => boot());

describe('primary rate-limit accounting', () => {
  it('puts the five x-ratelimit headers on every response, errors included', async () => {
    const responses = [
      await gh('/rate_limit'),
      await gh('/user'),
      await gh('/orgs/octo-org/repos'),
      await gh('/orgs/no-such-org/repos'),
      await gh('/no/such/route'),
      await gh('/user', { token: null }),
      await gh('/user', { token: 'ghp_unknown' }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 404, 404, 401, 401]);
    for (const response of responses) {
      for (const name of ['limit', 'remaining', 'used', 'reset', 'resource']) {
        expect(response.headers.get(`x-ratelimit-${name}`), name).not.toBeNull();
      }
      const { limit, remaining, used, reset, resource } = limits(response);
      expect(resource).toBe('core');
      expect(remaining + used).toBe(limit);
      expect(reset).toBeGreaterThan(START / 1000);
      expect(Number.isInteger(reset)).toBe(true);
    }
  });

  it('does not count GET /rate_limit, and its body agrees with the headers', async () => {
    for (let i = 0; i < 3; i += 1) {
      const response = await gh('/rate_limit');
      expect(limits(response)).toMatchObject({ limit: 5000, remaining: 5000, used: 0 });
      const body = (await response.json()) as { resources: { core: { remaining: number } }; rate: unknown };
      expect(body.resources.core).toMatchObject({ limit: 5000, remaining: 5000, used: 0 });
      expect(body.rate).toEqual(body.resources.core);
    }
    expect(sim.github().stats).toMatchObject({ requests: 3, counted: 0 });
  });

  it('decrements remaining by one per counted request', async () => {
    const seen: number[] = [];
    for (let i = 0; i < 4; i += 1) seen.push(limits(await gh('/user')).remaining);
    expect(seen).toEqual([4999, 4998, 4997, 4996]);
    expect(limits(await gh('/rate_limit'))).toMatchObject({ remaining: 4996, used: 4 });
  });

  it('answers a matching If-None-Match with a free 304 and no body', async () => {
    const first = await gh('/user');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    expect(limits(first).remaining).toBe(4999);

    const again = await gh('/user', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(limits(again)).toMatchObject({ remaining: 4999, used: 1, resource: 'core' });
    expect(sim.github().stats).toMatchObject({ counted: 1, notModified: 1 });

    const stale = await gh('/user', { headers: { 'if-none-match': 'W/"0000"' } });
    expect(stale.status).toBe(200);
    expect(limits(stale).remaining).toBe(4998);
  });

  it('answers 403 with remaining 0 once the budget is spent, but still serves /rate_limit', async () => {
    sim.github().limiter.exhaust(TOKEN, 'core', sim.clock.now());
    const refused = await gh('/user');
    expect(refused.status).toBe(403);
    expect(limits(refused)).toMatchObject({ remaining: 0, used: 5000, limit: 5000 });
    expect(await refused.json()).toEqual({
      message: 'API rate limit exceeded for user ID 1.',
      documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
      status: '403',
    });
    const status = await gh('/rate_limit');
    expect(status.status).toBe(200);
    expect(limits(status).remaining).toBe(0);
  });

  it('gives anonymous callers 60 requests, then refuses by IP', async () => {
    for (let i = 0; i < 60; i += 1) {
      const response = await gh('/orgs/octo-org/repos', { token: null });
      expect(response.status).toBe(200);
      expect(limits(response)).toMatchObject({ limit: 60, remaining: 59 - i });
    }
    const refused = await gh('/orgs/octo-org/repos', { token: null });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(((await refused.json()) as { message: string }).message).toBe(
      'API rate limit exceeded for your IP address.',
    );
    // A token has its own budget.
    expect((await gh('/user')).status).toBe(200);
  });

  it('restores the budget once the clock passes x-ratelimit-reset', async () => {
    sim.github().limiter.exhaust(TOKEN, 'core', sim.clock.now());
    const refused = await gh('/user');
    const { reset } = limits(refused);
    sim.advance(reset - sim.clock.now() / 1000 - 1);
    expect((await gh('/user')).status).toBe(403);
    sim.advance(2);
    const after = await gh('/user');
    expect(after.status).toBe(200);
    expect(limits(after)).toMatchObject({ remaining: 4999, used: 1 });
    expect(limits(after).reset).toBe(reset + 3600);
  });
});

describe('whose budget a request spends', () => {
  const remaining = async (token: string) => limits(await gh('/rate_limit', { token })).remaining;

  it('charges every personal token of one user to that user’s one budget, as GitHub does', async () => {
    // octocat's classic token, a second classic token and a fine-grained one: three tokens, one user.
    expect((await gh('/user')).status).toBe(200);
    expect((await gh('/user', { token: SIM_SECOND_TOKEN })).status).toBe(200);
    expect((await gh('/orgs/octo-org/repos', { token: SIM_FINE_GRAINED_TOKEN })).status).toBe(200);
    for (const token of [TOKEN, SIM_SECOND_TOKEN, SIM_FINE_GRAINED_TOKEN]) {
      expect(await remaining(token), token).toBe(4997);
    }
    const headers = limits(await gh('/user', { token: SIM_SECOND_TOKEN }));
    expect(headers).toMatchObject({ remaining: 4996, used: 4 });
    // Another user's token, and an App installation, have budgets of their own.
    expect(await remaining(SIM_TOKENS.hubot)).toBe(5000);
  });

  it('refuses every token of a user once one of them spent the budget, and no one else', async () => {
    sim.github().limiter.exhaust(SIM_SECOND_TOKEN, 'core', sim.clock.now());
    const refused = await gh('/user', { token: SIM_FINE_GRAINED_TOKEN });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'API rate limit exceeded for user ID 1.',
    );
    expect((await gh('/user')).status).toBe(403);
    expect((await gh('/user', { token: SIM_TOKENS.hubot })).status).toBe(200);
    const nowS = Math.floor(Date.now() / 1000);
    const jwt = appJwt({ iss: SIM_APP.id, iat: nowS - 30, exp: nowS + 540 });
    const minted = await gh(`/app/installations/${SIM_APP.installationId}/access_tokens`, {
      method: 'POST',
      token: jwt,
    });
    const { token } = (await minted.json()) as { token: string };
    expect((await gh('/orgs/octo-org/repos', { token })).status).toBe(200);
  });
});

describe('scenarios', () => {
  it('demo: other clients burn the budget in the background as time passes', async () => {
    boot('demo');
    const before = limits(await gh('/rate_limit'));
    sim.advance(600);
    const after = limits(await gh('/rate_limit'));
    expect(after.reset).toBe(before.reset);
    expect(after.used).toBeGreaterThan(before.used);
    expect(after.used - before.used).toBe(400); // 2,400 an hour for ten minutes
    expect(after.remaining).toBe(after.limit - after.used);
  });

  it('quiet: nothing moves unless requested', async () => {
    const before = limits(await gh('/rate_limit'));
    sim.advance(600);
    expect(limits(await gh('/rate_limit'))).toEqual(before);
  });

  it('rate-limit-disabled: /rate_limit is 404 and no x-ratelimit headers are sent', async () => {
    boot('rate-limit-disabled');
    const response = await gh('/rate_limit');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: 'Rate limiting is not enabled.', status: '404' });
    for (const path of ['/rate_limit', '/user', '/orgs/octo-org/repos']) {
      const names = [...(await gh(path)).headers.keys()];
      expect(
        names.filter((name) => name.startsWith('x-ratelimit')),
        path,
      ).toEqual([]);
    }
    // Nothing is ever refused for budget.
    sim.github().limiter.exhaust(TOKEN, 'core', sim.clock.now());
    expect((await gh('/user')).status).toBe(200);
  });
});
