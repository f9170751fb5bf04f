import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simIntentFor } from '@/contracts/sim-control';
import { readArchive } from '@/simulator/github/migrations/read-archive';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { TARGET_ORG, TARGET_TOKENS } from '@/simulator/target/seed';
import { listen, startSimulatorServer, type Listening } from '@/testing/node-servers';

/**
 * The other side of a move, driven as a GEI client would, with nothing but HTTP against the standalone
 * simulator's servers (API, archive storage, target GitHub.com): export one repository at the source, download
 * its archive, upload it to GitHub-owned storage (single part, and multipart for a second one), create the
 * migration source, start the imports, poll them to SUCCEEDED on the simulated clock, read the target
 * repositories' counts (the archive's, plus the "Migration Log" issue), list the mannequins and reclaim one.
 */
const FEATURES = 'import_api,mannequin_claiming_emu,org_import_api';
let source: Listening & Awaited<ReturnType<typeof startSimulatorServer>>;
let target: Listening;

beforeAll(async () => {
  source = await startSimulatorServer({ speed: 0, scenario: 'quiet' });
  target = await listen((request) => source.sim.targetFetch(request));
});

afterAll(async () => {
  await target?.close();
  await source?.close();
});

async function advance(seconds: number) {
  const response = await fetch(`${source.origin}/__sim/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...simIntentFor('POST', '/__sim/advance') },
    body: JSON.stringify({ seconds }),
  });
  expect(response.status).toBe(200);
}

const sourceApi = (path: string, init: RequestInit = {}) =>
  fetch(`${source.origin}/api/v3/${path}`, {
    ...init,
    redirect: 'manual',
    headers: { authorization: `Bearer ${SIM_TOKENS.octocat}`, 'content-type': 'application/json' },
  });

/** Export one repository at the source (as GEI asks: one per archive) and download its archive. */
async function exportOne(repo: string): Promise<Buffer> {
  const started = await sourceApi('orgs/octo-org/migrations', {
    method: 'POST',
    body: JSON.stringify({ repositories: [repo] }),
  });
  expect(started.status).toBe(201);
  const { id } = (await started.json()) as { id: number };
  for (let i = 0; i < 50; i += 1) {
    const state = ((await (await sourceApi(`orgs/octo-org/migrations/${id}`)).json()) as { state: string })
      .state;
    if (state === 'exported') break;
    await advance(60);
  }
  const link = await sourceApi(`orgs/octo-org/migrations/${id}/archive`);
  expect(link.status).toBe(302);
  const archive = await fetch(link.headers.get('location')!);
  expect(archive.status).toBe(200);
  return Buffer.from(await archive.arrayBuffer());
}

async function graphql<T>(
  query: string,
  variables: Record<string, unknown>,
  token: string = TARGET_TOKENS.octocat,
) {
  const response = await fetch(`${target.origin}/graphql`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'graphql-features': FEATURES,
    },
    body: JSON.stringify({ query, variables }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { data: T; errors?: { type?: string; message: string }[] };
}

/** A path from the uploads root, or a `Location` storage answered, resolved against the uploads URL (gh-gei). */
const uploads = (path: string, init: RequestInit, answered = false) =>
  fetch(answered ? new URL(path, `${target.origin}/uploads`) : `${target.origin}/uploads${path}`, {
    ...init,
    headers: { authorization: `Bearer ${TARGET_TOKENS.octocat}`, ...init.headers },
  });

async function uploadSingle(orgId: number, name: string, bytes: Buffer): Promise<string> {
  const response = await uploads(`/organizations/${orgId}/gei/archive?name=${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { uri: string }).uri;
}

/** gh-gei's multipart flow: start (202 + Location), a PATCH per part (202 + next Location), PUT to finish. */
async function uploadMultipart(orgId: number, name: string, bytes: Buffer): Promise<string> {
  const start = await uploads(`/organizations/${orgId}/gei/archive/blobs/uploads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ content_type: 'application/octet-stream', name, size: bytes.length }),
  });
  expect(start.status).toBe(202);
  let location = start.headers.get('location')!;
  const half = Math.ceil(bytes.length / 2);
  for (const part of [bytes.subarray(0, half), bytes.subarray(half)]) {
    const patched = await uploads(
      location,
      {
        method: 'PATCH',
        headers: { 'content-type': 'application/octet-stream' },
        body: new Uint8Array(part),
      },
      true,
    );
    expect(patched.status).toBe(202);
    location = patched.headers.get('location')!;
  }
  const done = await uploads(location, { method: 'PUT' }, true);
  expect(done.status).toBe(201);
  return ((await done.json()) as { uri: string }).uri;
}

const START = `mutation startRepositoryMigration($sourceId: ID!, $ownerId: ID!, $sourceRepositoryUrl: URI!, $repositoryName: String!, $continueOnError: Boolean!, $gitArchiveUrl: String, $metadataArchiveUrl: String, $accessToken: String!, $githubPat: String, $skipReleases: Boolean, $targetRepoVisibility: String, $lockSource: Boolean) {
  startRepositoryMigration(input: { sourceId: $sourceId, ownerId: $ownerId, sourceRepositoryUrl: $sourceRepositoryUrl, repositoryName: $repositoryName, continueOnError: $continueOnError, gitArchiveUrl: $gitArchiveUrl, metadataArchiveUrl: $metadataArchiveUrl, accessToken: $accessToken, githubPat: $githubPat, skipReleases: $skipReleases, targetRepoVisibility: $targetRepoVisibility, lockSource: $lockSource }) {
    repositoryMigration { id, databaseId, migrationSource { id, name, type }, sourceUrl, state, failureReason } } }`;
const COUNTS = `query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) {
  tags: refs(refPrefix: "refs/tags/") { totalCount }
  branches: refs(refPrefix: "refs/heads/") { totalCount }
  issues { totalCount } pullRequests { totalCount } releases { totalCount }
  defaultBranchRef { name target { ... on Commit { oid history { totalCount } } } } } }`;

/** What the archive holds for its one repository (its JSON records and its bare repository's refs). */
async function archiveCounts(bytes: Buffer, repo: string) {
  const files = await readArchive(bytes);
  const records = (prefix: string) =>
    [...files.entries()]
      .filter(([name]) => name.startsWith(prefix) && name.endsWith('.json'))
      .flatMap(([, body]) => JSON.parse(body.toString()) as unknown[]).length;
  const refs = (kind: string) =>
    [...files.keys()].filter((name) => name.startsWith(`repositories/octo-org/${repo}.git/refs/${kind}/`))
      .length;
  const packed = files.get(`repositories/octo-org/${repo}.git/packed-refs`)?.toString() ?? '';
  const packedRefs = (kind: string) =>
    packed.split('\n').filter((line) => line.includes(` refs/${kind}/`)).length;
  return {
    issues: records('issues_'),
    pulls: records('pull_requests_'),
    releases: records('releases_'),
    tags: refs('tags') + packedRefs('tags'),
    branches: refs('heads') + packedRefs('heads'),
  };
}

describe('the whole target flow over HTTP (standalone simulator)', () => {
  it('export → download → upload (single and multipart) → import to SUCCEEDED → counts → mannequins → reclaim', async () => {
    // mobile-ios arrives short by a tag and a pull request (the lossy scenario): validation has something to catch.
    const repos = ['hello-world', 'octo-api', 'mobile-ios'];
    const quirks = await fetch(`${source.origin}/__sim/faults/target/quirks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...simIntentFor('POST', '/__sim/faults/target/quirks') },
      body: JSON.stringify({ lossyRepositories: ['mobile-ios'] }),
    });
    expect(quirks.status).toBe(200);
    const archives = await Promise.all(repos.map((repo) => exportOne(repo)));

    type Org = { organization: { id: string; databaseId: number } };
    const org = (
      await graphql<Org>('query($login: String!) {organization(login: $login) { login, databaseId, id } }', {
        login: TARGET_ORG,
      })
    ).data.organization;
    const uris = [
      await uploadSingle(org.databaseId, `${repos[0]}.tar.gz`, archives[0]!),
      await uploadMultipart(org.databaseId, `${repos[1]}.tar.gz`, archives[1]!),
      await uploadSingle(org.databaseId, `${repos[2]}.tar.gz`, archives[2]!),
    ];
    expect(uris.every((uri) => /^gei:\/\/archive\/[\w-]+$/.test(uri))).toBe(true);

    type Source = { createMigrationSource: { migrationSource: { id: string } } };
    const migrationSource = (
      await graphql<Source>(
        `
          mutation createMigrationSource(
            $name: String!
            $url: String!
            $ownerId: ID!
            $type: MigrationSourceType!
          ) {
            createMigrationSource(input: { name: $name, url: $url, ownerId: $ownerId, type: $type }) {
              migrationSource {
                id
                name
                url
                type
              }
            }
          }
        `,
        { name: 'GHES Source', url: source.origin, ownerId: org.id, type: 'GITHUB_ARCHIVE' },
      )
    ).data.createMigrationSource.migrationSource;
    const input = (repo: string, uri: string) => ({
      sourceId: migrationSource.id,
      ownerId: org.id,
      sourceRepositoryUrl: `${source.origin}/octo-org/${repo}`,
      repositoryName: repo,
      continueOnError: true,
      gitArchiveUrl: uri,
      metadataArchiveUrl: uri,
      accessToken: 'not-used',
      githubPat: TARGET_TOKENS.octocat,
      targetRepoVisibility: 'private',
    });

    // An App installation's token is refused, with GitHub's reason, and starts nothing.
    type Started = {
      startRepositoryMigration: { repositoryMigration: { id: string; state: string } } | null;
    };
    const refused = await graphql<Started>(START, input(repos[0]!, uris[0]!), TARGET_TOKENS.installation);
    expect(refused.errors?.[0]?.message).toBeTruthy();
    expect(refused.data?.startRepositoryMigration ?? null).toBeNull();

    const ids: string[] = [];
    for (const [index, repo] of repos.entries()) {
      const started = await graphql<Started>(START, input(repo, uris[index]!));
      expect(started.errors).toBeUndefined();
      expect(started.data.startRepositoryMigration?.repositoryMigration.state).toBe('QUEUED');
      ids.push(started.data.startRepositoryMigration!.repositoryMigration.id);
    }

    type Nodes = {
      nodes: { id: string; state: string; failureReason: string | null; migrationLogUrl: string | null }[];
    };
    let states: Nodes['nodes'] = [];
    for (let i = 0; i < 60; i += 1) {
      states = (
        await graphql<Nodes>(
          'query($ids: [ID!]!) { nodes(ids: $ids) { ... on Migration { id state failureReason migrationLogUrl } } }',
          { ids },
        )
      ).data.nodes;
      if (states.every((state) => state.state === 'SUCCEEDED' || state.state.startsWith('FAILED'))) break;
      await advance(60);
    }
    expect(states.map((state) => [state.state, state.failureReason || ''])).toEqual(
      repos.map(() => ['SUCCEEDED', '']),
    );
    expect(states.every((state) => state.migrationLogUrl)).toBe(true);

    // The target repositories hold what the archives held, plus the Migration Log issue.
    for (const [index, repo] of repos.entries()) {
      const expected = await archiveCounts(archives[index]!, repo);
      // Real contents: a default branch and more, issues, pull requests (the content model's smallest is 1 and 0).
      expect(expected.branches, repo).toBeGreaterThanOrEqual(1);
      expect(expected.issues, repo).toBeGreaterThanOrEqual(1);
      type Counts = {
        repository: {
          tags: { totalCount: number };
          branches: { totalCount: number };
          issues: { totalCount: number };
          pullRequests: { totalCount: number };
          releases: { totalCount: number };
        };
      };
      const counts = (await graphql<Counts>(COUNTS, { owner: TARGET_ORG, name: repo })).data.repository;
      const lost = repo === 'mobile-ios' ? 1 : 0;
      expect(counts.issues.totalCount, repo).toBe(expected.issues + 1);
      expect(counts.pullRequests.totalCount, repo).toBe(expected.pulls - lost);
      expect(counts.releases.totalCount, repo).toBe(expected.releases);
      expect(counts.tags.totalCount, repo).toBe(expected.tags - lost);
      expect(counts.branches.totalCount, repo).toBe(expected.branches);
      const rest = await fetch(`${target.origin}/repos/${TARGET_ORG}/${repo}`, {
        headers: { authorization: `Bearer ${TARGET_TOKENS.octocat}` },
      });
      expect(rest.status).toBe(200);
    }

    // Source users without an account on the target are mannequins; one is reclaimed by an org member.
    type Mannequins = {
      organization: { mannequins: { nodes: { login: string; id: string; email: string | null }[] } };
    };
    const mannequins = (
      await graphql<Mannequins>(
        'query($login: String!) { organization(login: $login) { mannequins(first: 100) { nodes { login id email } } } }',
        { login: TARGET_ORG },
      )
    ).data.organization.mannequins.nodes;
    expect(mannequins.length).toBeGreaterThan(0);
    const hubot = mannequins.find((mannequin) => mannequin.login === 'hubot');
    expect(hubot).toBeDefined();
    const claimant = (
      await graphql<{ user: { id: string } }>('query($login: String!) {user(login: $login) { id, name } }', {
        login: 'hubot-cloud',
      })
    ).data.user;
    type Invited = {
      createAttributionInvitation: { source: { id: string }; target: { login: string } } | null;
    };
    const invited = await graphql<Invited>(
      `
        mutation ($orgId: ID!, $sourceId: ID!, $targetId: ID!) {
          createAttributionInvitation(input: { ownerId: $orgId, sourceId: $sourceId, targetId: $targetId }) {
            source {
              ... on Mannequin {
                id
                login
              }
            }
            target {
              ... on User {
                id
                login
              }
            }
          }
        }
      `,
      { orgId: org.id, sourceId: hubot!.id, targetId: claimant.id },
    );
    expect(invited.errors).toBeUndefined();
    expect(invited.data.createAttributionInvitation?.target.login).toBe('hubot-cloud');
  });
});
