import { describe, expect, it } from 'vitest';
import { TARGET_SIMULATOR_ORIGIN } from '../simulator';
import { TARGET_ORG, TARGET_TOKENS } from './seed';
import { buildTestArchive } from './test-archive';
import {
  COUNTS,
  GET_MIGRATION,
  INVITE,
  MANNEQUINS,
  ORG_QUERY,
  SOURCE,
  START_MIGRATION,
  USER,
  harness,
  upload,
  type Mannequins,
  type Migration,
  type Org,
} from './test-harness';

describe('the target GitHub.com over GraphQL (GEI from GitHub-owned storage)', () => {
  it('imports an uploaded archive: QUEUED → SUCCEEDED on the clock, counts as in the archive, mannequins, reclaim', async () => {
    const { sim, graphql } = harness();
    const org = (await graphql<{ organization: Org }>(ORG_QUERY, { login: TARGET_ORG })).body.data
      .organization;
    expect(org).toMatchObject({
      login: TARGET_ORG,
      id: expect.stringMatching(/^O_/) as unknown,
      databaseId: expect.any(Number) as unknown,
    });

    const archive = await buildTestArchive({
      owner: 'octo-org',
      name: 'widget',
      commits: 3,
      branches: ['develop'],
      tags: ['v1.0.0', 'v1.1.0'],
      issueAuthors: ['octocat', 'hubot', 'hubot'],
      pullAuthors: ['hubot', 'octocat'],
      releases: 1,
    });
    const uploaded = await upload(sim, org.databaseId, archive, TARGET_TOKENS.octocat);
    expect(uploaded.status).toBe(201);
    const { uri } = (await uploaded.json()) as { uri: string };

    const source = (
      await graphql<{ createMigrationSource: { migrationSource: { id: string } } }>(SOURCE, {
        name: 'GHEC Source',
        url: 'https://github.com',
        ownerId: org.id,
        type: 'GITHUB_ARCHIVE',
      })
    ).body.data.createMigrationSource.migrationSource;
    const started = await graphql<{ startRepositoryMigration: { repositoryMigration: Migration } }>(
      START_MIGRATION,
      {
        sourceId: source.id,
        ownerId: org.id,
        sourceRepositoryUrl: 'https://source.example/octo-org/widget',
        repositoryName: 'widget',
        continueOnError: true,
        gitArchiveUrl: uri,
        metadataArchiveUrl: uri,
        accessToken: 'not-used',
        githubPat: TARGET_TOKENS.octocat,
        targetRepoVisibility: 'private',
      },
    );
    const migration = started.body.data.startRepositoryMigration.repositoryMigration;
    expect(migration).toMatchObject({
      id: expect.stringMatching(/^RM_/) as unknown,
      state: 'QUEUED',
      failureReason: '',
    });
    expect(
      (
        await sim.fetch(
          new Request(`${TARGET_SIMULATOR_ORIGIN}/repos/${TARGET_ORG}/widget`, {
            headers: { authorization: `token ${TARGET_TOKENS.octocat}` },
          }),
        )
      ).status,
    ).toBe(404);

    const states: string[] = [];
    for (let i = 0; i < 20; i++) {
      const node = (await graphql<{ node: Migration }>(GET_MIGRATION, { id: migration.id })).body.data.node;
      if (states.at(-1) !== node.state) states.push(node.state);
      if (node.state === 'SUCCEEDED') {
        expect(node.migrationLogUrl).toMatch(/^http:\/\/target\.simulator\.internal\/_migration-logs\/RM_/);
        break;
      }
      sim.advance(10);
    }
    expect(states).toEqual(['QUEUED', 'IN_PROGRESS', 'PENDING_VALIDATION', 'SUCCEEDED']);

    const repo = (await graphql<{ repository: unknown }>(COUNTS, { owner: TARGET_ORG, name: 'widget' })).body
      .data.repository;
    expect(repo).toMatchObject({
      tags: { totalCount: 2 },
      open: { totalCount: 1 },
      merged: { totalCount: 1 },
      all: { totalCount: 2 },
      issues: { totalCount: 4 }, // three imported plus the "Migration Log" issue
      releases: { totalCount: 1 },
      defaultBranchRef: {
        name: 'main',
        target: { oid: expect.stringMatching(/^[0-9a-f]{40}$/) as unknown, history: { totalCount: 3 } },
      },
    });
    const rest = await sim.fetch(
      new Request(`${TARGET_SIMULATOR_ORIGIN}/repos/${TARGET_ORG}/widget`, {
        headers: { authorization: `token ${TARGET_TOKENS.octocat}` },
      }),
    );
    expect(rest.status).toBe(200);

    // hubot has no account on the target: a mannequin; octocat has one: attributed directly.
    const mannequins = (
      await graphql<{ node: { mannequins: Mannequins } }>(MANNEQUINS, { id: org.id, first: 100 })
    ).body.data.node.mannequins;
    expect(mannequins.nodes).toEqual([
      { login: 'hubot', id: expect.stringMatching(/^M_/) as unknown, claimant: null },
    ]);

    const member = (await graphql<{ user: { id: string } }>(USER, { login: 'hubot-cloud' })).body.data.user;
    const invited = await graphql(INVITE, {
      orgId: org.id,
      sourceId: mannequins.nodes[0]?.id,
      targetId: member.id,
    });
    expect(invited.body.data.createAttributionInvitation).toEqual({
      source: { id: mannequins.nodes[0]?.id, login: 'hubot' },
      target: { id: member.id, login: 'hubot-cloud' },
    });
    // The invited member accepts ten simulated minutes later: the mannequin is then claimed.
    sim.advance(600);
    const claimed = (
      await graphql<{ node: { mannequins: Mannequins } }>(MANNEQUINS, { id: org.id, first: 100 })
    ).body.data.node.mannequins.nodes[0];
    expect(claimed?.claimant).toEqual({ login: 'hubot-cloud', id: member.id });
    const outsider = (await graphql<{ user: { id: string } }>(USER, { login: 'outsider' })).body.data.user;
    const refused = await graphql(INVITE, {
      orgId: org.id,
      sourceId: mannequins.nodes[0]?.id,
      targetId: outsider.id,
    });
    expect(refused.body.data.createAttributionInvitation).toBeNull();
    expect(refused.body.errors[0]).toMatchObject({
      type: 'UNPROCESSABLE',
      path: ['createAttributionInvitation'],
      message: `Target must be a member of the ${TARGET_ORG} organization`,
    });

    // Logs expire 24 h (simulated) after the end.
    sim.advance(24 * 3600);
    const later = (await graphql<{ node: Migration }>(GET_MIGRATION, { id: migration.id })).body.data.node;
    expect(later.migrationLogUrl).toBeNull();
  });

  it('refuses App installation and fine-grained tokens with GitHub messages; a second migration to the same name is refused', async () => {
    const { sim, graphql } = harness();
    const org = (await graphql<{ organization: Org }>(ORG_QUERY, { login: TARGET_ORG })).body.data
      .organization;
    const app = await graphql<{ createMigrationSource: { migrationSource: { id: string } } }>(
      SOURCE,
      { name: 'x', url: 'https://github.com', ownerId: org.id, type: 'GITHUB_ARCHIVE' },
      TARGET_TOKENS.installation,
    );
    expect(app.body.errors[0]).toMatchObject({
      type: 'FORBIDDEN',
      message: 'Resource not accessible by integration',
    });
    const fine = await graphql<{ createMigrationSource: { migrationSource: { id: string } } }>(
      SOURCE,
      { name: 'x', url: 'https://github.com', ownerId: org.id, type: 'GITHUB_ARCHIVE' },
      TARGET_TOKENS.fineGrained,
    );
    expect(fine.body.errors[0]).toMatchObject({
      type: 'FORBIDDEN',
      message: 'Resource not accessible by personal access token',
    });
    const refusedUpload = await upload(sim, org.databaseId, Buffer.from('x'), TARGET_TOKENS.installation);
    expect(refusedUpload.status).toBe(403);
    // An App token may still read what validators read (rate limit, repositories).
    const limit = await graphql<{ rateLimit: unknown }>(
      '{ rateLimit { limit cost remaining resetAt used } }',
      {},
      TARGET_TOKENS.installation,
    );
    expect(limit.body.data.rateLimit).toMatchObject({ limit: 5000, cost: 1 });
    expect(limit.headers.get('x-ratelimit-resource')).toBe('graphql');
  });
});

describe('connections without first or last', () => {
  it('answer their size, and refuse their items as GitHub does (MISSING_PAGINATION_BOUNDARIES)', async () => {
    const h = harness();
    const size = await h.graphql<{ organization: { mannequins: { totalCount: number } } }>(
      'query($login: String!) { organization(login: $login) { mannequins { totalCount } } }',
      { login: TARGET_ORG },
    );
    expect(size.body.errors).toBeUndefined();
    expect(typeof size.body.data.organization.mannequins.totalCount).toBe('number');
    const items = await h.graphql(
      'query($login: String!) { organization(login: $login) { mannequins { nodes { login } } } }',
      { login: TARGET_ORG },
    );
    expect(items.body.errors[0]).toMatchObject({
      type: 'MISSING_PAGINATION_BOUNDARIES',
      message: 'You must provide a `first` or `last` value to properly paginate the `mannequins` connection.',
    });
    const bounded = await h.graphql(
      'query($login: String!) { organization(login: $login) { mannequins(first: 5) { nodes { login } } } }',
      { login: TARGET_ORG },
    );
    expect(bounded.body.errors).toBeUndefined();
  });
});
