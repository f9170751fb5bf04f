import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MovePreview } from '@/contracts/moves';
import { loadConfig } from '@/server/config';
import { composeGateway, type Gateway } from '@/server/gateway';
import { TARGET_SIMULATOR_ORIGIN } from '@/simulator/simulator';
import { TARGET_ORG, TARGET_TOKENS } from '@/simulator/target/seed';
import { buildTestArchive } from '@/simulator/target/test-archive';
import { ORG_QUERY, SOURCE, START_MIGRATION, upload } from '@/simulator/target/test-harness';

/** The preview of octo-org into octo-target over the gateway as composed, on the embedded simulator. */
let gateway: Gateway;
const ORIGIN = 'http://localhost:5180';

function post(body: unknown, headers: Record<string, string> = {}) {
  return gateway.app.request(`${ORIGIN}/api/moves/preview`, {
    method: 'POST',
    headers: {
      'sec-fetch-site': 'same-origin',
      origin: ORIGIN,
      'content-type': 'application/json',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const PLAN = { source: { kind: 'org', login: 'octo-org' }, target: { login: 'octo-target' } };

async function targetGraphql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const simulator = gateway.simulator;
  if (!simulator) throw new Error('no simulator');
  const response = await simulator.fetch(
    new Request(`${TARGET_SIMULATOR_ORIGIN}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TARGET_TOKENS.octocat}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    }),
  );
  return ((await response.json()) as { data: T }).data;
}

/** `docs` imported into octo-target through GEI's own operations: its name is then taken there. */
async function importDocsIntoTarget() {
  const simulator = gateway.simulator;
  if (!simulator) throw new Error('no simulator');
  const { organization: org } = await targetGraphql<{ organization: { id: string; databaseId: number } }>(
    ORG_QUERY,
    { login: TARGET_ORG },
  );
  const bytes = await buildTestArchive({
    owner: 'octo-org',
    name: 'docs',
    commits: 1,
    branches: [],
    tags: [],
    issueAuthors: [],
    pullAuthors: [],
    releases: 0,
  });
  const uploaded = await upload(simulator, org.databaseId, bytes, TARGET_TOKENS.octocat);
  const { uri } = (await uploaded.json()) as { uri: string };
  const { createMigrationSource } = await targetGraphql<{
    createMigrationSource: { migrationSource: { id: string } };
  }>(SOURCE, { name: 'GHES Source', url: 'https://ghes.example', ownerId: org.id, type: 'GITHUB_ARCHIVE' });
  await targetGraphql(START_MIGRATION, {
    sourceId: createMigrationSource.migrationSource.id,
    ownerId: org.id,
    sourceRepositoryUrl: 'https://ghes.example/octo-org/docs',
    repositoryName: 'docs',
    continueOnError: true,
    gitArchiveUrl: uri,
    metadataArchiveUrl: uri,
    accessToken: 'not-used',
  });
  simulator.advance(3_600);
  const { repository } = await targetGraphql<{ repository: { name: string } | null }>(
    'query($o: String!, $n: String!) { repository(owner: $o, name: $n) { name } }',
    { o: TARGET_ORG, n: 'docs' },
  );
  expect(repository?.name).toBe('docs');
}

beforeAll(async () => {
  gateway = composeGateway(loadConfig({ SIM_SPEED: '0', SIM_CREDENTIALS: 'several' }), {
    watch: false,
    controlAccess: 'any',
  });
  await importDocsIntoTarget();
}, 30_000);
afterAll(() => gateway.stop());

describe('POST /api/moves/preview (octo-org into octo-target)', () => {
  it('lists every repository with its pre-flight, refuses the name octo-target already has, and costs in ranges', async () => {
    const response = await post(PLAN);
    expect(response.status).toBe(200);
    const preview = (await response.json()) as MovePreview;
    const octoOrg = (gateway.simulator?.github().world.repos ?? []).filter(
      (repo) => repo.owner === 'octo-org',
    );
    expect(preview.listed).toBe(octoOrg.length);
    expect(preview.repositories.map((repo) => repo.name).sort()).toEqual(
      octoOrg.map((repo) => repo.name).sort(),
    );
    expect(preview.target.organization).toMatchObject({ databaseId: 91_000_001, name: 'The Octo Target' });

    const docs = preview.repositories.find((repo) => repo.name === 'docs');
    expect(docs?.ready).toBe(false);
    expect(docs?.checks.find((check) => check.check === 'target-name-free')).toEqual({
      check: 'target-name-free',
      ok: false,
      reason: 'A repository called octo-target/docs already exists.',
    });
    const others = preview.repositories.filter((repo) => repo.name !== 'docs');
    expect(others.every((repo) => repo.ready && repo.targetName === repo.name)).toBe(true);
    expect(preview.ready).toBe(others.length);

    expect(preview.tokens.map((token) => [token.side, token.credential, token.kind, token.ok])).toEqual([
      ['source', 'default', 'classic', true],
      ['target', 'default', 'classic', true],
    ]);
    expect(preview.notMigrated.length).toBeGreaterThan(3);
    const { cost } = preview;
    expect(cost.source.restRequests.min).toBeLessThan(cost.source.restRequests.max);
    expect(cost.target.graphqlPoints.min).toBeLessThan(cost.target.graphqlPoints.max);
    expect(cost.seconds.min).toBeLessThan(cost.seconds.max);
    expect(cost.target.parts.starts).toBe(others.length + 1);
    expect(cost.target.budget).toMatchObject({ limit: 5000 });
  });

  it('costs at most the listing pages, one organization read and one aliased name check per 50 repositories', async () => {
    const simulator = gateway.simulator;
    if (!simulator) throw new Error('no simulator');
    simulator.reset();
    const sourceBefore = simulator.github().stats.counted;
    const targetRequests = () => simulator.target.world.state().secondary?.get('octocat')?.[1] ?? 0;
    const targetBefore = targetRequests();
    const response = await post(PLAN);
    expect(response.status).toBe(200);
    const preview = (await response.json()) as MovePreview;
    const pages = Math.ceil(preview.listed / 100);
    expect(simulator.github().stats.counted - sourceBefore).toBeLessThanOrEqual(pages);
    expect(targetRequests() - targetBefore).toBeLessThanOrEqual(1 + Math.ceil(preview.selected / 50));
    // What the preview says it sent is what each side counted (the target's GraphQL; its REST ruleset read beside).
    expect(preview.requests.source).toBe(simulator.github().stats.counted - sourceBefore);
    expect(preview.requests.targetGraphql).toBe(targetRequests() - targetBefore);
    expect(preview.requests.target).toBe(preview.requests.targetGraphql + 1);
    // After a reset nothing is taken any more.
    expect(preview.repositories.every((repo) => repo.ready)).toBe(true);
  });

  it('refuses the App and fine-grained target tokens before any start, with GitHub’s reason', async () => {
    for (const [credential, words] of [
      ['app', 'Resource not accessible by integration'],
      ['fine-grained', 'Resource not accessible by personal access token'],
    ] as const) {
      const response = await post({ ...PLAN, target: { login: 'octo-target', credential } });
      expect(response.status).toBe(200);
      const preview = (await response.json()) as MovePreview;
      const target = preview.tokens.find((token) => token.side === 'target');
      expect(target).toMatchObject({
        credential,
        ok: false,
        kind: credential === 'app' ? 'app' : 'fine-grained',
      });
      expect(target?.reason).toContain(words);
    }
    // Nothing was started (the reset above left no migration).
    expect(gateway.simulator?.target.world.state().migrations).toEqual([]);
  });

  it('answers an unknown organization on either side as 422 with GitHub’s words', async () => {
    const noTarget = await post({ ...PLAN, target: { login: 'no-such-org' } });
    expect(noTarget.status).toBe(422);
    expect(((await noTarget.json()) as { message: string }).message).toMatch(/no-such-org/);
    const noSource = await post({ ...PLAN, source: { kind: 'org', login: 'no-such-org' } });
    expect(noSource.status).toBe(422);
  });
});
