import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEI_GRAPHQL_FEATURES } from '@/contracts/github/gei';
import { MAX_MOVE_REPOSITORIES } from '@/contracts/moves';
import { createTargetClient } from '@/server/moves/target-client';
import { verifyArchive } from '@/server/waves/verifier';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { TARGET_ORG, TARGET_TOKENS } from '@/simulator/target/seed';
import { createSimulator, TARGET_SIMULATOR_ORIGIN, type Simulator } from '@/simulator/simulator';
import { countArchive, repositoryKey } from './archive-counts';
import { countSide } from './count-side';
import { graphqlPostOf, sourceGraphqlBase } from './graphql-posts';
import { validateMove, type ValidationSide } from './validate-move';

/**
 * Three repositories of octo-org exported one per archive, downloaded, verified, imported into octo-target by
 * GEI's flow (one of them lossy: it arrives short by a tag and a pull request), then validated three ways in one
 * GraphQL request per side, as the simulator's own counters show.
 */
const ORIGIN = 'http://ghes.test';
const REPOS = ['hello-world', 'octo-api', 'mobile-ios'];
const LOSSY = 'mobile-ios';
const scratch = fs.mkdtempSync(join(tmpdir(), 'validate-move-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const bounds = { headersMs: 5_000, idleMs: 5_000, totalMs: 10_000, maxBytes: 4 * 1024 * 1024 };

/** A side as the gateway would build it: the target client, pointed at that side's GraphQL. */
function side(sim: Simulator, base: string, token: string, owner: string, protectedBranches: boolean) {
  const client = createTargetClient({
    baseUrl: base,
    authorization: () => Promise.resolve(`Bearer ${token}`),
    fetch: (request) => sim.fetch(request),
    bounds,
  });
  return { owner, post: graphqlPostOf(client), protectedBranches } satisfies ValidationSide;
}
const sourceSide = (sim: Simulator) =>
  side(sim, sourceGraphqlBase(`${ORIGIN}/api/v3`), SIM_TOKENS.octocat, 'octo-org', true);

async function sourceRest(sim: Simulator, path: string, init: RequestInit = {}) {
  return sim.fetch(
    new Request(`${ORIGIN}/api/v3/${path}`, {
      ...init,
      redirect: 'manual',
      headers: { authorization: `Bearer ${SIM_TOKENS.octocat}`, 'content-type': 'application/json' },
    }),
  );
}

async function targetGraphql<T>(sim: Simulator, query: string, variables: Record<string, unknown>) {
  const response = await sim.fetch(
    new Request(`${TARGET_SIMULATOR_ORIGIN}/graphql`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TARGET_TOKENS.octocat}`,
        'content-type': 'application/json',
        'graphql-features': GEI_GRAPHQL_FEATURES,
      },
      body: JSON.stringify({ query, variables }),
    }),
  );
  const body = (await response.json()) as { data: T; errors?: unknown[] };
  expect(body.errors).toBeUndefined();
  return body.data;
}

/** Export one repository (GEI's way: one per archive), download it, and verify it as Ferry does. */
async function exportOne(sim: Simulator, repo: string): Promise<string> {
  const started = await sourceRest(sim, 'orgs/octo-org/migrations', {
    method: 'POST',
    body: JSON.stringify({ repositories: [repo] }),
  });
  const { id } = (await started.json()) as { id: number };
  sim.advance(3_600);
  const link = await sourceRest(sim, `orgs/octo-org/migrations/${id}/archive`);
  expect(link.status).toBe(302);
  const archive = await sim.fetch(new Request(link.headers.get('location') ?? ''));
  const file = join(scratch, `${repo}.tar.gz`);
  fs.writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
  expect((await verifyArchive(file, [repo])).ok).toBe(true);
  return file;
}

const START = `mutation($sourceId: ID!, $ownerId: ID!, $sourceRepositoryUrl: URI!, $repositoryName: String!, $continueOnError: Boolean!, $gitArchiveUrl: String, $metadataArchiveUrl: String, $accessToken: String!, $githubPat: String, $targetRepoVisibility: String) {
  startRepositoryMigration(input: { sourceId: $sourceId, ownerId: $ownerId, sourceRepositoryUrl: $sourceRepositoryUrl, repositoryName: $repositoryName, continueOnError: $continueOnError, gitArchiveUrl: $gitArchiveUrl, metadataArchiveUrl: $metadataArchiveUrl, accessToken: $accessToken, githubPat: $githubPat, targetRepoVisibility: $targetRepoVisibility }) {
    repositoryMigration { id state } } }`;

/** Upload each archive to GitHub-owned storage, start its import, and run the clock until all SUCCEEDED. */
async function importAll(sim: Simulator, archives: Map<string, string>) {
  type Org = { organization: { id: string; databaseId: number } };
  const org = (
    await targetGraphql<Org>(sim, 'query($l: String!) { organization(login: $l) { id databaseId } }', {
      l: TARGET_ORG,
    })
  ).organization;
  type Source = { createMigrationSource: { migrationSource: { id: string } } };
  const source = (
    await targetGraphql<Source>(
      sim,
      `mutation($name: String!, $url: String!, $ownerId: ID!, $type: MigrationSourceType!) {
        createMigrationSource(input: { name: $name, url: $url, ownerId: $ownerId, type: $type }) { migrationSource { id } } }`,
      { name: 'GHES', url: ORIGIN, ownerId: org.id, type: 'GITHUB_ARCHIVE' },
    )
  ).createMigrationSource.migrationSource;
  const ids: string[] = [];
  for (const [repo, file] of archives) {
    const uploaded = await sim.fetch(
      new Request(
        `${TARGET_SIMULATOR_ORIGIN}/uploads/organizations/${org.databaseId}/gei/archive?name=${repo}.tar.gz`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${TARGET_TOKENS.octocat}`,
            'content-type': 'application/octet-stream',
          },
          body: new Uint8Array(fs.readFileSync(file)),
        },
      ),
    );
    expect(uploaded.status).toBe(201);
    const { uri } = (await uploaded.json()) as { uri: string };
    type Started = { startRepositoryMigration: { repositoryMigration: { id: string } } };
    const started = await targetGraphql<Started>(sim, START, {
      sourceId: source.id,
      ownerId: org.id,
      sourceRepositoryUrl: `${ORIGIN}/octo-org/${repo}`,
      repositoryName: repo,
      continueOnError: true,
      gitArchiveUrl: uri,
      metadataArchiveUrl: uri,
      accessToken: 'not-used',
      githubPat: TARGET_TOKENS.octocat,
      targetRepoVisibility: 'private',
    });
    ids.push(started.startRepositoryMigration.repositoryMigration.id);
  }
  type Nodes = { nodes: { state: string }[] };
  for (let i = 0; i < 60; i += 1) {
    const states = (
      await targetGraphql<Nodes>(
        sim,
        'query($ids: [ID!]!) { nodes(ids: $ids) { ... on Migration { state } } }',
        {
          ids,
        },
      )
    ).nodes.map((node) => node.state);
    if (states.every((state) => state === 'SUCCEEDED')) return;
    expect(states.some((state) => state.startsWith('FAILED'))).toBe(false);
    sim.advance(60);
  }
  throw new Error('The imports did not finish.');
}

const targetPoints = (sim: Simulator) =>
  [...sim.target.world.state().points.values()].reduce((sum, [, points]) => sum + points, 0);

describe('validating a move three ways on the embedded simulator', () => {
  const sim = createSimulator({ speed: 0 });
  const archives = new Map<string, string>();

  beforeAll(async () => {
    sim.target.world.state().quirks.lossyRepositories = [LOSSY];
    for (const repo of REPOS) archives.set(repo, await exportOne(sim, repo));
    await importAll(sim, archives);
  });

  it('passes two, fails the lossy one with exactly its tag and its pull request, in 1 request per side', async () => {
    const sourceBefore = sim.github().stats.requests;
    const targetBefore = targetPoints(sim);
    const result = await validateMove({
      source: sourceSide(sim),
      target: side(sim, TARGET_SIMULATOR_ORIGIN, TARGET_TOKENS.octocat, TARGET_ORG, true),
      repositories: REPOS.map((name) => ({ name, archive: archives.get(name) ?? '' })),
      releasesMigrated: true,
      scratchDir: scratch,
    });
    // The simulator's counters: every request the source answered; the target's points, 1 per count query.
    expect(sim.github().stats.requests - sourceBefore).toBe(1);
    expect(targetPoints(sim) - targetBefore).toBe(1);
    expect(result.cost).toEqual({ source: { requests: 1, points: 1 }, target: { requests: 1, points: 1 } });

    const byName = new Map(result.repositories.map((repo) => [repo.name, repo.validation]));
    expect(byName.get('hello-world')).toEqual({ result: 'passed', differences: [] });
    expect(byName.get('octo-api')).toEqual({ result: 'passed', differences: [] });
    const lossy = byName.get(LOSSY);
    const archived = (await countArchive(archives.get(LOSSY) ?? '')).get(repositoryKey('octo-org', LOSSY))!;
    const pull = (['open', 'merged', 'closed'] as const).find((state) => archived.pullRequests[state] > 0)!;
    expect(lossy).toEqual({
      result: 'failed',
      differences: [
        { field: 'tags', source: archived.tags, archive: archived.tags, target: archived.tags - 1 },
        {
          field: `pullRequests.${pull}`,
          source: archived.pullRequests[pull],
          archive: archived.pullRequests[pull],
          target: archived.pullRequests[pull] - 1,
        },
      ],
    });
  });

  it('a repository missing on the target and an archive that cannot be read fail with their reason', async () => {
    const broken = join(scratch, 'broken.tar.gz');
    fs.writeFileSync(broken, 'not an archive');
    const result = await validateMove({
      source: sourceSide(sim),
      target: side(sim, TARGET_SIMULATOR_ORIGIN, TARGET_TOKENS.octocat, TARGET_ORG, true),
      repositories: [
        { name: 'hello-world', targetName: 'never-imported', archive: archives.get('hello-world') ?? '' },
        { name: 'octo-api', archive: broken },
      ],
      releasesMigrated: true,
      scratchDir: scratch,
    });
    expect(
      result.repositories.map((repo) => [repo.name, repo.targetName, repo.validation.differences]),
    ).toEqual([
      [
        'hello-world',
        'never-imported',
        [{ field: 'repository', source: 'present', archive: 'present', target: null }],
      ],
      [
        'octo-api',
        'octo-api',
        [{ field: 'repository', source: 'present', archive: null, target: 'present' }],
      ],
    ]);
    expect(result.repositories[1]?.validation.reason).toMatch(
      /^The archive cannot be counted: Not a readable gzip tar/,
    );
  });
  it('counts 100 repositories on the target in 2 requests and 2 points (the absent ones missing)', async () => {
    const names = [...REPOS, ...Array.from({ length: 97 }, (_, i) => `absent-${i}`)];
    const before = targetPoints(sim);
    const target = side(sim, TARGET_SIMULATOR_ORIGIN, TARGET_TOKENS.octocat, TARGET_ORG, true);
    const counted = await countSide(target.post, TARGET_ORG, names, { protectedBranches: true });
    console.info(
      `octo-target side: 100 repositories in ${counted.requests} GraphQL requests, ${counted.points} points`,
    );
    expect(targetPoints(sim) - before).toBe(2);
    expect(counted).toMatchObject({ requests: 2, points: 2 });
    expect([...counted.counts.values()].filter((counts) => counts === null)).toHaveLength(97);
  });
  it('asks again in halves when the target answers 502 (GitHub’s timeout), and counts every repository', async () => {
    sim.target.world.faults.add([{ kind: 'bad-gateway', field: 'repository', count: 1 }]);
    const target = side(sim, TARGET_SIMULATOR_ORIGIN, TARGET_TOKENS.octocat, TARGET_ORG, true);
    const counted = await countSide(target.post, TARGET_ORG, REPOS, { protectedBranches: true });
    // 1 refused with 502, then 2 + 1.
    expect(counted).toMatchObject({ requests: 3, points: 2 });
    expect([...counted.counts.keys()]).toEqual(REPOS);
    expect([...counted.counts.values()].every((counts) => counts !== null)).toBe(true);
  });
  it('refuses more repositories than a move takes, before any request', async () => {
    const before = sim.github().stats.requests;
    const input = {
      source: sourceSide(sim),
      target: side(sim, TARGET_SIMULATOR_ORIGIN, TARGET_TOKENS.octocat, TARGET_ORG, true),
      releasesMigrated: true,
    };
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ name: `r-${i}`, archive: join(scratch, 'none') }));
    await expect(validateMove({ ...input, repositories: many(MAX_MOVE_REPOSITORIES + 1) })).rejects.toThrow(
      RangeError,
    );
    expect(sim.github().stats.requests).toBe(before);
  });
});

describe('the source side of a big organization', () => {
  it('counts 500 repositories of big-org in at most 20 requests', async () => {
    const sim = createSimulator({ speed: 0, scenario: 'big-org' });
    const names = sim
      .github()
      .world.repos.filter((repo) => repo.owner === 'big-org')
      .map((repo) => repo.name);
    expect(names).toHaveLength(500);
    const before = sim.github().stats.requests;
    const started = performance.now();
    const counted = await countSide(
      graphqlPostOf(
        createTargetClient({
          baseUrl: sourceGraphqlBase(`${ORIGIN}/api/v3`),
          authorization: () => Promise.resolve(`Bearer ${SIM_TOKENS.octocat}`),
          fetch: (request) => sim.fetch(request),
          bounds,
        }),
      ),
      'big-org',
      names,
      { protectedBranches: true },
    );
    const requests = sim.github().stats.requests - before;
    console.info(
      `big-org source side: 500 repositories in ${requests} GraphQL requests, ${counted.points} points ` +
        `(${(counted.points / 5).toFixed(1)} points and ${(requests / 5).toFixed(1)} requests per 100), ` +
        `${Math.round(performance.now() - started)} ms`,
    );
    expect(requests).toBe(counted.requests);
    expect(requests).toBeLessThanOrEqual(20);
    expect(counted.points).toBe(requests);
    expect([...counted.counts.values()].filter((counts) => counts === null)).toEqual([]);
    expect(counted.counts.size).toBe(500);
  });
});
