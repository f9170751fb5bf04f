import { describe, expect, it } from 'vitest';
import { parseGraphqlAnswer } from '@/contracts/github/gei';
import { isShapeError } from '@/contracts/json';
import { CountQueryError, readCountAnswer } from './count-answer';
import { countQuery } from './count-query';

const OID = 'a'.repeat(40);
const query = countQuery('octo-org', ['my.repo-1', 'gone', 'empty'], { protectedBranches: true });
const total = (totalCount: number) => ({ totalCount });
const repository = (overrides: Record<string, unknown> = {}) => ({
  branches: total(3),
  tags: total(2),
  defaultBranchRef: { name: 'main', target: { oid: OID, history: total(42) } },
  issues: total(7),
  openPullRequests: total(1),
  closedPullRequests: total(2),
  mergedPullRequests: total(3),
  releases: total(4),
  branchProtectionRules: total(1),
  ...overrides,
});
const rateLimit = { limit: 5000, cost: 1, remaining: 4999, used: 1, resetAt: '2026-01-01T00:00:00Z' };
const notFound = (alias: string) => ({
  type: 'NOT_FOUND',
  path: [alias],
  message: `Could not resolve to a Repository with the name 'octo-org/${alias}'.`,
});
const read = (body: unknown) => readCountAnswer(parseGraphqlAnswer(body), query);
const thrown = (body: unknown): unknown => {
  try {
    read(body);
  } catch (error) {
    return error;
  }
  throw new Error('no error');
};

describe('reading a count answer', () => {
  it('maps aliases back to names; null beside NOT_FOUND is missing; an empty repository has no head', () => {
    const chunk = read({
      data: {
        r0: repository(),
        r1: null,
        r2: repository({ defaultBranchRef: null, branches: total(0) }),
        rateLimit,
      },
      errors: [notFound('r1')],
    });
    expect([...chunk.counts.keys()]).toEqual(['my.repo-1', 'gone', 'empty']);
    expect(chunk.counts.get('my.repo-1')).toEqual({
      defaultBranch: 'main',
      headOid: OID,
      commits: 42,
      branches: 3,
      tags: 2,
      issues: 7,
      pullRequests: { open: 1, closed: 2, merged: 3 },
      releases: 4,
      protectedBranches: 1,
    });
    expect(chunk.counts.get('gone')).toBeNull();
    expect(chunk.counts.get('empty')).toMatchObject({ defaultBranch: null, headOid: null, commits: 0 });
    expect(chunk.rateLimit).toEqual(rateLimit);
  });

  it('reads a side asked without branch protection rules as not counted there', () => {
    const chunk = read({
      data: { r0: repository({ branchProtectionRules: undefined }), r1: null, r2: null, rateLimit },
    });
    expect(chunk.counts.get('my.repo-1')?.protectedBranches).toBeUndefined();
    expect(chunk.counts.get('gone')).toBeNull();
  });

  it('types the limits and the outage, whatever else the answer holds', () => {
    const limit = thrown({ errors: [{ type: 'RATE_LIMIT', message: 'secondary rate limit' }] });
    expect(limit).toBeInstanceOf(CountQueryError);
    expect((limit as CountQueryError).type).toBe('RATE_LIMIT');
    const primary = thrown({ errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded' }] });
    expect((primary as CountQueryError).type).toBe('RATE_LIMIT');
    expect((primary as CountQueryError).githubType).toBe('RATE_LIMITED');
    const outage = thrown({
      data: { r0: null, r1: null, r2: null },
      errors: [
        { type: 'SERVICE_UNAVAILABLE', path: ['r0'], message: 'GitHub Enterprise Importer is unavailable' },
      ],
    });
    expect((outage as CountQueryError).type).toBe('SERVICE_UNAVAILABLE');
    const timeout = thrown({
      data: null,
      errors: [
        { message: 'Something went wrong while executing your query. This may be the result of a timeout.' },
      ],
    });
    expect((timeout as CountQueryError).type).toBe('TIMEOUT');
  });

  it('never reads an unknown as missing: other errors on a repository, a repository left out, no data', () => {
    const forbidden = thrown({
      data: { r0: repository(), r1: null, r2: repository(), rateLimit },
      errors: [{ type: 'FORBIDDEN', path: ['r1'], message: 'Resource not accessible by integration' }],
    });
    expect(forbidden).toMatchObject({ type: 'QUERY', githubType: 'FORBIDDEN' });
    expect((forbidden as Error).message).toContain('gone');
    // NOT_FOUND deeper than the repository itself is no missing repository.
    const deep = thrown({
      data: { r0: repository(), r1: null, r2: repository(), rateLimit },
      errors: [{ type: 'NOT_FOUND', path: ['r1', 'defaultBranchRef'], message: 'x' }],
    });
    expect(deep).toMatchObject({ type: 'QUERY' });
    expect(thrown({ data: { r0: repository(), r2: repository() } })).toMatchObject({ type: 'QUERY' });
    expect(thrown({ errors: [{ message: 'Parse error on "}"' }] })).toMatchObject({ type: 'QUERY' });
  });

  it('refuses counts that are not counts', () => {
    for (const bad of [
      { branches: total(-1) },
      { tags: total(1.5) },
      { issues: { totalCount: '3' } },
      { releases: null },
      { defaultBranchRef: { name: 'main', target: { oid: 'not-an-oid', history: total(1) } } },
      { defaultBranchRef: { name: 5 } },
      { mergedPullRequests: total(Number.MAX_SAFE_INTEGER + 2) },
    ]) {
      const error = thrown({ data: { r0: repository(bad), r1: null, r2: null } });
      expect(isShapeError(error), JSON.stringify(bad)).toBe(true);
    }
    expect(isShapeError(thrown({ data: { r0: 'yes', r1: null, r2: null } }))).toBe(true);
  });
});
