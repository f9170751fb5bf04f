import { describe, expect, it } from 'vitest';
import type { SimRepo } from '../factories/repository';
import { createGithubState } from '../state';
import { createClock } from '../../clock';
import {
  issueRecords,
  protectedBranchRecords,
  pullRequestRecords,
  releaseRecords,
  repositoryRecords,
  type ArchiveContext,
} from '../migrations/archive-records';
import { COMMIT_AUTHORS, pullCounts, repositoryContent } from './repository-content';

const state = createGithubState(createClock({ speed: 0, startMs: Date.UTC(2026, 5, 1) }), 'big-org');
const repos = state.world.repos;
const SEEDED_EMAILS = new Set(
  [...state.world.accounts.values()].flatMap((account) => (account.email ? [account.email] : [])),
);

function context(repo: SimRepo): ArchiveContext {
  const owner = state.world.accounts.get(repo.owner)!;
  return { web: 'http://sim.test', owner, users: [owner], repos: [repo], createdAt: '2026-06-01T00:00:00Z' };
}

describe('repositoryContent', () => {
  it('is deterministic from the id and name alone', () => {
    const repo = repos[0]!;
    const again = { ...repo, size: repo.size * 10, createdAt: '1999-01-01T00:00:00Z', description: 'other' };
    expect(repositoryContent(again)).toEqual(repositoryContent(repo));
    expect(repositoryContent({ ...repo, name: `${repo.name}-x` })).not.toEqual(repositoryContent(repo));
  });

  it('keeps numbers small and varied: 3–7 commits, 1–4 branches, 0–3 tags, main or master', () => {
    const models = repos.map((repo) => repositoryContent(repo));
    for (const model of models) {
      expect(model.commits.length).toBeGreaterThanOrEqual(3);
      expect(model.commits.length).toBeLessThanOrEqual(7);
      expect(model.branches.length).toBeLessThanOrEqual(3);
      expect(model.tags.length).toBeLessThanOrEqual(3);
      expect(new Set(model.branches.map((branch) => branch.name)).size).toBe(model.branches.length);
      expect(model.branches.map((branch) => branch.name)).not.toContain(model.defaultBranch);
      // Dates only move forward along the default branch; branches start after their base.
      const dates = model.commits.map((commit) => commit.date);
      expect([...dates].sort()).toEqual(dates);
      for (const branch of model.branches)
        expect(branch.commits[0]!.date > model.commits[branch.base]!.date).toBe(true);
      for (const tag of model.tags) expect(model.commits[tag.commit]).toBeDefined();
    }
    const spread = (pick: (model: (typeof models)[number]) => number) => new Set(models.map(pick)).size;
    expect(spread((model) => model.commits.length)).toBe(5);
    expect(spread((model) => model.branches.length)).toBe(4);
    expect(spread((model) => model.tags.length)).toBe(4);
    expect(new Set(models.map((model) => model.defaultBranch))).toEqual(new Set(['main', 'master']));
  });

  it('mixes commit authors whose e-mails match seeded users with authors no account has', () => {
    expect(COMMIT_AUTHORS.some((author) => SEEDED_EMAILS.has(author.email))).toBe(true);
    for (const repo of repos) {
      const emails = repositoryContent(repo).commits.map((commit) => commit.author.email);
      expect(
        emails.some((email) => SEEDED_EMAILS.has(email)),
        repo.name,
      ).toBe(true);
      expect(
        emails.some((email) => !SEEDED_EMAILS.has(email)),
        repo.name,
      ).toBe(true);
    }
  });

  it('is the one source of the archive records: issues, pull requests, releases, default branch', () => {
    for (const repo of repos.slice(0, 60)) {
      const model = repositoryContent(repo);
      const ctx = context(repo);
      const issues = issueRecords(ctx);
      expect(issues.filter((issue) => issue.closed_at === null)).toHaveLength(model.issues.open);
      expect(issues.filter((issue) => issue.closed_at !== null)).toHaveLength(model.issues.closed);

      const pulls = pullRequestRecords(ctx);
      const counts = pullCounts(model);
      expect(pulls.filter((pull) => pull.merged_at !== null)).toHaveLength(counts.merged);
      expect(pulls.filter((pull) => pull.closed_at === null)).toHaveLength(counts.open);
      expect(pulls.filter((pull) => pull.closed_at !== null && pull.merged_at === null)).toHaveLength(
        counts.closed,
      );
      expect(pulls.map((pull) => pull.head.ref)).toEqual(model.branches.map((branch) => branch.name));
      expect(pulls.every((pull) => pull.base.ref === model.defaultBranch)).toBe(true);
      // Pull requests are numbered after the issues, as on GitHub (one sequence).
      expect(pulls.map((pull) => pull.url.split('/').pop())).toEqual(
        pulls.map((_, index) => String(issues.length + index + 1)),
      );

      expect(releaseRecords(ctx).map((release) => release.tag_name)).toEqual(
        model.releases.map((release) => release.tag),
      );
      expect(repositoryRecords(ctx)[0]!.default_branch).toBe(model.defaultBranch);
      expect(protectedBranchRecords(ctx)[0]!.name).toBe(model.defaultBranch);
    }
  });
});
