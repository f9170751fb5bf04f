import { beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../simulator';
import { SIM_TOKENS } from './seed';

let sim: Simulator;

beforeEach(() => {
  sim = createSimulator({ speed: 0, scenario: 'quiet', startMs: Date.UTC(2026, 0, 15, 12) });
});

function gh(path: string, init: RequestInit & { auth?: string | null } = {}) {
  const { auth = `Bearer ${SIM_TOKENS.octocat}`, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (auth) headers.set('authorization', auth);
  return sim.fetch(new Request(`http://sim.test/api/v3${path}`, { ...rest, headers }));
}

describe('authentication', () => {
  it.each([
    ['an unknown token', 'Bearer sim-token-unknown-FAKE'],
    ['an unknown token (token scheme)', 'token sim-token-unknown-FAKE'],
    ['a Basic header', 'Basic b2N0b2NhdDpwYXNzd29yZA=='],
    ['a bare word', 'nonsense'],
  ])('answers 401 Bad credentials to %s, in GitHub’s basic-error shape', async (_what, auth) => {
    const response = await gh('/user', { auth });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      message: 'Bad credentials',
      documentation_url: 'https://docs.github.com/rest',
      status: '401',
    });
    expect(response.headers.get('x-github-request-id')).toMatch(/^SIM:/);
  });

  it('accepts both the token and the bearer scheme, case-insensitively', async () => {
    for (const auth of [
      `token ${SIM_TOKENS.octocat}`,
      `bearer ${SIM_TOKENS.octocat}`,
      `Bearer ${SIM_TOKENS.hubot}`,
    ]) {
      expect((await gh('/user', { auth })).status).toBe(200);
    }
  });

  it('answers /user without a token with 401 Requires authentication', async () => {
    const response = await gh('/user', { auth: null });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      message: 'Requires authentication',
      documentation_url: 'https://docs.github.com/rest',
      status: '401',
    });
  });

  it('reports the token’s scopes in x-oauth-scopes, and none for anonymous calls', async () => {
    const octocat = await gh('/user');
    expect(octocat.headers.get('x-oauth-scopes')).toBe('admin:org, repo, user');
    expect(octocat.headers.has('x-accepted-oauth-scopes')).toBe(true);
    expect(((await octocat.json()) as { login: string }).login).toBe('octocat');

    const hubot = await gh('/rate_limit', { auth: `Bearer ${SIM_TOKENS.hubot}` });
    expect(hubot.headers.get('x-oauth-scopes')).toBe('repo');

    const anonymous = await gh('/orgs/octo-org/repos', { auth: null });
    expect(anonymous.headers.has('x-oauth-scopes')).toBe(false);
  });

  it('keeps budgets per token', async () => {
    await gh('/user');
    await gh('/user');
    const hubot = await gh('/user', { auth: `Bearer ${SIM_TOKENS.hubot}` });
    expect(hubot.headers.get('x-ratelimit-remaining')).toBe('4999');
  });
});

describe('secondary rate limit (content creation)', () => {
  const write = () => gh('/user/migrations', { method: 'POST', body: '{}' });

  it('allows 80 writes a minute and refuses the 81st with retry-after', async () => {
    for (let i = 0; i < 80; i += 1) {
      const response = await write();
      // No migrations route is mounted yet: the write is answered 404 but still passes the limiter.
      expect(response.status).not.toBe(403);
    }
    const refused = await write();
    expect(refused.status).toBe(403);
    expect(refused.headers.get('retry-after')).toBe('60');
    const body = (await refused.json()) as { message: string; documentation_url: string; status: string };
    expect(body.message).toMatch(/secondary rate limit/);
    expect(body.documentation_url).toMatch(/secondary-rate-limits$/);
    expect(body.status).toBe('403');
    // Not a primary-limit refusal: there is budget left, and the refusal itself is not counted.
    expect(Number(refused.headers.get('x-ratelimit-remaining'))).toBe(5000 - 80);
  });

  it('leaves reads alone and lifts the block once the window has passed', async () => {
    for (let i = 0; i < 81; i += 1) await write();
    expect((await write()).status).toBe(403);
    expect((await gh('/user')).status).toBe(200);
    sim.advance(59);
    expect((await write()).status).toBe(403);
    sim.advance(2);
    expect((await write()).status).not.toBe(403);
  });

  it('counts every non-GET method, per identity', async () => {
    const methods = ['POST', 'PATCH', 'PUT', 'DELETE'];
    for (let i = 0; i < 80; i += 1) {
      await gh('/repos/octo-org/hello-world/import', { method: methods[i % methods.length] });
    }
    expect((await gh('/repos/octo-org/hello-world/import', { method: 'DELETE' })).status).toBe(403);
    const hubot = await gh('/user/migrations', { method: 'POST', auth: `Bearer ${SIM_TOKENS.hubot}` });
    expect(hubot.status).not.toBe(403);
  });
});

describe('every response', () => {
  it('carries GitHub’s media-type, API version and request id headers', async () => {
    for (const path of ['/user', '/nowhere']) {
      const response = await gh(path);
      expect(response.headers.get('x-github-media-type')).toBe('github.v3; format=json');
      expect(response.headers.get('x-github-api-version-selected')).toBe('2022-11-28');
      expect(response.headers.get('x-github-request-id')).toMatch(/^SIM:[0-9A-F]+:\d+$/);
    }
  });

  it('answers an unknown route with GitHub’s JSON 404, rate-limit headers included', async () => {
    const notFound = await gh('/nowhere');
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('content-type')).toMatch(/^application\/json/);
    expect(notFound.headers.get('x-ratelimit-remaining')).toBe('4999');
    expect(await notFound.json()).toEqual({
      message: 'Not Found',
      documentation_url: 'https://docs.github.com/rest',
      status: '404',
    });
  });
});
