import { describe, expect, it } from 'vitest';
import { createSimulator, TARGET_SIMULATOR_ORIGIN } from '../simulator';
import { SIM_TOKENS } from '../github/seed';
import { TARGET_ORG, TARGET_TOKENS } from './seed';

const sim = createSimulator({ speed: 0, scenario: 'quiet' });
const target = (path: string, token?: string, body?: unknown) =>
  sim.fetch(
    new Request(`${TARGET_SIMULATOR_ORIGIN}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
const viewer = { query: 'query { viewer { login } }' };

describe("the simulated GitHubs' answers carry GitHub's headers", () => {
  it("target GraphQL: a request id, JSON's charset, a classic token's scopes (none for other tokens)", async () => {
    const classic = await target('/graphql', TARGET_TOKENS.octocat, viewer);
    expect(classic.status).toBe(200);
    expect(classic.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(classic.headers.get('x-github-request-id')).toMatch(/^SIM-TARGET:[0-9A-F]+:\d+$/);
    expect(classic.headers.get('x-oauth-scopes')).toBe('repo, admin:org, workflow, delete_repo');
    const again = await target('/graphql', TARGET_TOKENS.octocat, viewer);
    expect(again.headers.get('x-github-request-id')).not.toBe(classic.headers.get('x-github-request-id'));
    const fine = await target('/graphql', TARGET_TOKENS.fineGrained, viewer);
    expect(fine.headers.get('x-oauth-scopes')).toBeNull();
  });

  it("target REST: the core budget's headers count each request, and /rate_limit agrees", async () => {
    const first = await target(`/orgs/${TARGET_ORG}`, TARGET_TOKENS.monalisa);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-oauth-scopes')).toBe('repo, read:org, workflow');
    expect(first.headers.get('x-ratelimit-resource')).toBe('core');
    expect(first.headers.get('x-ratelimit-limit')).toBe('5000');
    const used = Number(first.headers.get('x-ratelimit-used'));
    const second = await target(`/repos/${TARGET_ORG}/no-such-repository`, TARGET_TOKENS.monalisa);
    expect(second.status).toBe(404);
    expect(Number(second.headers.get('x-ratelimit-used'))).toBe(used + 1);
    expect(Number(second.headers.get('x-ratelimit-remaining'))).toBe(5000 - used - 1);
    const limits = (await (await target('/rate_limit', TARGET_TOKENS.monalisa)).json()) as {
      resources: { core: { used: number } };
    };
    expect(limits.resources.core.used).toBe(used + 1);
    const anonymous = await target(`/orgs/${TARGET_ORG}`);
    expect(anonymous.headers.get('x-ratelimit-limit')).toBe('60');
    expect(anonymous.headers.get('x-oauth-scopes')).toBeNull();
  });

  it('source GraphQL: a request id, JSON’s charset, a classic token’s scopes', async () => {
    const answer = await sim.fetch(
      new Request('http://sim.test/api/graphql', {
        method: 'POST',
        headers: { authorization: `Bearer ${SIM_TOKENS.octocat}`, 'content-type': 'application/json' },
        body: JSON.stringify(viewer),
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('x-github-request-id')).toMatch(/^SIM:[0-9A-F]+:\d+$/);
    expect(answer.headers.get('x-oauth-scopes')).toMatch(/repo/);
  });
});
