import { repositoryResources } from '../github/inventory/repository-resources';
import { crowdFor } from './crowd';
import { bareRepositoriesIn, readBareRepository } from './read-git';
import { ArchiveTooLargeError, readTarGz } from './read-tar';
import type { ImportedHook } from './settling-state';
import type { MannequinSeed, MigrationOutcome, RepositoryCounts } from './state';

export interface ImportRequest {
  git: Buffer;
  /** The same Buffer when one combined archive is passed as both URLs. */
  metadata: Buffer;
  skipReleases: boolean;
  /** Logins that have an account on the target (case-insensitive). */
  targetLogins: Set<string>;
  /** Scenario/fault: the repository arrives short by a tag and a pull request. */
  lossy: boolean;
  /** Bound on each archive's inflated size (default `MAX_INFLATED_BYTES`). */
  maxInflatedBytes?: number;
}

export type ImportFacts = Omit<Extract<MigrationOutcome, { ok: true }>, 'repo'> & {
  /** What lands on the repository (spread into it by the migration): counts, and the webhooks brought along. */
  counts: RepositoryCounts & { protectedBranches: number; hooks: ImportedHook[] };
};

type Failure = Extract<MigrationOutcome, { ok: false }>;
const fail = (reason: string): Failure => ({ ok: false, state: 'FAILED', reason });

type JsonRecord = Record<string, unknown>;

/** All records of a type across its numbered files (`issues_000001.json`, …). */
function records(files: Map<string, Buffer>, type: string): JsonRecord[] | string {
  const out: JsonRecord[] = [];
  for (const [name, body] of files) {
    if (!new RegExp(`^${type}_\\d{6}\\.json$`).test(name)) continue;
    try {
      const parsed: unknown = JSON.parse(body.toString('utf8'));
      if (!Array.isArray(parsed)) return `${name} is not a JSON array`;
      out.push(...(parsed.filter((item) => item && typeof item === 'object') as JsonRecord[]));
    } catch {
      return `${name} is not valid JSON`;
    }
  }
  return out;
}

const loginOf = (url: unknown) => (typeof url === 'string' ? url.split('/').pop() : undefined);

async function open(
  bytes: Buffer,
  which: string,
  maxInflatedBytes?: number,
): Promise<Map<string, Buffer> | Failure> {
  try {
    const files = await readTarGz(bytes, maxInflatedBytes);
    if (!files.has('schema.json'))
      return fail(`The ${which} archive is not a GitHub migration archive (it has no schema.json).`);
    return files;
  } catch (error) {
    if (error instanceof ArchiveTooLargeError)
      return fail(`The ${which} archive is larger than the importer accepts once decompressed.`);
    return fail(`The ${which} archive is not a GitHub migration archive (not a gzip-compressed tar).`);
  }
}

function metadataCounts(files: Map<string, Buffer>, repoUrlSuffix: string, skipReleases: boolean) {
  const ofRepo = (list: JsonRecord[]) =>
    list.filter((item) => typeof item.repository === 'string' && item.repository.endsWith(repoUrlSuffix));
  const issues = records(files, 'issues');
  const pulls = records(files, 'pull_requests');
  const releases = records(files, 'releases');
  const protections = records(files, 'protected_branches');
  const users = records(files, 'users');
  const orgs = records(files, 'organizations');
  for (const list of [issues, pulls, releases, protections, users, orgs])
    if (typeof list === 'string') return list;
  const [i, p, r, b, u, o] = [issues, pulls, releases, protections, users, orgs] as JsonRecord[][];
  const repoIssues = ofRepo(i as JsonRecord[]);
  const repoPulls = ofRepo(p as JsonRecord[]);
  const pullRequests = { open: 0, closed: 0, merged: 0 };
  for (const pull of repoPulls) {
    if (pull.merged_at) pullRequests.merged++;
    else if (pull.closed_at) pullRequests.closed++;
    else pullRequests.open++;
  }
  const authors = new Set(
    [...repoIssues, ...repoPulls].map((item) => loginOf(item.user)).filter((l): l is string => !!l),
  );
  return {
    issues: repoIssues.length,
    closedIssues: repoIssues.filter((issue) => issue.closed_at).length,
    pullRequests,
    releases: skipReleases ? 0 : ofRepo(r as JsonRecord[]).length,
    // A protected branch names its repository by `repository_url`, not `repository`.
    protectedBranches: (b as JsonRecord[]).filter(
      (rule) => typeof rule.repository_url === 'string' && rule.repository_url.endsWith(repoUrlSuffix),
    ).length,
    authors,
    users: u as JsonRecord[],
    orgLogins: new Set((o as JsonRecord[]).map((org) => String(org.login).toLowerCase())),
  };
}

function mannequinsFor(
  authors: Set<string>,
  users: JsonRecord[],
  orgLogins: Set<string>,
  targetLogins: Set<string>,
): MannequinSeed[] {
  return [...authors]
    .filter((login) => !targetLogins.has(login.toLowerCase()) && !orgLogins.has(login.toLowerCase()))
    .sort()
    .map((login) => {
      const record = users.find((user) => user.login === login);
      const emails = Array.isArray(record?.emails) ? (record.emails as { address?: unknown }[]) : [];
      const email = typeof emails[0]?.address === 'string' ? emails[0].address : null;
      return { login, email, name: typeof record?.name === 'string' ? record.name : null };
    });
}

/**
 * The source repository's webhooks, as GitHub's importer brings them: every one, later laid down disabled and
 * without its secret (settling-state.ts). Read from the simulated source's model by the archived repository's
 * owner and name: the simulated archives carry no hook records (adding them would change archive bytes other
 * tests pin).
 */
function hooksOf(owner: string, name: string): ImportedHook[] {
  return repositoryResources({ owner, name }).hooks.map((hook) => ({
    url: hook.url,
    contentType: hook.contentType,
    events: [...hook.events],
  }));
}

/**
 * What a repository migration imports from its archives (GEI takes one repository per migration): the Git data
 * from the bare repository in the git archive, issues / pull requests / releases and their authors from the
 * metadata archive's JSON records, and a large organization's people in proportion to its archive's users
 * (crowd.ts). A failure says why, as `failureReason`.
 */
export async function importArchives(request: ImportRequest): Promise<ImportFacts | Failure> {
  const git = await open(request.git, 'git', request.maxInflatedBytes);
  if (!(git instanceof Map)) return git;
  const metadata =
    request.metadata === request.git
      ? git
      : await open(request.metadata, 'metadata', request.maxInflatedBytes);
  if (!(metadata instanceof Map)) return metadata;

  const repos = bareRepositoriesIn(git);
  if (repos.length === 0) return fail('The git archive holds no Git repository.');
  if (repos.length > 1)
    return fail(`The git archive holds ${repos.length} repositories; a repository migration imports one.`);
  const [repo] = repos as [(typeof repos)[number]];
  let facts;
  try {
    facts = await readBareRepository(git, repo.prefix);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return fail(`The Git data of ${repo.owner}/${repo.name} could not be read: ${why.slice(0, 200)}`);
  }
  const meta = metadataCounts(metadata, `/${repo.owner}/${repo.name}`, request.skipReleases);
  if (typeof meta === 'string') return fail(`The metadata archive is damaged: ${meta}.`);
  const crowd = crowdFor(repo.owner, meta.users.length);
  const lossy = request.lossy ? 1 : 0;
  const pullRequests = { ...meta.pullRequests };
  if (lossy && pullRequests.open > 0) pullRequests.open--;
  else if (lossy && pullRequests.merged > 0) pullRequests.merged--;
  else if (lossy && pullRequests.closed > 0) pullRequests.closed--;
  return {
    ok: true,
    warnings: [],
    mannequins: mannequinsFor(meta.authors, meta.users, meta.orgLogins, request.targetLogins),
    ...(crowd ? { crowd } : {}),
    counts: {
      defaultBranch: facts.defaultBranch,
      headOid: facts.headOid,
      commitCount: facts.commitCount,
      branches: facts.branches.length,
      tags: Math.max(0, facts.tags.length - lossy),
      issues: meta.issues,
      closedIssues: meta.closedIssues,
      pullRequests,
      releases: meta.releases,
      protectedBranches: meta.protectedBranches,
      hooks: hooksOf(repo.owner, repo.name),
    },
  };
}
