import { getNamedType, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { targetSchema } from '@/simulator/target/graphql/schema';
import { createSimulator, TARGET_SIMULATOR_ORIGIN } from '@/simulator/simulator';
import { TARGET_ORG, TARGET_TOKENS } from '@/simulator/target/seed';
import { buildTestArchive } from '@/simulator/target/test-archive';
import { upload } from '@/simulator/target/test-harness';
import * as G from './gh-gei/graphql';
import { schemaMismatches } from './graphql-schema-subset';

/**
 * The target simulator's GraphQL schema against GitHub's published one (@octokit/graphql-schema): every type,
 * field, argument and enum value it serves exists there with the same type — except the operations GitHub serves
 * without publishing them (named below, each with where it is used).
 */
const UNPUBLISHED = new Set([
  // gh-gei `ReclaimMannequinSkipInvitation` (EMU only).
  'Mutation.reattributeMannequinToUser',
  'ReattributeMannequinToUserInput',
  'ReattributeMannequinToUserPayload',
  // GitHub-owned storage (gh-blob), behind `GraphQL-Features: octoshift_github_owned_storage`.
  'Organization.migrationArchives',
  'Mutation.deleteMigrationArchive',
  'MigrationArchive',
  'MigrationArchiveConnection',
  'DeleteMigrationArchiveInput',
  'DeleteMigrationArchivePayload',
]);

const mismatches = schemaMismatches(UNPUBLISHED);

/** gh-gei v1.32's GraphQL: the strings its wire client sends (`gh-gei/graphql.ts`, checked identical to the C#),
 * and the three role and abort payloads no command of that suite sends. */
const GH_GEI = {
  GetLoginName: G.GET_LOGIN_NAME,
  GetOrganizationId: G.GET_ORGANIZATION_ID,
  GetOrganizationDatabaseId: G.GET_ORGANIZATION_DATABASE_ID,
  CreateGhecMigrationSource: G.CREATE_GHEC_MIGRATION_SOURCE,
  StartMigration: G.START_MIGRATION,
  GetMigration: G.GET_MIGRATION,
  GetMigrationLogUrl: G.GET_MIGRATION_LOG_URL,
  GrantMigratorRole: G.gei(
    'mutation grantMigratorRole ( $organizationId: ID!, $actor: String!, $actor_type: ActorType! )',
    'grantMigratorRole( input: {organizationId: $organizationId, actor: $actor, actorType: $actor_type }) { success }',
  ),
  RevokeMigratorRole: G.gei(
    'mutation revokeMigratorRole ( $organizationId: ID!, $actor: String!, $actor_type: ActorType! )',
    'revokeMigratorRole( input: {organizationId: $organizationId, actor: $actor, actorType: $actor_type }) { success }',
  ),
  AbortMigration: G.gei(
    `
                mutation abortRepositoryMigration(
                    $migrationId: ID!,
                )`,
    `
                abortRepositoryMigration(
                    input: { 
                        migrationId: $migrationId
                    })
                   { success }`,
  ),
  GetMannequinsByLogin: G.GET_MANNEQUINS_BY_LOGIN,
  GetUserId: G.GET_USER_ID,
  CreateAttributionInvitation: G.CREATE_ATTRIBUTION_INVITATION,
  ReclaimMannequinSkipInvitation: G.REATTRIBUTE_MANNEQUIN_TO_USER,
};

/** gh-blob's archive queries (GitHub-owned storage preview). */
const GH_BLOB = {
  archives:
    'query($login: String!, $first: Int, $after: String) { organization(login: $login) { migrationArchives(first: $first, after: $after) { pageInfo { hasNextPage endCursor } nodes { guid id name size uri createdAt } } } }',
  archive:
    'query($id: ID!) { node(id: $id) { ... on MigrationArchive { guid id name size uri createdAt } } }',
  deleteArchive:
    'mutation($id: ID!) { deleteMigrationArchive(input: { migrationArchiveId: $id }) { migrationArchive { id guid name size uri createdAt } } }',
};

describe("the target's GraphQL schema is a subset of GitHub's published schema", () => {
  for (const preview of [false, true]) {
    it(`every type, field, argument and value matches (${preview ? 'with' : 'without'} the storage preview)`, () => {
      const ours = targetSchema(preview);
      const problems = Object.values(ours.getTypeMap()).flatMap(mismatches);
      expect(problems).toEqual([]);
      // The walk saw the migration types (the test cannot pass on an empty schema).
      expect(getNamedType(ours.getType('RepositoryMigration') ?? undefined)?.name).toBe(
        'RepositoryMigration',
      );
    });
  }

  it("gh-gei's operations validate unchanged; gh-blob's only with the storage preview", () => {
    for (const [name, query] of Object.entries(GH_GEI)) {
      expect([name, validate(targetSchema(false), parse(query)).map((e) => e.message)]).toEqual([name, []]);
    }
    for (const [name, query] of Object.entries(GH_BLOB)) {
      expect([name, validate(targetSchema(true), parse(query)).map((e) => e.message)]).toEqual([name, []]);
      expect(validate(targetSchema(false), parse(query)).length, name).toBeGreaterThan(0);
    }
  });

  it("gh-gei's operations run against the simulator and answer in the shapes it reads", async () => {
    const sim = createSimulator({ speed: 0 });
    const run = async (query: string, variables: Record<string, unknown>, operationName?: string) => {
      const response = await sim.fetch(
        new Request(`${TARGET_SIMULATOR_ORIGIN}/graphql`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${TARGET_TOKENS.octocat}`,
            'content-type': 'application/json',
            'graphql-features': 'import_api,mannequin_claiming_emu,org_import_api',
          },
          body: JSON.stringify({ query, variables, operationName }),
        }),
      );
      expect(response.status).toBe(200);
      return (await response.json()) as {
        data: Record<string, Record<string, unknown> | null>;
        errors?: { message: string }[];
      };
    };
    expect((await run(GH_GEI.GetLoginName, {})).data.viewer).toEqual({ login: 'octocat' });
    const org = (await run(GH_GEI.GetOrganizationId, { login: TARGET_ORG })).data.organization as {
      id: string;
    };
    expect(
      (await run(GH_GEI.GetOrganizationDatabaseId, { login: TARGET_ORG })).data.organization,
    ).toMatchObject({
      databaseId: expect.any(Number) as unknown,
    });
    const source = await run(
      GH_GEI.CreateGhecMigrationSource,
      { name: 'GHEC Source', url: 'https://github.com', ownerId: org.id, type: 'GITHUB_ARCHIVE' },
      'createMigrationSource',
    );
    const sourceId = (source.data.createMigrationSource as { migrationSource: { id: string } })
      .migrationSource.id;
    // An archive in GitHub-owned storage (one that is missing fails at once: FAILED, nothing to abort).
    const { databaseId } = (await run(GH_GEI.GetOrganizationDatabaseId, { login: TARGET_ORG })).data
      .organization as { databaseId: number };
    const bytes = await buildTestArchive({
      owner: 'octo-org',
      name: 'x',
      commits: 1,
      branches: [],
      tags: [],
      issueAuthors: [],
      pullAuthors: [],
      releases: 0,
    });
    const { uri: archive } = (await (await upload(sim, databaseId, bytes, TARGET_TOKENS.octocat)).json()) as {
      uri: string;
    };
    const started = await run(
      GH_GEI.StartMigration,
      {
        sourceId,
        ownerId: org.id,
        sourceRepositoryUrl: 'https://ghes.example/octo-org/x',
        repositoryName: 'x',
        continueOnError: true,
        gitArchiveUrl: archive,
        metadataArchiveUrl: archive,
        accessToken: 'not-used',
        githubPat: null,
        skipReleases: false,
        targetRepoVisibility: null,
        lockSource: false,
      },
      'startRepositoryMigration',
    );
    const migration = (
      started.data.startRepositoryMigration as { repositoryMigration: { id: string; state: string } }
    ).repositoryMigration;
    expect(migration.state).toBe('QUEUED');
    expect((await run(GH_GEI.GetMigration, { id: migration.id })).data.node).toMatchObject({
      state: 'QUEUED',
      repositoryName: 'x',
    });
    const logs = await run(GH_GEI.GetMigrationLogUrl, { org: TARGET_ORG, repo: 'x' });
    expect(logs.data.organization).toEqual({
      repositoryMigrations: { nodes: [{ id: migration.id, migrationLogUrl: null }] },
    });
    expect(
      (await run(GH_GEI.AbortMigration, { migrationId: migration.id }, 'abortRepositoryMigration')).data
        .abortRepositoryMigration,
    ).toEqual({ success: true });
    const invalid = await run(GH_GEI.AbortMigration, { migrationId: 'RM_nope' }, 'abortRepositoryMigration');
    expect(invalid.errors?.[0]?.message).toMatch(/Could not resolve to a node/);
    const grant = await run(
      GH_GEI.GrantMigratorRole,
      { organizationId: org.id, actor: 'monalisa', actor_type: 'USER' },
      'grantMigratorRole',
    );
    expect(grant.data.grantMigratorRole).toEqual({ success: true });
    const revoke = await run(
      GH_GEI.RevokeMigratorRole,
      { organizationId: org.id, actor: 'monalisa', actor_type: 'USER' },
      'revokeMigratorRole',
    );
    expect(revoke.data.revokeMigratorRole).toEqual({ success: true });
    const mannequins = await run(GH_GEI.GetMannequinsByLogin, { id: org.id, first: 100, login: 'hubot' });
    expect(mannequins.data.node).toEqual({
      mannequins: { pageInfo: { endCursor: null, hasNextPage: false }, nodes: [] },
    });
    expect((await run(GH_GEI.GetUserId, { login: 'hubot-cloud' })).data.user).toMatchObject({
      id: expect.stringMatching(/^U_/) as unknown,
    });
  });
});
