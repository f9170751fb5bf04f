import { pullCounts, repositoryContent } from '../content/repository-content';
import { repositoryResources } from '../inventory/repository-resources';
import { buildSimpleUser, type SimAccount } from './user';

export interface SimRepo {
  id: number;
  owner: string;
  name: string;
  description: string | null;
  language: string | null;
  /** Kilobytes, as GitHub reports it. */
  size: number;
  private: boolean;
  topics: string[];
  createdAt: string;
  pushedAt: string;
  stars: number;
  archived: boolean;
  /** Organization members who administer this repository besides its owners (direct collaborators, role admin). */
  admins?: string[];
}

function links(api: string, full: string) {
  const url = `${api}/repos/${full}`;
  return {
    url,
    archive_url: `${url}/{archive_format}{/ref}`,
    assignees_url: `${url}/assignees{/user}`,
    blobs_url: `${url}/git/blobs{/sha}`,
    branches_url: `${url}/branches{/branch}`,
    collaborators_url: `${url}/collaborators{/collaborator}`,
    comments_url: `${url}/comments{/number}`,
    commits_url: `${url}/commits{/sha}`,
    compare_url: `${url}/compare/{base}...{head}`,
    contents_url: `${url}/contents/{+path}`,
    contributors_url: `${url}/contributors`,
    deployments_url: `${url}/deployments`,
    downloads_url: `${url}/downloads`,
    events_url: `${url}/events`,
    forks_url: `${url}/forks`,
    git_commits_url: `${url}/git/commits{/sha}`,
    git_refs_url: `${url}/git/refs{/sha}`,
    git_tags_url: `${url}/git/tags{/sha}`,
    issue_comment_url: `${url}/issues/comments{/number}`,
    issue_events_url: `${url}/issues/events{/number}`,
    issues_url: `${url}/issues{/number}`,
    keys_url: `${url}/keys{/key_id}`,
    labels_url: `${url}/labels{/name}`,
    languages_url: `${url}/languages`,
    merges_url: `${url}/merges`,
    milestones_url: `${url}/milestones{/number}`,
    notifications_url: `${url}/notifications{?since,all,participating}`,
    pulls_url: `${url}/pulls{/number}`,
    releases_url: `${url}/releases{/id}`,
    stargazers_url: `${url}/stargazers`,
    statuses_url: `${url}/statuses/{sha}`,
    subscribers_url: `${url}/subscribers`,
    subscription_url: `${url}/subscription`,
    tags_url: `${url}/tags`,
    teams_url: `${url}/teams`,
    trees_url: `${url}/git/trees{/sha}`,
    hooks_url: `${url}/hooks`,
  };
}

/** What a caller may do with a repository, as GitHub's `permissions` says it. */
export interface RepoPermissions {
  admin: boolean;
  maintain: boolean;
  push: boolean;
  triage: boolean;
  pull: boolean;
}

export const ALL_PERMISSIONS: RepoPermissions = {
  admin: true,
  maintain: true,
  push: true,
  triage: true,
  pull: true,
};
export const READ_ONLY: RepoPermissions = {
  admin: false,
  maintain: false,
  push: false,
  triage: false,
  pull: true,
};

/** The `simple-repository` shape (what security alerts name their repository with). */
export function buildSimpleRepository(repo: SimRepo, owner: SimAccount, api: string, web: string) {
  const full = `${repo.owner}/${repo.name}`;
  return {
    id: repo.id,
    node_id: Buffer.from(`R:${repo.id}`).toString('base64').replace(/=+$/, ''),
    name: repo.name,
    full_name: full,
    owner: buildSimpleUser(owner, api, web),
    private: repo.private,
    html_url: `${web}/${full}`,
    description: repo.description,
    fork: false,
    ...links(api, full),
  };
}

/**
 * Wiki, Pages and Discussions: an organization's repository says what its resources say (the inventory's model,
 * which GraphQL's `hasWikiEnabled` answers too); a user's keeps the simulator's old defaults.
 */
function features(repo: SimRepo, owner: SimAccount) {
  if (owner.type !== 'Organization') return { wiki: !repo.private, pages: false, discussions: false };
  const resources = repositoryResources(repo);
  return { wiki: resources.hasWiki, pages: resources.hasPages, discussions: resources.hasDiscussions };
}

/**
 * The `minimal-repository` shape (what list endpoints return). `permissions`: the caller's (null: GitHub sends
 * none to an anonymous caller); every right when not said (the answers that do not yet weigh the caller).
 */
export function buildMinimalRepository(
  repo: SimRepo,
  owner: SimAccount,
  api: string,
  web: string,
  permissions: RepoPermissions | null = ALL_PERMISSIONS,
) {
  const full = `${repo.owner}/${repo.name}`;
  const host = new URL(web).host;
  // GitHub's meaning: open issues and open pull requests, as the archive and GraphQL count them.
  const content = repositoryContent(repo);
  const openIssues = content.issues.open + pullCounts(content).open;
  const has = features(repo, owner);
  return {
    ...buildSimpleRepository(repo, owner, api, web),
    git_url: `git://${host}/${full}.git`,
    ssh_url: `git@${host}:${full}.git`,
    clone_url: `${web}/${full}.git`,
    mirror_url: null,
    svn_url: `${web}/${full}`,
    homepage: null,
    language: repo.language,
    forks_count: Math.floor(repo.stars / 7),
    stargazers_count: repo.stars,
    watchers_count: repo.stars,
    size: repo.size,
    default_branch: content.defaultBranch,
    open_issues_count: openIssues,
    is_template: false,
    topics: repo.topics,
    has_issues: true,
    has_projects: true,
    has_wiki: has.wiki,
    has_pages: has.pages,
    has_downloads: true,
    has_discussions: has.discussions,
    archived: repo.archived,
    disabled: false,
    visibility: repo.private ? 'private' : 'public',
    pushed_at: repo.pushedAt,
    created_at: repo.createdAt,
    updated_at: repo.pushedAt,
    ...(permissions ? { permissions: { ...permissions } } : {}),
    subscribers_count: Math.floor(repo.stars / 3),
    network_count: Math.floor(repo.stars / 7),
    license: {
      key: 'mit',
      name: 'MIT License',
      spdx_id: 'MIT',
      url: `${api}/licenses/mit`,
      node_id: 'MDc6TGljZW5zZW1pdA==',
    },
    forks: Math.floor(repo.stars / 7),
    open_issues: openIssues,
    watchers: repo.stars,
  };
}
