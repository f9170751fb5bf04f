import { describe, expect, it } from 'vitest';
import { createSimulator, TARGET_SIMULATOR_ORIGIN } from '@/simulator/simulator';
import { TARGET_ORG, TARGET_TOKENS } from '@/simulator/target/seed';
import { buildTestArchive } from '@/simulator/target/test-archive';
import {
  GET_MIGRATION,
  harness,
  type Migration,
  orgAndSource,
  START_MIGRATION,
  upload,
} from '@/simulator/target/test-harness';
import { expectMatchesOperation } from './openapi-harness';

/**
 * The target GitHub.com's REST answers against GitHub's OpenAPI description (the vendored subset holds the
 * target's reads: src/contracts/github/target-operations.ts), strict about fields the description does not declare.
 */
const get = (
  sim: ReturnType<typeof createSimulator>,
  path: string,
  token: string | null = TARGET_TOKENS.octocat,
) =>
  sim.fetch(
    new Request(`${TARGET_SIMULATOR_ORIGIN}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }),
  );

/** Import one small repository (GitHub-owned storage, then GEI) so `GET /repos/{owner}/{repo}` has one to show. */
async function importOne(h: ReturnType<typeof harness>, name: string) {
  const { org, source } = await orgAndSource(h);
  const archive = await buildTestArchive({
    owner: 'octo-org',
    name,
    commits: 2,
    branches: [],
    tags: ['v1'],
    issueAuthors: ['hubot'],
    pullAuthors: [],
    releases: 0,
  });
  const uploaded = await upload(h.sim, org.databaseId, archive, TARGET_TOKENS.octocat);
  const { uri } = (await uploaded.json()) as { uri: string };
  const started = (
    await h.graphql<{ startRepositoryMigration: { repositoryMigration: Migration } }>(START_MIGRATION, {
      sourceId: source.id,
      ownerId: org.id,
      sourceRepositoryUrl: `https://ghes.example/octo-org/${name}`,
      repositoryName: name,
      continueOnError: true,
      gitArchiveUrl: uri,
      metadataArchiveUrl: uri,
      accessToken: 'not-used',
    })
  ).body.data.startRepositoryMigration.repositoryMigration;
  for (let i = 0; i < 60; i++) {
    const node = (await h.graphql<{ node: Migration }>(GET_MIGRATION, { id: started.id })).body.data.node;
    if (node.state === 'SUCCEEDED') return;
    h.sim.advance(30);
  }
  throw new Error('the import never succeeded');
}

describe('the target GitHub.com’s REST answers', () => {
  it('GET /rate_limit matches rate-limit/get, its graphql resource the caller’s points', async () => {
    const sim = createSimulator({ speed: 0 });
    const response = await get(sim, '/rate_limit');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { resources: { graphql: { limit: number } } };
    expectMatchesOperation('rate-limit/get', 200, body);
    expect(body.resources.graphql.limit).toBe(5_000);
  });

  it('GET /orgs/{org} matches orgs/get (200 for the seeded organization, 404 for an unknown one)', async () => {
    const sim = createSimulator({ speed: 0 });
    const response = await get(sim, `/orgs/${TARGET_ORG}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { login: string };
    expectMatchesOperation('orgs/get', 200, body);
    expect(body.login).toBe(TARGET_ORG);
    const missing = await get(sim, '/orgs/no-such-org');
    expect(missing.status).toBe(404);
    expectMatchesOperation('orgs/get', 404, await missing.json());
  });

  it('GET /repos/{owner}/{repo} matches repos/get (200 for an imported repository, 404 for an unknown one)', async () => {
    const h = harness();
    await importOne(h, 'gadget');
    const response = await get(h.sim, `/repos/${TARGET_ORG}/gadget`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { full_name: string; default_branch: string };
    expectMatchesOperation('repos/get', 200, body);
    expect(body.full_name).toBe(`${TARGET_ORG}/gadget`);
    const missing = await get(h.sim, `/repos/${TARGET_ORG}/no-such-repo`);
    expect(missing.status).toBe(404);
    expectMatchesOperation('repos/get', 404, await missing.json());
  });

  it('DELETE /repos/{owner}/{repo} matches repos/delete (204, then 404; 403 for a token that may not)', async () => {
    const h = harness();
    await importOne(h, 'gadget');
    const remove = (token: string) =>
      h.sim.fetch(
        new Request(`${TARGET_SIMULATOR_ORIGIN}/repos/${TARGET_ORG}/gadget`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${token}` },
        }),
      );
    const refused = await remove(TARGET_TOKENS.monalisa);
    expect(refused.status).toBe(403);
    expectMatchesOperation('repos/delete', 403, await refused.json());
    const deleted = await remove(TARGET_TOKENS.octocat);
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    expectMatchesOperation('repos/delete', 204, undefined);
    const gone = await remove(TARGET_TOKENS.octocat);
    expect(gone.status).toBe(404);
    expectMatchesOperation('repos/delete', 404, await gone.json());
  });
});

describe('the target’s organization rulesets', () => {
  it('GET /orgs/{org}/rulesets and /rulesets/{id} match repos/get-org-rulesets and repos/get-org-ruleset (none seeded)', async () => {
    const sim = createSimulator({ speed: 0 });
    const none = await get(sim, `/orgs/${TARGET_ORG}/rulesets`);
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual([]);
    sim.target.world.state().rulesets = [
      {
        id: 7,
        name: 'Protect main',
        target: 'branch',
        enforcement: 'active',
        include: ['lib-*'],
        exclude: [],
        migrationsBypass: 'none',
        createdAt: Date.UTC(2026, 0, 1),
      },
      {
        id: 8,
        name: 'Release tags',
        target: 'tag',
        enforcement: 'evaluate',
        include: ['~ALL'],
        exclude: ['sandbox'],
        migrationsBypass: 'exempt',
        createdAt: Date.UTC(2026, 0, 1),
      },
      {
        id: 9,
        name: 'No big files',
        target: 'push',
        enforcement: 'disabled',
        include: ['~ALL'],
        exclude: [],
        migrationsBypass: 'always',
        createdAt: Date.UTC(2026, 0, 1),
      },
    ];
    const list = await get(sim, `/orgs/${TARGET_ORG}/rulesets?per_page=2`);
    expect(list.status).toBe(200);
    const items = (await list.json()) as { id: number }[];
    expectMatchesOperation('repos/get-org-rulesets', 200, items);
    expect(items.map((item) => item.id)).toEqual([7, 8]);
    expect(list.headers.get('link')).toContain('rel="next"');
    for (const id of [7, 8, 9]) {
      const one = await get(sim, `/orgs/${TARGET_ORG}/rulesets/${id}`);
      expect(one.status).toBe(200);
      // `conditions` is anyOf [a repository's conditions, an organization's]: the harness follows the first
      // branch that validates (the repository's, open), which declares no repository_name.
      expectMatchesOperation('repos/get-org-ruleset', 200, await one.json(), {
        undeclared: ['/conditions/repository_name'],
      });
    }
    const missing = await get(sim, `/orgs/${TARGET_ORG}/rulesets/99`);
    expect(missing.status).toBe(404);
    expectMatchesOperation('repos/get-org-ruleset', 404, await missing.json());
    expect((await get(sim, '/orgs/no-such-org/rulesets')).status).toBe(404);
    // Hostile or unseen: GitHub's hiding 404 (401 for a bad token), never a 500.
    for (const [path, token, status] of [
      [`/orgs/${TARGET_ORG}/rulesets`, null, 404],
      [`/orgs/${TARGET_ORG}/rulesets`, 'not-a-token', 401],
      [`/orgs/${TARGET_ORG}/rulesets/abc`, TARGET_TOKENS.octocat, 404],
      [`/orgs/${TARGET_ORG}/rulesets/${'9'.repeat(40)}`, TARGET_TOKENS.octocat, 404],
      [`/orgs/${TARGET_ORG}/rulesets?per_page=-1&page=1e9&targets=%00`, TARGET_TOKENS.octocat, 200],
    ] as const)
      expect((await get(sim, path, token)).status, path).toBe(status);
    expect(sim.target.world.state().restRequests).toBeGreaterThan(10);
  });
});
