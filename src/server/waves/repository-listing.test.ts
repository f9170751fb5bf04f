import { describe, expect, it } from 'vitest';
import type { GithubAnswer, GithubClient } from './github-client';
import { createRepositoryListings, LIST_TTL_MS } from './repository-listing';
import { WaveInputError } from './wave-input-error';

const answer = (status: number, body: unknown, link?: string): GithubAnswer<unknown> => ({
  status,
  body,
  headers: new Headers(link ? { link } : {}),
  notModified: false,
});

/** GitHub as a client that lists two pages of repositories, and records every path asked and by whom. */
function fakeGithub() {
  const asked: string[] = [];
  const clientOf = (credential: string | undefined) =>
    ({
      get: (path: string) => {
        asked.push(`${credential ?? 'default'} ${path}`);
        if (path.includes('missing')) return Promise.resolve(answer(404, { message: 'Not Found' }));
        if (path.includes('broken')) return Promise.resolve(answer(502, { message: 'Bad gateway' }));
        return Promise.resolve(
          path.includes('page=2')
            ? answer(200, [{ name: 'b', size: 2 }])
            : answer(200, [{ name: 'a', size: 1 }], `<${path}&page=2>; rel="next"`),
        );
      },
    }) as unknown as GithubClient;
  let clock = 0;
  const listings = createRepositoryListings({ clientOf, now: () => clock });
  return { asked, listings, wait: (ms: number) => (clock += ms) };
}

const org = { kind: 'org' as const, login: 'Octo-Org' };

describe('repository listings', () => {
  it('reads every page of an organization, counting them', async () => {
    const { asked, listings } = fakeGithub();
    const { repos, pages } = await listings.list(org, undefined);
    expect(repos.map((repo) => repo.name)).toEqual(['a', 'b']);
    expect(pages).toBe(2);
    expect(asked[0]).toBe('default orgs/Octo-Org/repos?per_page=100&type=all');
  });

  it('lists the token’s own repositories for a user owner', async () => {
    const { asked, listings } = fakeGithub();
    await listings.list({ kind: 'user', login: '' }, 'ci');
    expect(asked[0]).toBe('ci user/repos?per_page=100&affiliation=owner');
  });

  it('reuses a listing for a few minutes, per credential and owner (login in any case)', async () => {
    const { asked, listings, wait } = fakeGithub();
    await listings.list(org, undefined);
    await listings.list({ ...org, login: 'octo-org' }, undefined);
    expect(asked).toHaveLength(2);
    await listings.list(org, 'ci');
    expect(asked).toHaveLength(4);
    wait(LIST_TTL_MS - 1);
    await listings.list(org, undefined);
    expect(asked).toHaveLength(4);
    wait(1);
    await listings.list(org, undefined);
    expect(asked).toHaveLength(6);
  });

  it('reads again once forgotten', async () => {
    const { asked, listings } = fakeGithub();
    await listings.list(org, undefined);
    listings.forget();
    await listings.list(org, undefined);
    expect(asked).toHaveLength(4);
  });

  it('answers an unknown organization as the user’s to fix, and keeps no failed listing', async () => {
    const { asked, listings } = fakeGithub();
    const missing = { kind: 'org' as const, login: 'missing' };
    await expect(listings.list(missing, undefined)).rejects.toThrow(WaveInputError);
    await expect(listings.list(missing, undefined)).rejects.toThrow('No organization missing');
    expect(asked).toHaveLength(2);
    await expect(listings.list({ kind: 'org', login: 'broken' }, undefined)).rejects.not.toThrow(
      WaveInputError,
    );
  });
});
