import { describe, expect, it } from 'vitest';
import { TARGET_SIMULATOR_ORIGIN } from '../simulator';
import { TARGET_ORG, TARGET_TOKENS } from './seed';
import { buildTestArchive } from './test-archive';
import {
  GET_MIGRATION,
  harness,
  MANNEQUINS,
  type Mannequins,
  type Migration,
  type Org,
  ORG_QUERY,
  orgAndSource,
  START_MIGRATION,
  upload,
  USER,
} from './test-harness';

const STORAGE_FEATURE = { 'graphql-features': 'octoshift_github_owned_storage' };

interface Archive {
  id: string;
  guid: string;
  name: string;
  size: number;
  uri: string;
}

describe('GitHub-owned storage archives over GraphQL, logs, nodes and EMU-only reattribution', () => {
  it('lists, reads and deletes archives only with the storage preview header', async () => {
    const h = harness();
    const org = (await h.graphql<{ organization: Org }>(ORG_QUERY, { login: TARGET_ORG })).body.data
      .organization;
    const bytes = await buildTestArchive({
      owner: 'octo-org',
      name: 'k',
      commits: 1,
      branches: [],
      tags: [],
      issueAuthors: [],
      pullAuthors: [],
      releases: 0,
    });
    expect((await upload(h.sim, org.databaseId, bytes, TARGET_TOKENS.octocat)).status).toBe(201);
    const list =
      'query($login: String!) { organization(login: $login) { migrationArchives(first: 10) { totalCount nodes { id guid name size uri } } } }';
    const without = await h.graphql(list, { login: TARGET_ORG });
    expect(without.body.errors[0]?.message).toMatch(/Cannot query field "migrationArchives"/);
    const listed = await h.graphql<{
      organization: { migrationArchives: { totalCount: number; nodes: Archive[] } };
    }>(list, { login: TARGET_ORG }, TARGET_TOKENS.octocat, STORAGE_FEATURE);
    const [archive] = listed.body.data.organization.migrationArchives.nodes;
    expect(archive).toMatchObject({
      name: 'widget.tar.gz',
      size: bytes.length,
      uri: `gei://archive/${archive?.guid}`,
    });
    const node = await h.graphql<{ node: Archive }>(
      'query($id: ID!) { node(id: $id) { ... on MigrationArchive { guid size } } }',
      { id: archive?.id },
      TARGET_TOKENS.octocat,
      STORAGE_FEATURE,
    );
    expect(node.body.data.node).toEqual({ guid: archive?.guid, size: bytes.length });
    const deleted = await h.graphql<{ deleteMigrationArchive: { migrationArchive: Archive } }>(
      'mutation($id: ID!) { deleteMigrationArchive(input: { migrationArchiveId: $id }) { migrationArchive { guid } } }',
      { id: archive?.id },
      TARGET_TOKENS.octocat,
      STORAGE_FEATURE,
    );
    expect(deleted.body.data.deleteMigrationArchive.migrationArchive.guid).toBe(archive?.guid);
    const after = await h.graphql<{ organization: { migrationArchives: { totalCount: number } } }>(
      list,
      { login: TARGET_ORG },
      TARGET_TOKENS.octocat,
      STORAGE_FEATURE,
    );
    expect(after.body.data.organization.migrationArchives.totalCount).toBe(0);
  });

  it('serves the log for 24 hours, resolves nodes(ids:) one by one, and refuses reattribution outside EMU', async () => {
    const h = harness();
    const { org, source } = await orgAndSource(h, { name: 's', url: 'https://x.example' });
    const bytes = await buildTestArchive({
      owner: 'octo-org',
      name: 'k',
      commits: 1,
      branches: [],
      tags: [],
      issueAuthors: ['hubot'],
      pullAuthors: [],
      releases: 0,
    });
    const { uri } = (await (await upload(h.sim, org.databaseId, bytes, TARGET_TOKENS.octocat)).json()) as {
      uri: string;
    };
    const id = (
      await h.graphql<{ startRepositoryMigration: { repositoryMigration: Migration } }>(START_MIGRATION, {
        sourceId: source.id,
        ownerId: org.id,
        sourceRepositoryUrl: 'https://x.example/o/k',
        repositoryName: 'k',
        continueOnError: true,
        gitArchiveUrl: uri,
        metadataArchiveUrl: uri,
        accessToken: 'not-used',
      })
    ).body.data.startRepositoryMigration.repositoryMigration.id;
    h.sim.advance(300);
    const done = (await h.graphql<{ node: Migration }>(GET_MIGRATION, { id })).body.data.node;
    expect(done.state).toBe('SUCCEEDED');
    const log = await h.sim.fetch(new Request(done.migrationLogUrl ?? ''));
    expect(log.status).toBe(200);
    expect(await log.text()).toMatch(/State: SUCCEEDED/);

    const nodes = await h.graphql<{ nodes: ({ id: string } | null)[] }>(
      'query($ids: [ID!]!) { nodes(ids: $ids) { id } }',
      { ids: [org.id, 'nope', id] },
    );
    expect(nodes.body.data.nodes).toEqual([{ id: org.id }, null, { id }]);
    expect(nodes.body.errors).toEqual([
      expect.objectContaining({ type: 'NOT_FOUND', path: ['nodes', 1] }) as unknown,
    ]);

    const mannequin = (
      await h.graphql<{ node: { mannequins: Mannequins } }>(MANNEQUINS, { id: org.id, first: 10 })
    ).body.data.node.mannequins.nodes[0];
    const member = (await h.graphql<{ user: { id: string } }>(USER, { login: 'hubot-cloud' })).body.data.user;
    const reattribute = await h.graphql(
      'mutation($o: ID!, $s: ID!, $t: ID!) { reattributeMannequinToUser(input: {ownerId: $o, sourceId: $s, targetId: $t}) { target { ... on User { login } } } }',
      { o: org.id, s: mannequin?.id, t: member.id },
    );
    expect(reattribute.body.errors[0]).toMatchObject({
      type: 'UNPROCESSABLE',
      message: expect.stringMatching(/Enterprise Managed User/) as unknown,
    });

    h.sim.advance(24 * 3600);
    expect((await h.sim.fetch(new Request(done.migrationLogUrl ?? ''))).status).toBe(404);
    expect(done.migrationLogUrl?.startsWith(TARGET_SIMULATOR_ORIGIN)).toBe(true);
  });
});
