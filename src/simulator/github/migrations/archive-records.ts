import type { SimRepo } from '../factories/repository';
import type { SimAccount } from '../factories/user';
import type { BareRepository } from '../content/bare-repository';
import { repositoryContent } from '../content/repository-content';

/**
 * Records for a migration archive, in the shape GitHub's exporter (ghe-migrator) writes them: one JSON array per
 * resource type, objects pointing at each other by URL. Issues, pull requests, releases and branch names come from
 * the repository's content model (content/repository-content.ts), the one source the archive's Git data is also
 * built from.
 */
export interface ArchiveContext {
  web: string;
  owner: SimAccount;
  users: SimAccount[];
  repos: SimRepo[];
  createdAt: string;
  /** Each repository's Git data (by id), so pull requests name real commits; stand-in ids without it. */
  git?: Map<number, BareRepository>;
}

function at(ctx: ArchiveContext, daysBefore: number): string {
  return new Date(Date.parse(ctx.createdAt) - daysBefore * 86_400_000).toISOString().replace('.000Z', 'Z');
}

const userUrl = (ctx: ArchiveContext, login: string) => `${ctx.web}/${login}`;
const repoUrl = (ctx: ArchiveContext, repo: SimRepo) => `${ctx.web}/${repo.owner}/${repo.name}`;

export function schemaRecord() {
  return { version: '1.0.1', github_sha: 'b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9' };
}

export function userRecords(ctx: ArchiveContext) {
  return ctx.users.map((user) => ({
    type: 'user',
    url: userUrl(ctx, user.login),
    avatar_url: `${ctx.web}/avatars/${user.login}.png`,
    login: user.login,
    name: user.name,
    bio: null,
    company: null,
    website: null,
    location: null,
    emails: user.email ? [{ address: user.email, primary: true, verified: true }] : [],
    billing_plan: null,
    created_at: user.createdAt,
  }));
}

export function organizationRecords(ctx: ArchiveContext) {
  if (ctx.owner.type !== 'Organization') return [];
  return [
    {
      type: 'organization',
      url: userUrl(ctx, ctx.owner.login),
      avatar_url: `${ctx.web}/avatars/${ctx.owner.login}.png`,
      login: ctx.owner.login,
      name: ctx.owner.name,
      description: ctx.owner.name,
      website: null,
      location: null,
      email: ctx.owner.email,
      members: ctx.users.map((user) => ({ user: userUrl(ctx, user.login), role: 'admin', state: 'active' })),
      created_at: ctx.owner.createdAt,
    },
  ];
}

export function repositoryRecords(ctx: ArchiveContext) {
  return ctx.repos.map((repo) => ({
    type: 'repository',
    url: repoUrl(ctx, repo),
    owner: userUrl(ctx, repo.owner),
    name: repo.name,
    description: repo.description,
    website: null,
    private: repo.private,
    has_issues: true,
    has_wiki: !repo.private,
    has_downloads: true,
    labels: [
      { url: `${repoUrl(ctx, repo)}/labels/bug`, name: 'bug', color: 'd73a4a', created_at: repo.createdAt },
    ],
    collaborators: [],
    created_at: repo.createdAt,
    git_url: `tarball://root/repositories/${repo.owner}/${repo.name}.git`,
    wiki_url: repo.private ? null : `tarball://root/repositories/${repo.owner}/${repo.name}.wiki.git`,
    default_branch: repositoryContent(repo).defaultBranch,
    public_keys: [],
  }));
}

export function issueRecords(ctx: ArchiveContext) {
  return ctx.repos.flatMap((repo) => {
    const { open, closed } = repositoryContent(repo).issues;
    return Array.from({ length: open + closed }, (_, index) => ({
      type: 'issue',
      url: `${repoUrl(ctx, repo)}/issues/${index + 1}`,
      repository: repoUrl(ctx, repo),
      user: userUrl(ctx, ctx.users[index % ctx.users.length]?.login ?? ctx.owner.login),
      title: `Issue ${index + 1} of ${repo.name}`,
      body: 'Exported by the simulator.',
      assignee: null,
      milestone: null,
      labels: index === 0 ? [`${repoUrl(ctx, repo)}/labels/bug`] : [],
      reactions: [],
      closed_at: index < open ? null : at(ctx, 20 - index),
      created_at: at(ctx, 30 - index),
    }));
  });
}

export function pullRequestRecords(ctx: ArchiveContext) {
  return ctx.repos.flatMap((repo) => {
    const content = repositoryContent(repo);
    const issues = content.issues.open + content.issues.closed;
    return content.pulls.map((pull, index) => {
      const number = issues + index + 1;
      const git = ctx.git?.get(repo.id);
      const base = content.branches[index]?.base ?? 0;
      const closedAt = pull.state === 'open' ? null : at(ctx, 8 - index);
      return {
        type: 'pull_request',
        url: `${repoUrl(ctx, repo)}/pull/${number}`,
        user: userUrl(ctx, ctx.owner.login),
        repository: repoUrl(ctx, repo),
        title: `Change ${number} to ${repo.name}`,
        body: '',
        base: {
          ref: content.defaultBranch,
          sha: git?.trunk[base] ?? sha(repo.id, 0),
          user: userUrl(ctx, repo.owner),
          repo: repoUrl(ctx, repo),
        },
        head: {
          ref: pull.head,
          sha: git?.heads[pull.head] ?? sha(repo.id, number),
          user: userUrl(ctx, repo.owner),
          repo: repoUrl(ctx, repo),
        },
        assignee: null,
        milestone: null,
        labels: [],
        reactions: [],
        review_requests: [],
        close_issue_references: [],
        work_in_progress: false,
        merged_at: pull.state === 'merged' ? closedAt : null,
        closed_at: closedAt,
        created_at: at(ctx, 10 - index),
      };
    });
  });
}

export function releaseRecords(ctx: ArchiveContext) {
  return ctx.repos.flatMap((repo) => {
    const content = repositoryContent(repo);
    return content.releases.map((release, index) => ({
      type: 'release',
      url: `${repoUrl(ctx, repo)}/releases/tag/${release.tag}`,
      repository: repoUrl(ctx, repo),
      user: userUrl(ctx, ctx.owner.login),
      name: release.name,
      tag_name: release.tag,
      body: `${release.name}.`,
      state: 'published',
      pending_tag: release.tag,
      prerelease: false,
      target_commitish: content.defaultBranch,
      release_assets: [],
      published_at: at(ctx, 5 - index),
      created_at: at(ctx, 5 - index),
    }));
  });
}

export function milestoneRecords(ctx: ArchiveContext) {
  return ctx.repos.map((repo) => ({
    type: 'milestone',
    url: `${repoUrl(ctx, repo)}/milestones/1`,
    repository: repoUrl(ctx, repo),
    user: userUrl(ctx, ctx.owner.login),
    title: 'Next',
    description: '',
    state: 'open',
    due_on: null,
    created_at: at(ctx, 40),
  }));
}

/** The branches a repository protects (its default branch): the archive's records and the source's GraphQL. */
export function protectedBranchNames(repo: Pick<SimRepo, 'id' | 'name'>): string[] {
  return [repositoryContent(repo).defaultBranch];
}

export function protectedBranchRecords(ctx: ArchiveContext) {
  return ctx.repos.flatMap((repo) =>
    protectedBranchNames(repo).map((name) => ({
      type: 'protected_branch',
      name,
      url: `${repoUrl(ctx, repo)}/protected_branches/${name}`,
      creator_url: userUrl(ctx, ctx.owner.login),
      repository_url: repoUrl(ctx, repo),
      admin_enforced: true,
      required_status_checks_enforcement_level: 'off',
      created_at: at(ctx, 60),
    })),
  );
}

export function projectRecords(ctx: ArchiveContext) {
  return [
    {
      type: 'project',
      url: `${userUrl(ctx, ctx.owner.login)}/projects/1`,
      owner: userUrl(ctx, ctx.owner.login),
      name: 'Roadmap',
      body: '',
      number: 1,
      state: 'open',
      creator: userUrl(ctx, ctx.owner.login),
      columns: [{ name: 'To do', position: 1 }],
      created_at: at(ctx, 90),
    },
  ];
}

export function attachmentRecords(ctx: ArchiveContext) {
  return ctx.repos.map((repo) => ({
    type: 'attachment',
    url: `${ctx.web}/${repo.owner}/${repo.name}/files/${repo.id}/screenshot.png`,
    issue: `${repoUrl(ctx, repo)}/issues/1`,
    user: userUrl(ctx, ctx.owner.login),
    asset_name: 'screenshot.png',
    asset_content_type: 'image/png',
    asset_url: `tarball://root/${attachmentPath(repo, 'screenshot.png')}`,
    created_at: at(ctx, 29),
  }));
}

export function attachmentPath(repo: SimRepo, file: string): string {
  return `attachments/${repo.owner}/${repo.name}/${repo.id}/${file}`;
}

/** A stable fake commit id. */
export function sha(seed: number, salt: number): string {
  let out = '';
  let value = (seed * 2654435761 + salt * 40503) >>> 0;
  while (out.length < 40) {
    value = (value * 1103515245 + 12345) >>> 0;
    out += value.toString(16).padStart(8, '0');
  }
  return out.slice(0, 40);
}
