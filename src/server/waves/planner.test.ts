import { describe, expect, it } from 'vitest';
import type { AccountBudget } from '@/contracts/budgets';
import type { PlannedRepo, WaveBatch } from '@/contracts/waves';
import { accountCost, arrangedBatches, filterRepos, matchesName, planBatches, preview } from './planner';
import { buildWave, NO_EXPORT_OPTIONS } from '@/testing/wave-factories';

const repo = (name: string, sizeKb: number, extra: Partial<PlannedRepo> = {}): PlannedRepo => ({
  name,
  sizeKb,
  language: 'Go',
  visibility: 'private',
  archived: false,
  pushedAt: '2026-06-01T00:00:00Z',
  ...extra,
});

const OPTIONS = NO_EXPORT_OPTIONS;

describe('name patterns', () => {
  it('match whole names with *, ? and classes, case-insensitively, several at once', () => {
    expect(matchesName('API-001', 'api-*')).toBe(true);
    expect(matchesName('web-api-001', 'api-*')).toBe(false);
    expect(matchesName('data-broken-097', '*-0[4-9]?')).toBe(true);
    expect(matchesName('data-030', '*-0[4-9]?')).toBe(false);
    expect(matchesName('axb', 'a.b')).toBe(false);
    expect(matchesName('xa', 'x[!0-9]')).toBe(true);
    expect(matchesName('tools-010', 'api-*, tools-*')).toBe(true);
    expect(matchesName('anything', '')).toBe(true);
  });
});

describe('filterRepos', () => {
  const repos = [
    repo('api-1', 10, { language: 'Go', visibility: 'public' }),
    repo('api-2', 5_000, { language: null, archived: true }),
    repo('web-1', 900, { language: 'TypeScript', pushedAt: '2025-01-01T00:00:00Z' }),
    repo('web-2', 50_000, { language: 'typescript', pushedAt: null }),
  ];
  const names = (filters: Parameters<typeof filterRepos>[1]) =>
    filterRepos(repos, filters).map((r) => r.name);

  it('takes all with no filter', () => expect(names({})).toHaveLength(4));
  it('by language (case-insensitive; "none" for no language)', () => {
    expect(names({ languages: ['TypeScript'] })).toEqual(['web-1', 'web-2']);
    expect(names({ languages: ['none'] })).toEqual(['api-2']);
  });
  it('by visibility and archived', () => {
    expect(names({ visibility: 'public' })).toEqual(['api-1']);
    expect(names({ archived: 'exclude' })).toEqual(['api-1', 'web-1', 'web-2']);
    expect(names({ archived: 'only' })).toEqual(['api-2']);
  });
  it('by size range, inclusive', () => {
    expect(names({ minSizeKb: 900, maxSizeKb: 5_000 })).toEqual(['api-2', 'web-1']);
  });
  it('by push date (never pushed matches neither bound)', () => {
    expect(names({ pushedBefore: '2026-01-01' })).toEqual(['web-1']);
    expect(names({ pushedAfter: '2026-01-01' })).toEqual(['api-1', 'api-2']);
  });
  it('combines filters', () => {
    expect(names({ namePattern: 'web-*', maxSizeKb: 1_000 })).toEqual(['web-1']);
  });
});

describe('planBatches', () => {
  it('closes a batch at the count cap or before the size cap, whichever comes first', () => {
    const repos = Array.from({ length: 7 }, (_, i) => repo(`r${i}`, 100));
    expect(planBatches(repos, { maxRepos: 3, maxSizeKb: 10_000 }).map((b) => b.repos.length)).toEqual([
      3, 3, 1,
    ]);
    expect(planBatches(repos, { maxRepos: 10, maxSizeKb: 250 }).map((b) => b.repos.length)).toEqual([
      2, 2, 2, 1,
    ]);
  });
  it('gives a repository larger than the size cap a batch of its own', () => {
    const batches = planBatches([repo('a', 10), repo('huge', 9_000), repo('b', 10)], {
      maxRepos: 25,
      maxSizeKb: 1_000,
    });
    expect(batches).toEqual([
      { repos: ['a'], sizeKb: 10 },
      { repos: ['huge'], sizeKb: 9_000 },
      { repos: ['b'], sizeKb: 10 },
    ]);
  });
  it('keeps every repository exactly once, in order', () => {
    const repos = Array.from({ length: 53 }, (_, i) => repo(`r${i}`, (i * 7919) % 3000));
    const batches = planBatches(repos, { maxRepos: 25, maxSizeKb: 20_000 });
    expect(batches.flatMap((b) => b.repos)).toEqual(repos.map((r) => r.name));
  });
});

describe('preview', () => {
  const listed = Array.from({ length: 500 }, (_, i) => repo(`r${i}`, 1_000));
  it('counts requests: listing pages, three per batch, extras for unlocks and deletions', () => {
    const caps = { maxRepos: 25, maxSizeKb: 2_000_000, concurrency: 2 };
    const plain = preview(listed, {}, caps, OPTIONS);
    expect(plain.batches).toHaveLength(20);
    expect(plain.requests).toEqual({
      listing: 5,
      perBatch: 60,
      perBatchMax: 100,
      extras: 0,
      total: 65,
      totalMax: 105,
    });
    const extra = preview(listed, {}, caps, {
      ...OPTIONS,
      lockRepositories: true,
      unlockWhenVerified: true,
      deleteAfterDownload: true,
    });
    expect(extra.requests.extras).toBe(500 + 20);
  });
  it('estimates time from the model, the observed speed and the concurrency', () => {
    const caps = { maxRepos: 25, maxSizeKb: 2_000_000, concurrency: 1 };
    const one = preview(listed, {}, caps, OPTIONS);
    const two = preview(listed, {}, { ...caps, concurrency: 2 }, OPTIONS);
    const fast = preview(listed, {}, caps, OPTIONS, 0.1);
    expect(two.estimatedSeconds).toBeCloseTo(one.estimatedSeconds / 2, -1);
    expect(fast.estimatedSeconds).toBeCloseTo(one.estimatedSeconds / 10, -1);
    expect(one.selectedSizeKb).toBe(500_000);
  });
});

describe('arrangedBatches', () => {
  const repo = (name: string, sizeKb: number) => ({
    name,
    sizeKb,
    language: null,
    visibility: 'public' as const,
    archived: false,
    pushedAt: null,
  });
  const selected = [repo('a', 1), repo('b', 2), repo('c', 4)];

  it('takes the user’s arrangement with sizes from the listing', () => {
    expect(arrangedBatches(selected, [['c', 'A'], ['b']])).toEqual([
      { repos: ['c', 'a'], sizeKb: 5 },
      { repos: ['b'], sizeKb: 2 },
    ]);
  });

  it('refuses a repository twice, one not selected, or one left out', () => {
    expect(
      arrangedBatches(selected, [
        ['a', 'b'],
        ['b', 'c'],
      ]),
    ).toBe('b is in two batches.');
    expect(arrangedBatches(selected, [['a', 'b', 'c', 'zzz']])).toMatch(/zzz is not among/);
    expect(arrangedBatches(selected, [['a', 'b']])).toBe('1 selected repository is in no batch (c).');
  });
});

describe('what a plan costs the account', () => {
  const octocat: AccountBudget = {
    account: 'octocat',
    credentials: ['default', 'fine-grained'],
    includesDefault: true,
    remaining: 100,
    reset: '2026-06-01T13:00:00.000Z',
  };
  const running = (credential: string | undefined, states: WaveBatch['state'][]) =>
    buildWave(
      states.map((state) => ({ state, repos: ['a', 'b'] })),
      { state: 'running', options: { ...OPTIONS, ...(credential ? { credential } : {}) } },
    );
  const requests = preview(
    [repo('a', 10), repo('b', 10)],
    {},
    { maxRepos: 1, maxSizeKb: 100, concurrency: 1 },
    OPTIONS,
  ).requests;

  it('counts what other waves on any token of the same user still owe, not only this token’s', () => {
    expect(requests).toMatchObject({ total: 7, totalMax: 11 });
    const waves = [
      // fine-grained is octocat's too: its queued batch (3) and running export (2) come off the same budget.
      running('fine-grained', ['queued', 'exporting', 'verified']),
      // No credential named: the default, octocat's again.
      running(undefined, ['queued']),
      // hubot's budget is another; a finished wave owes nothing.
      running('hubot', ['queued', 'queued']),
      buildWave([{ state: 'queued' }], { state: 'completed' }),
    ];
    expect(accountCost(requests, octocat, waves)).toEqual({
      account: 'octocat',
      credentials: ['default', 'fine-grained'],
      otherWaves: 2,
      owed: 8,
      remaining: 100,
      leftAfter: 100 - 8 - 11,
      reset: octocat.reset,
    });
  });

  it('says the budget runs out when the account’s waves together need more than is left', () => {
    const waves = Array.from({ length: 30 }, () => running('default', ['queued']));
    expect(accountCost(requests, octocat, waves).leftAfter).toBe(100 - 90 - 11);
    // A budget of another user is not charged for them.
    const hubot = { ...octocat, account: 'hubot', credentials: ['hubot'], includesDefault: false };
    expect(accountCost(requests, hubot, waves)).toMatchObject({ otherWaves: 0, owed: 0, leftAfter: 89 });
  });

  it('counts unlocks and deletions a wave still owes, and leaves the figure open before any reading', () => {
    const wave = running('default', ['queued', 'downloading', 'verified']);
    wave.options = {
      ...wave.options,
      lockRepositories: true,
      unlockWhenVerified: true,
      deleteAfterDownload: true,
    };
    const unread: AccountBudget = { ...octocat, remaining: undefined };
    // queued: 3 + 2 unlocks + 1 deletion; downloading: 2 unlocks + 1 deletion; verified: done.
    expect(accountCost(requests, unread, [wave])).toMatchObject({
      owed: 9,
      remaining: undefined,
      leftAfter: undefined,
    });
  });
});
