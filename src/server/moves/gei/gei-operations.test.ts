import { beforeAll, describe, expect, it } from 'vitest';
import { UpstreamFailureError } from '@/server/outbound/upstream-failure';
import { createSimulator, TARGET_SIMULATOR_ORIGIN, type Simulator } from '@/simulator/simulator';
import { TARGET_ORG, TARGET_TOKENS } from '@/simulator/target/seed';
import { buildTestArchive } from '@/simulator/target/test-archive';
import { upload } from '@/simulator/target/test-harness';
import { gateOf, processAccountLimits } from '@/server/credentials/account-limits';
import { createTargetClient } from '../target-client';
import { GeiRefusedError } from './gei-errors';
import { createGeiOperations } from './gei-operations';

/** GEI's operations as a move runs them, against the embedded simulator's target on a frozen clock. */
const bounds = { headersMs: 5_000, idleMs: 5_000, totalMs: 10_000, maxBytes: 4 * 1024 * 1024 };

function operationsOf(sim: Simulator, token: string = TARGET_TOKENS.octocat) {
  const sent: string[] = [];
  const client = createTargetClient({
    baseUrl: TARGET_SIMULATOR_ORIGIN,
    authorization: () => Promise.resolve(`Bearer ${token}`),
    fetch: async (request) => {
      sent.push(await request.clone().text());
      return sim.fetch(request);
    },
    bounds,
  });
  const points: (number | undefined)[] = [];
  return { gei: createGeiOperations(client, { onRequest: (p) => points.push(p) }), sent, points };
}

/** The target's own count of the account's requests this minute (its secondary-limit counter: a query is 1). */
const targetCount = (sim: Simulator, account = 'octocat') =>
  sim.target.world.state().secondary.get(account)?.[1] ?? 0;

let archive: Buffer;
const ORG = { id: '', databaseId: 0 };

async function uploaded(sim: Simulator): Promise<string> {
  const answer = await upload(sim, ORG.databaseId, archive, TARGET_TOKENS.octocat);
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { uri: string }).uri;
}

beforeAll(async () => {
  archive = await buildTestArchive({
    owner: 'octo-org',
    name: 'widget',
    commits: 2,
    branches: ['dev'],
    tags: ['v1'],
    issueAuthors: ['octocat'],
    pullAuthors: [],
    releases: 0,
  });
  const org = createSimulator({ speed: 0 }).target.world.state().org;
  ORG.id = org.nodeId;
  ORG.databaseId = org.databaseId;
});

const startOf = (sourceId: string, archiveUrl: string, repositoryName = 'widget') => ({
  sourceId,
  ownerId: ORG.id,
  repositoryName,
  sourceRepositoryUrl: 'https://ghes.example/octo-org/widget',
  archiveUrl,
  accessToken: 'source-token',
  githubPat: TARGET_TOKENS.octocat,
  targetRepoVisibility: 'private' as const,
});

describe('GEI operations on the target', () => {
  it('starts from an uploaded archive and follows it over the simulated clock; a second start is refused', async () => {
    const sim = createSimulator({ speed: 0 });
    const { gei, sent } = operationsOf(sim);
    const source = await gei.createMigrationSource({
      ownerId: ORG.id,
      name: 'GHES',
      url: 'https://ghes.example',
    });
    expect(source.id).toMatch(/^MS_/);
    const started = await gei.startRepositoryMigration(startOf(source.id, await uploaded(sim)));
    expect(started).toEqual({ id: expect.stringMatching(/^RM_/) as unknown, state: 'QUEUED' });
    const body = JSON.parse(sent.at(-1) ?? '{}') as { query: string; variables: Record<string, unknown> };
    expect(body.variables).toMatchObject({
      continueOnError: true,
      gitArchiveUrl: body.variables.metadataArchiveUrl,
    });
    expect(body.query).toContain('mutation startRepositoryMigration(');

    const stateOf = async () => (await gei.migrationStates([started.id])).states.get(started.id);
    expect(await stateOf()).toMatchObject({ state: 'QUEUED', repositoryName: 'widget' });
    sim.advance(6);
    expect((await stateOf())?.state).toBe('IN_PROGRESS');
    sim.advance(3_600);
    const done = await stateOf();
    expect(done).toMatchObject({ state: 'SUCCEEDED' });
    expect(done?.failureReason).toBeUndefined();
    expect(done?.migrationLogUrl).toMatch(/^http:\/\/target\.simulator\.internal\/_migration-logs\/RM_/);

    const found = await gei.findMigrations({ ownerLogin: TARGET_ORG, repositoryName: 'widget' });
    expect(found.map((m) => m.id)).toEqual([started.id]);
    const again = await gei
      .startRepositoryMigration(startOf(source.id, await uploaded(sim)))
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(GeiRefusedError);
    expect(again).toMatchObject({
      refusal: 'name-taken',
      type: 'UNPROCESSABLE',
      message: `A repository called ${TARGET_ORG}/widget already exists`,
    });
  });

  it('finds the newest migration to a name first (a crash between start and answer never starts twice)', async () => {
    const sim = createSimulator({ speed: 0 });
    const { gei } = operationsOf(sim);
    const { id: sourceId } = await gei.createMigrationSource({
      ownerId: ORG.id,
      name: 'GHES',
      url: 'https://ghes.example',
    });
    const first = await gei.startRepositoryMigration(startOf(sourceId, await uploaded(sim), 'twice'));
    expect(await gei.abortRepositoryMigration(first.id)).toBe(true);
    sim.advance(1);
    const second = await gei.startRepositoryMigration(startOf(sourceId, await uploaded(sim), 'twice'));
    const found = await gei.findMigrations({ ownerLogin: TARGET_ORG, repositoryName: 'twice' });
    expect(found.map((m) => [m.id, m.state])).toEqual([
      [second.id, 'QUEUED'],
      [first.id, 'FAILED'],
    ]);
    expect(found[1]?.failureReason).toBe('The migration was aborted.');
    expect(await gei.findMigrations({ ownerLogin: TARGET_ORG, repositoryName: 'never' })).toEqual([]);
    // Aborting a finished one is GitHub's refusal, typed.
    const refused = await gei.abortRepositoryMigration(first.id).catch((e: unknown) => e);
    expect(refused).toMatchObject({ refusal: 'invalid', operation: 'abortRepositoryMigration' });
  });

  it('reads N migrations in one request per 100 ids, unknown ids absent, the points beside them', async () => {
    const sim = createSimulator({ speed: 0 });
    const { gei, points } = operationsOf(sim);
    const { id: sourceId } = await gei.createMigrationSource({
      ownerId: ORG.id,
      name: 'GHES',
      url: 'https://ghes.example',
    });
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c'])
      ids.push((await gei.startRepositoryMigration(startOf(sourceId, await uploaded(sim), name))).id);
    const before = targetCount(sim);
    const read = await gei.migrationStates([...ids, 'RM_nope', 'O_not-a-migration', ids[0] ?? '']);
    expect(targetCount(sim) - before).toBe(1);
    expect(read.requests).toBe(1);
    expect([...read.states.keys()]).toEqual(ids);
    expect(read.rateLimit).toMatchObject({ limit: 5000, cost: 1 });
    expect(points.at(-1)).toBe(1);

    const many = [...ids, ...Array.from({ length: 147 }, (_, i) => `RM_missing${i}`)];
    const beforeMany = targetCount(sim);
    const chunked = await gei.migrationStates(many);
    expect(targetCount(sim) - beforeMany).toBe(2);
    expect(chunked.requests).toBe(2);
    expect(chunked.states.size).toBe(3);
    expect((await gei.migrationStates([])).requests).toBe(0);
  });

  it('refuses an App installation and a fine-grained token with GitHub’s words, before anything starts', async () => {
    const sim = createSimulator({ speed: 0 });
    const { gei } = operationsOf(sim);
    const { id: sourceId } = await gei.createMigrationSource({
      ownerId: ORG.id,
      name: 'GHES',
      url: 'https://ghes.example',
    });
    const { id } = await gei.startRepositoryMigration(startOf(sourceId, await uploaded(sim)));
    for (const [token, words] of [
      [TARGET_TOKENS.installation, 'Resource not accessible by integration'],
      [TARGET_TOKENS.fineGrained, 'Resource not accessible by personal access token'],
    ] as const) {
      const other = operationsOf(sim, token).gei;
      for (const attempt of [
        () => other.createMigrationSource({ ownerId: ORG.id, name: 'x', url: 'https://x.example' }),
        () => other.startRepositoryMigration(startOf(sourceId, 'gei://archive/none', 'other')),
        () => other.migrationStates([id]),
        () => other.findMigrations({ ownerLogin: TARGET_ORG, repositoryName: 'widget' }),
        () => other.abortRepositoryMigration(id),
      ]) {
        const refused = await attempt().catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(GeiRefusedError);
        expect(refused).toMatchObject({ refusal: 'credential', type: 'FORBIDDEN', message: words });
      }
    }
    expect((await operationsOf(sim).gei.migrationStates([id])).states.get(id)?.state).toBe('QUEUED');
  });

  it('counts every request sent as GitHub counted it: refused by a limit, failed, or never answered; not one held back', async () => {
    // Issue 46, item 8: refused target requests were not counted (143 sent, 117 shown).
    const answers = [
      () =>
        Promise.resolve(
          Response.json(
            { data: null, errors: [{ type: 'RATE_LIMIT', message: 'secondary' }] },
            { headers: { 'retry-after': '1' } },
          ),
        ),
      () => Promise.resolve(new Response('bad gateway', { status: 502 })),
      () => Promise.reject(new TypeError('fetch failed')),
    ];
    let asked = 0;
    const points: (number | undefined)[] = [];
    const limits = processAccountLimits();
    const gei = createGeiOperations(
      createTargetClient({
        baseUrl: 'https://api.github.com',
        authorization: () => Promise.resolve('Bearer x'),
        fetch: () => answers[asked++ % answers.length]!(),
        bounds,
        gate: gateOf(limits, 'target:default'),
      }),
      { onRequest: (p) => points.push(p) },
    );
    const ids = ['RM_1'];
    await expect(gei.migrationStates(ids)).rejects.toThrow(/secondary/);
    // Held: nothing sent, nothing counted.
    await expect(gei.migrationStates(ids)).rejects.toThrow(/wait/);
    expect([asked, points.length]).toEqual([1, 1]);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await expect(gei.migrationStates(ids)).rejects.toBeInstanceOf(UpstreamFailureError);
    await expect(gei.migrationStates(ids)).rejects.toBeInstanceOf(UpstreamFailureError);
    expect([asked, points]).toEqual([3, [undefined, undefined, undefined]]);
  });

  it('answers a malformed or hostile answer as the target’s failure, never as a state', async () => {
    const answering = (body: unknown) =>
      createGeiOperations(
        createTargetClient({
          baseUrl: 'https://api.github.com',
          authorization: () => Promise.resolve('Bearer x'),
          fetch: () => Promise.resolve(new Response(JSON.stringify(body), { status: 200 })),
          bounds,
        }),
      );
    const rate = { limit: 5000, remaining: 10, used: 4990, resetAt: '2026-01-01T00:00:00Z', cost: 1 };
    const fails = (p: Promise<unknown>) => p.catch((e: unknown) => e);
    expect(
      await fails(
        answering({ data: { nodes: [{ id: 'RM_1', state: 'DONE?' }], rateLimit: rate } }).migrationStates([
          'RM_1',
        ]),
      ),
    ).toBeInstanceOf(UpstreamFailureError);
    expect(
      await fails(answering({ data: { nodes: [], rateLimit: rate } }).migrationStates(['RM_1'])),
    ).toBeInstanceOf(UpstreamFailureError);
    expect(
      await fails(
        answering({ data: { startRepositoryMigration: null } }).startRepositoryMigration(
          startOf('MS_1', 'gei://archive/x'),
        ),
      ),
    ).toBeInstanceOf(UpstreamFailureError);
    expect(
      await fails(
        answering({ data: { createMigrationSource: { migrationSource: {} } } }).createMigrationSource({
          ownerId: 'O',
          name: 'n',
          url: 'u',
        }),
      ),
    ).toBeInstanceOf(UpstreamFailureError);
    // Another id's state in an id's place is not taken for it; a non-http log URL is dropped.
    const swapped = await answering({
      data: {
        nodes: [
          { id: 'RM_2', state: 'FAILED' },
          { id: 'RM_1', state: 'SUCCEEDED', migrationLogUrl: 'javascript:alert(1)' },
        ],
        rateLimit: rate,
      },
    }).migrationStates(['RM_1', 'RM_2']);
    expect(swapped.states.size).toBe(0);
    const log = await answering({
      data: {
        nodes: [{ id: 'RM_1', state: 'SUCCEEDED', migrationLogUrl: 'javascript:alert(1)' }],
        rateLimit: rate,
      },
    }).migrationStates(['RM_1']);
    expect(log.states.get('RM_1')).toEqual({ state: 'SUCCEEDED' });
  });
});
