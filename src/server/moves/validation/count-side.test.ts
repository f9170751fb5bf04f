import { describe, expect, it } from 'vitest';
import type { GraphqlAnswer } from '@/contracts/github/gei';
import { CountQueryError } from './count-answer';
import { REPOSITORIES_PER_COUNT_QUERY } from './count-query';
import { countSide, type GraphqlPost } from './count-side';

const total = (totalCount: number) => ({ totalCount });
const repository = {
  branches: total(1),
  tags: total(0),
  defaultBranchRef: { name: 'main', target: { oid: 'a'.repeat(40), history: total(3) } },
  issues: total(0),
  openPullRequests: total(0),
  closedPullRequests: total(0),
  mergedPullRequests: total(0),
  releases: total(0),
};

/** A side that knows every name but `absent-*`, charging 1 point a request; `fail` answers that request. */
function fakeSide(fail?: { at?: number; most?: number; answer: GraphqlAnswer }) {
  const sent: Record<string, unknown>[] = [];
  const post: GraphqlPost = (query, variables) => {
    sent.push(variables);
    const size = Object.keys(variables).length - 1;
    if (fail && (sent.length === fail.at || size > (fail.most ?? Infinity)))
      return Promise.resolve(fail.answer);
    const data: Record<string, unknown> = {
      rateLimit: {
        limit: 5000,
        cost: 1,
        remaining: 5000 - sent.length,
        used: sent.length,
        resetAt: '2026-01-01T00:00:00Z',
      },
    };
    const errors: GraphqlAnswer['errors'] = [];
    for (const [key, name] of Object.entries(variables)) {
      if (key === 'owner') continue;
      const alias = `r${key.slice(1)}`;
      expect(query).toContain(`${alias}: repository(owner: $owner, name: $${key})`);
      if (String(name).startsWith('absent-')) {
        data[alias] = null;
        errors.push({ type: 'NOT_FOUND', path: [alias], message: 'Could not resolve' });
      } else data[alias] = repository;
    }
    return Promise.resolve({ data, errors });
  };
  return { post, sent };
}

describe('counting one side', () => {
  it('sends one query per chunk, each name once (as GitHub compares names), and sums the points', async () => {
    const names = Array.from({ length: 2 * REPOSITORIES_PER_COUNT_QUERY + 1 }, (_, i) =>
      i % 10 === 0 ? `absent-${i}` : `repo.${i}`,
    );
    const { post, sent } = fakeSide();
    const counted = await countSide(post, 'octo-org', [...names, 'REPO.1', 'Repo.1'], {
      protectedBranches: false,
    });
    expect(sent).toHaveLength(3);
    expect(counted).toMatchObject({ requests: 3, points: 3, remaining: 4997 });
    expect(counted.counts.size).toBe(names.length);
    expect(counted.counts.get('absent-0')).toBeNull();
    expect(counted.counts.get('repo.1')).toMatchObject({ commits: 3, defaultBranch: 'main' });
  });

  it('stops at a typed error and hands back nothing partial', async () => {
    const { post, sent } = fakeSide({
      at: 2,
      answer: {
        data: null,
        errors: [{ type: 'RATE_LIMIT', message: 'You have exceeded a secondary rate limit.' }],
      },
    });
    const names = Array.from({ length: 3 * REPOSITORIES_PER_COUNT_QUERY }, (_, i) => `repo-${i}`);
    const error = await countSide(post, 'octo-org', names, { protectedBranches: false }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CountQueryError);
    expect((error as CountQueryError).type).toBe('RATE_LIMIT');
    expect(sent).toHaveLength(2);
  });

  const timeout: GraphqlAnswer = {
    data: null,
    errors: [
      {
        message:
          'Something went wrong while executing your query. This may be the result of a timeout, or it could be a GitHub bug.',
      },
    ],
  };

  it('asks again in halves when GitHub times out on a chunk, until the halves answer', async () => {
    const names = Array.from({ length: REPOSITORIES_PER_COUNT_QUERY }, (_, i) => `repo-${i}`);
    // Anything over 10 repositories times out: 50 → 25 → 13 → 7 + 6, 12 → 6 + 6; 25 → 13 (7 + 6), 12 (6 + 6).
    const { post, sent } = fakeSide({ most: 10, answer: timeout });
    const counted = await countSide(post, 'octo-org', names, { protectedBranches: false });
    expect(counted.counts.size).toBe(50);
    expect([...counted.counts.values()].every((value) => value !== null)).toBe(true);
    expect(sent.filter((variables) => Object.keys(variables).length - 1 <= 10)).toHaveLength(8);
    expect(counted).toMatchObject({ requests: sent.length, points: 8 });
  });

  it('gives up after one failing repository: at most ⌈log2(50)⌉ requests more than one', async () => {
    const names = Array.from({ length: REPOSITORIES_PER_COUNT_QUERY }, (_, i) => `repo-${i}`);
    const { post, sent } = fakeSide({ most: 0, answer: timeout });
    const error = await countSide(post, 'octo-org', names, { protectedBranches: false }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ type: 'TIMEOUT' });
    expect(sent.map((variables) => Object.keys(variables).length - 1)).toEqual([50, 25, 13, 7, 4, 2, 1]);
  });
});
