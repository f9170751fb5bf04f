import { Kind, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { queryCost } from '@/simulator/graphql/cost';
import { POINTS_PER_HOUR } from './graphql/points';
import { TARGET_ORG, TARGET_TOKENS } from './seed';
import { buildTestArchive } from './test-archive';
import {
  ORG_QUERY,
  SOURCE,
  START_MIGRATION,
  GET_MIGRATION,
  harness,
  upload,
  type Migration,
  type Org,
} from './test-harness';

const cost = (query: string, variables: Record<string, unknown> = {}) => {
  const document = parse(query);
  const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (operation?.kind !== Kind.OPERATION_DEFINITION) throw new Error('no operation');
  return queryCost(document, operation, variables);
};

describe('target tokens and GraphQL points', () => {
  it('costs a query as GitHub does: connection requests over 100, rounded, at least 1 (fragments and variables too)', () => {
    expect(cost('{ rateLimit { cost } }')).toBe(1);
    // 1 request for the migrations, 100 for the mannequins under each of 100 … = 1 + 100 = 101 → 1.
    expect(cost('{ organization(login: "o") { repositoryMigrations(first: 100) { nodes { id } } } }')).toBe(
      1,
    );
    expect(
      cost(
        'query($n: Int) { a: organization(login: "o") { ...F } b: organization(login: "o") { ...F } } fragment F on Organization { mannequins(first: $n) { nodes { id } } repositoryMigrations(first: 100) { nodes { id } } }',
        { n: 100 },
      ),
    ).toBe(1);
    // Nested: 1 + 100 × (1 + 100 × 1) = 10,101 requests → 101 points (the AST is costed before validation).
    expect(cost('{ a(first: 100) { nodes { b(first: 100) { nodes { c(last: 100) { id } } } } } }')).toBe(101);
    expect(cost('{ a(first: 50) { nodes { b(first: 10) { id } } } }')).toBe(1);
  });

  it('a migrator-scoped token needs the migrator role; the owner grants it; the import work is charged to the starter', async () => {
    const h = harness();
    const org = (await h.graphql<{ organization: Org }>(ORG_QUERY, { login: TARGET_ORG })).body.data
      .organization;
    const asMona = await h.graphql(
      SOURCE,
      { name: 's', url: 'https://x.example', ownerId: org.id, type: 'GITHUB_ARCHIVE' },
      TARGET_TOKENS.monalisa,
    );
    expect(asMona.body.errors[0]).toMatchObject({
      type: 'FORBIDDEN',
      message: 'monalisa does not have the correct permissions to execute `CreateMigrationSource`',
    });
    // Listing the imports too (what a move's pre-flight reads of a token, and a log's download needs).
    const LIST =
      'query($l: String!) { organization(login: $l) { repositoryMigrations(first: 1) { nodes { id } } } }';
    const listed = await h.graphql(LIST, { l: TARGET_ORG }, TARGET_TOKENS.monalisa);
    expect(listed.body.errors[0]).toMatchObject({
      type: 'FORBIDDEN',
      path: ['organization', 'repositoryMigrations'],
    });
    const grant = await h.graphql(
      'mutation($o: ID!) { grantMigratorRole(input: {organizationId: $o, actor: "monalisa", actorType: USER}) { success } }',
      { o: org.id },
    );
    expect(grant.body.data).toEqual({ grantMigratorRole: { success: true } });
    expect((await h.graphql(LIST, { l: TARGET_ORG }, TARGET_TOKENS.monalisa)).body.errors ?? []).toEqual([]);
    // Migrators cannot grant the role themselves (admin:org, owners only).
    const byMona = await h.graphql(
      'mutation($o: ID!) { grantMigratorRole(input: {organizationId: $o, actor: "hubot-cloud", actorType: USER}) { success } }',
      { o: org.id },
      TARGET_TOKENS.monalisa,
    );
    expect(byMona.body.errors[0]?.type).toBe('INSUFFICIENT_SCOPES');

    const source = (
      await h.graphql<{ createMigrationSource: { migrationSource: { id: string } } }>(
        SOURCE,
        { name: 's', url: 'https://x.example', ownerId: org.id, type: 'GITHUB_ARCHIVE' },
        TARGET_TOKENS.monalisa,
      )
    ).body.data.createMigrationSource.migrationSource;
    const archive = await buildTestArchive({
      owner: 'octo-org',
      name: 'w',
      commits: 101,
      branches: [],
      tags: [],
      issueAuthors: [],
      pullAuthors: [],
      releases: 0,
    });
    const { uri } = (await (await upload(h.sim, org.databaseId, archive, TARGET_TOKENS.monalisa)).json()) as {
      uri: string;
    };
    const started = await h.graphql<{ startRepositoryMigration: { repositoryMigration: Migration } }>(
      START_MIGRATION,
      {
        sourceId: source.id,
        ownerId: org.id,
        sourceRepositoryUrl: 'https://x.example/o/w',
        repositoryName: 'w',
        continueOnError: true,
        gitArchiveUrl: uri,
        metadataArchiveUrl: uri,
        accessToken: 'not-used',
      },
      TARGET_TOKENS.monalisa,
    );
    const id = started.body.data.startRepositoryMigration.repositoryMigration.id;
    const used = async (token: string) =>
      Number((await h.graphql('{ rateLimit { used } }', {}, token)).headers.get('x-ratelimit-used'));
    const before = await used(TARGET_TOKENS.monalisa);
    h.sim.advance(600);
    expect((await h.graphql<{ node: Migration }>(GET_MIGRATION, { id })).body.data.node.state).toBe(
      'SUCCEEDED',
    );
    // 101 commits and no other records: 1 + ceil(101 / 100) = 3 points, on monalisa's account only (+1 for the read).
    expect((await used(TARGET_TOKENS.monalisa)) - before).toBe(1 + 3);
    expect(await used(TARGET_TOKENS.octocat)).toBeLessThan(20);
  });

  it('answers RATE_LIMITED once the hour is spent, with the graphql resource headers; the next hour resets', async () => {
    const h = harness();
    h.sim.target.world.state().points.set('octocat', [0, POINTS_PER_HOUR]);
    const spent = await h.graphql('{ rateLimit { remaining } }');
    expect(spent.body.errors[0]).toMatchObject({
      type: 'RATE_LIMITED',
      message: 'API rate limit exceeded for user ID 583231.',
    });
    expect(spent.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(spent.headers.get('x-ratelimit-resource')).toBe('graphql');
    h.sim.advance(3600);
    const fresh = await h.graphql<{ rateLimit: { remaining: number } }>('{ rateLimit { remaining } }');
    expect(fresh.body.data.rateLimit.remaining).toBe(POINTS_PER_HOUR - 1);
  });
});

describe('the GraphQL secondary limit', () => {
  it('answers 403 (or RATE_LIMIT, its other form) past 2,000 points a minute (queries 1, mutations 5), then lets the next minute through', async () => {
    const h = harness();
    const org = (await h.graphql<{ organization: Org }>(ORG_QUERY, { login: TARGET_ORG })).body.data
      .organization;
    const revoke = (status = 200) =>
      h.graphql(
        'mutation($o: ID!) { revokeMigratorRole(input: {organizationId: $o, actor: "monalisa", actorType: USER}) { success } }',
        { o: org.id },
        TARGET_TOKENS.octocat,
        {},
        status,
      );
    // 1 point for the organization query above, then 399 mutations × 5 = 1,996: 1,997 in this minute.
    for (let i = 0; i < 399; i++) expect((await revoke()).body.errors).toBeUndefined();
    expect((await h.graphql('{ viewer { login } }')).body.errors).toBeUndefined(); // 1,998
    // GitHub's documented answer by default: 403 with retry-after (2,003 > 2,000; nothing spent).
    const refused = await revoke(403);
    expect(refused.body.message).toMatch(/secondary rate limit/);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    // The other form (quirk secondaryLimitAnswer: graphql): 200 with errors[0].type RATE_LIMIT.
    h.sim.target.world.state().secondaryLimitAnswer = 'graphql';
    const limited = await revoke();
    expect(limited.body.errors[0]).toMatchObject({ type: 'RATE_LIMIT' });
    expect(limited.headers.get('retry-after')).toBeTruthy();
    // Another account is not affected.
    expect(
      (await h.graphql('{ rateLimit { cost } }', {}, TARGET_TOKENS.installation)).body.errors,
    ).toBeUndefined();
    h.sim.advance(60);
    expect((await revoke()).body.errors).toBeUndefined();
  });
});
