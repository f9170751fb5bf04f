import { describe, expect, it } from 'vitest';
import { SIM_INTENT_HEADER } from '@/contracts/sim-control';
import { createControlApp } from '../control';
import { TARGET_ORG, TARGET_TOKENS } from './seed';
import { buildTestArchive } from './test-archive';
import {
  COUNTS,
  GET_MIGRATION,
  harness,
  type Migration,
  orgAndSource,
  START_MIGRATION,
  upload,
} from './test-harness';

type Harness = ReturnType<typeof harness>;

function control(h: Harness, method: string, path: string, body?: unknown) {
  return createControlApp(h.sim).request(path, {
    method,
    headers: { 'content-type': 'application/json', [SIM_INTENT_HEADER]: 'faults' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function started(h: Harness, name: string) {
  const { org, source } = await orgAndSource(h, { name: 's', url: 'https://x.example' });
  const archive = await buildTestArchive({
    owner: 'octo-org',
    name,
    commits: 2,
    branches: [],
    tags: ['v1', 'v2'],
    issueAuthors: [],
    pullAuthors: ['octocat', 'octocat'],
    releases: 0,
  });
  const { uri } = (await (await upload(h.sim, org.databaseId, archive, TARGET_TOKENS.octocat)).json()) as {
    uri: string;
  };
  const answer = await h.graphql<{ startRepositoryMigration: { repositoryMigration: Migration } }>(
    START_MIGRATION,
    {
      sourceId: source.id,
      ownerId: org.id,
      sourceRepositoryUrl: `https://x.example/o/${name}`,
      repositoryName: name,
      continueOnError: true,
      gitArchiveUrl: uri,
      metadataArchiveUrl: uri,
      accessToken: 'not-used',
    },
  );
  return answer.body.data.startRepositoryMigration.repositoryMigration.id;
}

describe('target faults and scenario rules (/__sim/faults/target)', () => {
  it("502 on status reads, then SERVICE_UNAVAILABLE in GitHub's shape, then the real answer", async () => {
    const h = harness();
    const id = await started(h, 'a');
    const added = await control(h, 'POST', '/faults/target', [
      { kind: 'bad-gateway', field: 'node', count: 1 },
      { kind: 'service-unavailable', field: 'node', count: 1 },
    ]);
    expect(added.status).toBe(201);
    const read = () =>
      h.sim.fetch(
        new Request('http://target.simulator.internal/graphql', {
          method: 'POST',
          headers: { authorization: `bearer ${TARGET_TOKENS.octocat}`, 'content-type': 'application/json' },
          body: JSON.stringify({ query: GET_MIGRATION, variables: { id } }),
        }),
      );
    expect((await read()).status).toBe(502);
    const unavailable = await read();
    expect(unavailable.status).toBe(200);
    expect(await unavailable.json()).toEqual({
      data: { node: null },
      errors: [
        {
          type: 'SERVICE_UNAVAILABLE',
          path: ['node'],
          locations: [{ line: 1, column: 19 }],
          message: 'GitHub Enterprise Importer is currently unavailable. Please try again later.',
        },
      ],
    });
    expect(((await (await read()).json()) as { data: { node: Migration } }).data.node.state).toBe('QUEUED');
    // Other operations were never hit.
    expect((await h.graphql('{ viewer { login } }')).body.errors).toBeUndefined();
  });

  it("secondary limit: GitHub's 403 with retry-after, or the 200 with errors[0].type RATE_LIMIT", async () => {
    const h = harness();
    await control(h, 'POST', '/faults/target', { kind: 'secondary-rate-limit', count: 1 });
    const refused = await h.graphql('{ viewer { login } }', {}, undefined, {}, 403);
    expect(refused.body.message).toMatch(/^You have exceeded a secondary rate limit\./);
    expect(refused.headers.get('retry-after')).toBe('60');
    await control(h, 'POST', '/faults/target', { kind: 'secondary-rate-limit-graphql' });
    const limited = await h.graphql('{ viewer { login } }');
    expect(limited.body.errors[0]?.type).toBe('RATE_LIMIT');
    expect(limited.headers.get('retry-after')).toBe('60');
    expect((await (await control(h, 'GET', '/faults/target')).json()) as unknown).toMatchObject({
      faults: [
        { kind: 'secondary-rate-limit', hits: 1 },
        { kind: 'secondary-rate-limit-graphql', hits: 1 },
      ],
    });
    expect((await control(h, 'DELETE', '/faults/target')).status).toBe(200);
    expect((await h.graphql('{ viewer { login } }')).body.errors).toBeUndefined();
  });

  it('the quirk secondaryLimitAnswer picks the form of the natural secondary limit; anything else is a 400', async () => {
    const h = harness();
    expect(await (await control(h, 'GET', '/faults/target/quirks')).json()).toMatchObject({
      secondaryLimitAnswer: 'http',
    });
    const set = await control(h, 'POST', '/faults/target/quirks', { secondaryLimitAnswer: 'graphql' });
    expect(set.status).toBe(200);
    expect(h.sim.target.world.state().secondaryLimitAnswer).toBe('graphql');
    for (const wrong of ['403', null, 1, 'http\u0000'])
      expect(
        (await control(h, 'POST', '/faults/target/quirks', { secondaryLimitAnswer: wrong })).status,
      ).toBe(400);
  });

  it('a migration stuck in PENDING_VALIDATION, and a lossy import short by a tag and a pull request', async () => {
    const h = harness();
    expect(
      (
        await control(h, 'POST', '/faults/target/quirks', {
          stuckRepositories: ['stuck'],
          lossyRepositories: ['lossy'],
        })
      ).status,
    ).toBe(200);
    const stuck = await started(h, 'stuck');
    const lossy = await started(h, 'lossy');
    h.sim.advance(48 * 3600);
    expect((await h.graphql<{ node: Migration }>(GET_MIGRATION, { id: stuck })).body.data.node.state).toBe(
      'PENDING_VALIDATION',
    );
    expect((await h.graphql<{ node: Migration }>(GET_MIGRATION, { id: lossy })).body.data.node.state).toBe(
      'SUCCEEDED',
    );
    const repo = await h.graphql<{
      repository: { tags: { totalCount: number }; all: { totalCount: number } };
    }>(COUNTS, { owner: TARGET_ORG, name: 'lossy' });
    expect(repo.body.data.repository.tags.totalCount).toBe(1);
    expect(repo.body.data.repository.all.totalCount).toBe(1);
  });

  it('rulesets: an active one without the Repository migrations bypass fails the import with GH013; evaluate and exempt do not', async () => {
    const h = harness();
    const set = await control(h, 'POST', '/faults/target/quirks', {
      rulesets: [
        { name: 'Protect main', include: ['lib-*'], exclude: ['lib-free'] },
        { name: 'Trial', enforcement: 'evaluate', include: ['trial'] },
        { name: 'Everything', include: ['~ALL'], exclude: ['lib-*', 'trial'], migrationsBypass: 'exempt' },
      ],
    });
    expect(set.status).toBe(200);
    expect(((await set.json()) as { rulesets: unknown[] }).rulesets).toHaveLength(3);
    const blocked = await started(h, 'lib-core');
    const others = await Promise.all(['lib-free', 'trial', 'app'].map((name) => started(h, name)));
    h.sim.advance(48 * 3600);
    const node = async (id: string) =>
      (await h.graphql<{ node: Migration }>(GET_MIGRATION, { id })).body.data.node;
    const failed = await node(blocked);
    expect(failed.state).toBe('FAILED');
    expect(failed.failureReason).toMatch(
      /^Git source migration failed\. .*GH013: Repository rule violations found for refs\/heads\/main\.$/,
    );
    for (const id of others) expect((await node(id)).state).toBe('SUCCEEDED');
    // None seeded: a reset leaves no ruleset.
    h.sim.reset();
    expect(
      ((await (await control(h, 'GET', '/faults/target/quirks')).json()) as { rulesets: unknown[] }).rulesets,
    ).toEqual([]);
  });

  it('refuses malformed rules with 400', async () => {
    const h = harness();
    for (const body of [
      { kind: 'nope' },
      { kind: 'bad-gateway', field: 'a b' },
      { kind: 'bad-gateway', count: -1 },
      { kind: 'bad-gateway', extra: 1 },
      Array(51).fill({ kind: 'bad-gateway' }),
      'x',
    ]) {
      expect(
        (await control(h, 'POST', '/faults/target', body)).status,
        JSON.stringify(body).slice(0, 40),
      ).toBe(400);
    }
    for (const body of [
      { stuckRepositories: 'x' },
      { lossyRepositories: ['a/b'] },
      { stuckRepositories: Array(101).fill('a') },
      { rulesets: 'x' },
      { rulesets: [{ name: 'a' }] },
      { rulesets: [{ name: 'a', include: ['a/b'] }] },
      { rulesets: [{ name: 'a', include: ['x'], enforcement: 'on' }] },
      { rulesets: [{ name: 'a', include: ['x'], migrationsBypass: 'DeployKey' }] },
      { rulesets: [{ name: 'a', include: ['x'], extra: 1 }] },
      { rulesets: Array(21).fill({ name: 'a', include: ['x'] }) },
    ]) {
      expect((await control(h, 'POST', '/faults/target/quirks', body)).status).toBe(400);
    }
  });
});
