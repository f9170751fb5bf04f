import { describe, expect, it } from 'vitest';
import { UpstreamFailureError } from '@/server/outbound/upstream-failure';
import { TargetCredentialError, TargetRateLimitedError } from './target-errors';
import { readTargetRulesets } from './target-rulesets';

const BOUNDS = { headersMs: 200, idleMs: 200, totalMs: 500, maxBytes: 64 * 1024 };
type Answer = { status?: number; body: unknown; headers?: Record<string, string> };

function readWith(answer: (url: URL) => Answer) {
  const seen: URL[] = [];
  const read = readTargetRulesets(
    {
      baseUrl: 'https://api.github.com/',
      apiVersion: '2022-11-28',
      authorization: () => Promise.resolve('Bearer ghp_target'),
      bounds: BOUNDS,
      fetch: (request) => {
        const url = new URL(request.url);
        seen.push(url);
        const made = answer(url);
        const text = typeof made.body === 'string' ? made.body : JSON.stringify(made.body);
        return Promise.resolve(new Response(text, { status: made.status ?? 200, headers: made.headers }));
      },
    },
    'octo-target',
  );
  return { read, seen };
}

const DETAIL = {
  id: 1,
  name: 'Protect main',
  enforcement: 'active',
  target: 'branch',
  bypass_actors: [{ actor_id: null, actor_type: 'RepositoryMigration', bypass_mode: 'exempt' }],
  conditions: { repository_name: { include: ['lib-*'], exclude: [] } },
};

describe('the target’s rulesets, read for the pre-flight', () => {
  it('lists 100 a page, then reads each ruleset not disabled (the list carries no conditions)', async () => {
    const { read, seen } = readWith((url) =>
      url.pathname.endsWith('/rulesets')
        ? {
            body: [
              { id: 1, name: 'Protect main', enforcement: 'active' },
              { id: 2, name: 'Old', enforcement: 'disabled' },
            ],
          }
        : { body: DETAIL },
    );
    expect(await read).toEqual({
      ok: true,
      requests: 2,
      rulesets: [
        {
          id: 1,
          name: 'Protect main',
          enforcement: 'active',
          target: 'branch',
          repositoryName: { include: ['lib-*'], exclude: [] },
          byProperty: false,
          migrationsBypass: 'exempt',
        },
      ],
    });
    expect(seen.map((url) => `${url.pathname}${url.search}`)).toEqual([
      '/orgs/octo-target/rulesets?per_page=100&page=1',
      '/orgs/octo-target/rulesets/1',
    ]);
  });

  it('says it could not read them on a 403 or 404 (a token that may not), rather than guessing', async () => {
    const { read } = readWith(() => ({ status: 404, body: { message: 'Not Found' } }));
    expect(await read).toEqual({
      ok: false,
      requests: 1,
      reason: 'the organization’s rulesets could not be read: GitHub answered 404 “Not Found”',
    });
  });

  it('answers limits, a refused token and a hostile answer as the typed errors the routes map to 4xx/5xx', async () => {
    const limited = readWith(() => ({
      status: 403,
      body: { message: 'You have exceeded a secondary rate limit.' },
      headers: { 'retry-after': '30' },
    }));
    await expect(limited.read).rejects.toBeInstanceOf(TargetRateLimitedError);
    await expect(
      readWith(() => ({ status: 401, body: { message: 'Bad credentials' } })).read,
    ).rejects.toBeInstanceOf(TargetCredentialError);
    for (const body of ['not json', { not: 'a list' }, [{ id: 'x' }]])
      await expect(readWith(() => ({ body })).read).rejects.toBeInstanceOf(UpstreamFailureError);
    const badDetail = readWith((url) =>
      url.pathname.endsWith('/rulesets')
        ? { body: [{ id: 1, name: 'a', enforcement: 'active' }] }
        : { body: { ...DETAIL, enforcement: 'on', bypass_actors: 'all' } },
    );
    await expect(badDetail.read).rejects.toBeInstanceOf(UpstreamFailureError);
    await expect(readWith(() => ({ status: 500, body: { message: 'boom' } })).read).rejects.toBeInstanceOf(
      UpstreamFailureError,
    );
  });

  it('stops after 10 pages of 100', async () => {
    const full = Array.from({ length: 100 }, (_, i) => ({
      id: i + 1,
      name: `r${i}`,
      enforcement: 'disabled',
    }));
    const { read, seen } = readWith(() => ({ body: full }));
    expect((await read).requests).toBe(10);
    expect(seen).toHaveLength(10);
  });
});
