import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import git from 'isomorphic-git';
import { afterAll, describe, expect, it } from 'vitest';
import { parseLinkHeader } from '@/lib/link-header';
import { readArchive } from '@/simulator/github/migrations/read-archive';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { createSimulator } from '@/simulator/simulator';

/**
 * One aliased GraphQL query for 50 repositories of big-org (what a validation sends instead of 8 queries per
 * repository) answers, for each, the counts the source's REST gives and the counts read from the repository's
 * exported archive (its Git data and its JSON records); and it costs what GitHub's point rule says.
 */
const ORIGIN = 'http://sim.test';
const scratch = fs.mkdtempSync(join(tmpdir(), 'source-graphql-counts-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const sim = createSimulator({ speed: 0, scenario: 'big-org' });
const headers = { authorization: `Bearer ${SIM_TOKENS.octocat}` };
const rest = (path: string, init: RequestInit = {}) =>
  sim.fetch(
    new Request(path.startsWith('http') ? path : `${ORIGIN}/api/v3${path}`, {
      ...init,
      headers: path.includes('/_storage/') ? {} : { ...headers, 'content-type': 'application/json' },
    }),
  );

interface Counts {
  defaultBranch: string;
  head: string;
  commits: number;
  branches: number;
  tags: number;
  issues: number;
  openIssues: number;
  pulls: { open: number; closed: number; merged: number };
  releases: number;
  protectedBranches: number;
}

interface RestRepo {
  name: string;
  default_branch: string;
  open_issues_count: number;
}

async function restRepos(): Promise<RestRepo[]> {
  const repos: RestRepo[] = [];
  let next: string | undefined = '/orgs/big-org/repos?per_page=100';
  while (next) {
    const response: Response = await rest(next);
    repos.push(...((await response.json()) as RestRepo[]));
    next = parseLinkHeader(response.headers.get('link')).next;
  }
  return repos;
}

async function exportArchive(names: string[]): Promise<Map<string, Buffer>> {
  const created = await rest('/orgs/big-org/migrations', {
    method: 'POST',
    body: JSON.stringify({ repositories: names }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  sim.advance(3_600);
  const redirect = await rest(`/orgs/big-org/migrations/${id}/archive`, { redirect: 'manual' });
  expect(redirect.status).toBe(302);
  const stored = await rest(redirect.headers.get('location') ?? '');
  return readArchive(new Uint8Array(await stored.arrayBuffer()));
}

function records(files: Map<string, Buffer>, prefix: string): Record<string, unknown>[] {
  return [...files]
    .filter(([name]) => name.startsWith(prefix) && name.endsWith('.json'))
    .flatMap(([, body]) => JSON.parse(String(body)) as Record<string, unknown>[]);
}

/** The counts a validation reads from the archive: the bare repository, and the records of the repository. */
async function archiveCounts(files: Map<string, Buffer>, name: string): Promise<Counts> {
  const root = `repositories/big-org/${name}.git/`;
  const gitdir = join(scratch, `${name}.git`);
  for (const [path, body] of files) {
    if (!path.startsWith(root)) continue;
    fs.mkdirSync(dirname(join(gitdir, path.slice(root.length))), { recursive: true });
    fs.writeFileSync(join(gitdir, path.slice(root.length)), body);
  }
  const url = (record: Record<string, unknown>) => record.repository ?? record.repository_url;
  const own = (prefix: string) =>
    records(files, prefix).filter((record) => String(url(record)).endsWith(`/big-org/${name}`));
  const issues = own('issues_');
  const pulls = own('pull_requests_');
  const state = (pull: Record<string, unknown>) =>
    pull.merged_at ? 'merged' : pull.closed_at ? 'closed' : 'open';
  return {
    defaultBranch: (await git.currentBranch({ fs, gitdir })) ?? '',
    head: await git.resolveRef({ fs, gitdir, ref: 'HEAD' }),
    commits: (await git.log({ fs, gitdir, ref: 'HEAD' })).length,
    branches: (await git.listBranches({ fs, gitdir })).length,
    tags: (await git.listTags({ fs, gitdir })).length,
    issues: issues.length,
    openIssues: issues.filter((issue) => issue.closed_at === null).length,
    pulls: {
      open: pulls.filter((pull) => state(pull) === 'open').length,
      closed: pulls.filter((pull) => state(pull) === 'closed').length,
      merged: pulls.filter((pull) => state(pull) === 'merged').length,
    },
    releases: own('releases_').length,
    protectedBranches: own('protected_branches_').length,
  };
}

const FRAGMENT = `fragment Counts on Repository {
  name
  branches: refs(refPrefix: "refs/heads/") { totalCount }
  tags: refs(refPrefix: "refs/tags/") { totalCount }
  defaultBranchRef { name target { ... on Commit { oid history { totalCount } } } }
  issues { totalCount }
  openIssues: issues(states: [OPEN]) { totalCount }
  open: pullRequests(states: [OPEN]) { totalCount }
  closed: pullRequests(states: [CLOSED]) { totalCount }
  merged: pullRequests(states: [MERGED]) { totalCount }
  releases { totalCount }
  branchProtectionRules { totalCount }
}`;

interface Answer {
  name: string;
  branches: { totalCount: number };
  tags: { totalCount: number };
  defaultBranchRef: { name: string; target: { oid: string; history: { totalCount: number } } };
  issues: { totalCount: number };
  openIssues: { totalCount: number };
  open: { totalCount: number };
  closed: { totalCount: number };
  merged: { totalCount: number };
  releases: { totalCount: number };
  branchProtectionRules: { totalCount: number };
}

const asCounts = (a: Answer): Counts => ({
  defaultBranch: a.defaultBranchRef.name,
  head: a.defaultBranchRef.target.oid,
  commits: a.defaultBranchRef.target.history.totalCount,
  branches: a.branches.totalCount,
  tags: a.tags.totalCount,
  issues: a.issues.totalCount,
  openIssues: a.openIssues.totalCount,
  pulls: { open: a.open.totalCount, closed: a.closed.totalCount, merged: a.merged.totalCount },
  releases: a.releases.totalCount,
  protectedBranches: a.branchProtectionRules.totalCount,
});

async function graphqlUsed(): Promise<number> {
  const body = (await (await rest('/rate_limit')).json()) as { resources: { graphql: { used: number } } };
  return body.resources.graphql.used;
}

describe('one aliased GraphQL query for 50 repositories of big-org', () => {
  it('answers the counts REST and the exported archive give, for the points GitHub’s rule charges', async () => {
    const repos = (await restRepos()).filter((repo) => !repo.name.includes('-broken-')).slice(0, 50);
    expect(repos).toHaveLength(50);
    const files = await exportArchive(repos.map((repo) => repo.name));

    const before = await graphqlUsed();
    const query = `query($org: String!) {
      ${repos.map((repo, i) => `r${i}: repository(owner: $org, name: "${repo.name}") { ...Counts }`).join('\n')}
      organization(login: $org) { repositories(first: 50) { totalCount nodes { name } } }
      rateLimit { limit cost remaining resetAt used }
    }
    ${FRAGMENT}`;
    const response = await sim.fetch(
      new Request(`${ORIGIN}/api/graphql`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables: { org: 'big-org' } }),
      }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      data: Record<string, unknown> & {
        organization: { repositories: { totalCount: number; nodes: { name: string }[] } };
        rateLimit: { cost: number; used: number };
      };
      errors?: unknown[];
    };
    expect(body.errors).toBeUndefined();

    for (const [i, repo] of repos.entries()) {
      const answer = body.data[`r${i}`] as Answer;
      expect(answer.name).toBe(repo.name);
      // (i) REST: the default branch `/orgs/{org}/repos` names.
      expect(answer.defaultBranchRef.name, repo.name).toBe(repo.default_branch);
      // REST's open_issues_count is GitHub's: open issues and open pull requests together.
      expect(answer.openIssues.totalCount + answer.open.totalCount, repo.name).toBe(repo.open_issues_count);
      // (ii) the archive: Git data and records.
      expect(asCounts(answer), repo.name).toEqual(await archiveCounts(files, repo.name));
    }
    // The organization's repositories: REST's list, in REST's order.
    const all = await restRepos();
    expect(body.data.organization.repositories.totalCount).toBe(all.length);
    expect(body.data.organization.repositories.nodes.map((node) => node.name)).toEqual(
      all.slice(0, 50).map((repo) => repo.name),
    );

    // GitHub's rule: connections without `first` ask nothing; repositories(first: 50) with no connection
    // inside is 1 request; 1 request / 100, rounded, at least 1 → 1 point, shown in rateLimit and /rate_limit.
    expect(body.data.rateLimit.cost).toBe(1);
    expect(body.data.rateLimit.used).toBe(before + 1);
    expect(await graphqlUsed()).toBe(before + 1);
  });
});
