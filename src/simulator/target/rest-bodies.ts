import { buildMinimalRepository } from '@/simulator/github/factories/repository';
import { buildOrganizationSimple } from '@/simulator/github/factories/user';
import type { SimAccount } from '@/simulator/github/factories/user';
import type { TargetOrg } from './seed';
import type { ImportedRepo } from './state';

/**
 * The target's REST bodies in GitHub's shapes (`organization-full`, `full-repository`; checked against the
 * OpenAPI description by tests/contract/target-rest.test.ts), built on the source's factories so both GitHubs
 * answer a repository alike.
 */
const WEB = 'https://github.com';
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function orgAccount(org: TargetOrg, createdAt: string): SimAccount {
  return {
    id: org.databaseId,
    login: org.login,
    type: 'Organization',
    name: org.name,
    email: null,
    createdAt,
  };
}

export function orgFullJson(org: TargetOrg, repos: ImportedRepo[], api: string, originMs: number) {
  const created = iso(originMs);
  return {
    ...buildOrganizationSimple(orgAccount(org, created), api, WEB),
    node_id: org.nodeId,
    name: org.name,
    html_url: `${WEB}/${org.login}`,
    has_organization_projects: true,
    has_repository_projects: true,
    public_repos: repos.filter((repo) => repo.visibility === 'public').length,
    public_gists: 0,
    followers: 0,
    following: 0,
    type: 'Organization',
    created_at: created,
    updated_at: created,
    archived_at: null,
  };
}

export function fullRepoJson(repo: ImportedRepo, org: TargetOrg, api: string, originMs: number) {
  const created = iso(originMs);
  const sim = {
    id: repo.databaseId,
    owner: repo.owner,
    name: repo.name,
    description: null,
    language: null,
    size: 0,
    private: repo.visibility !== 'public',
    topics: [],
    createdAt: created,
    pushedAt: created,
    stars: 0,
    archived: false,
  };
  const openIssues = repo.issues - repo.closedIssues + repo.pullRequests.open;
  return {
    ...buildMinimalRepository(sim, orgAccount(org, created), api, WEB),
    node_id: repo.nodeId,
    visibility: repo.visibility,
    default_branch: repo.defaultBranch,
    has_wiki: true,
    open_issues_count: openIssues,
    open_issues: openIssues,
  };
}
