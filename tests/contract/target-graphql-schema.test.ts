import { getNamedType, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { targetSchema } from '@/simulator/target/graphql/schema';
import { createSimulator, TARGET_SIMULATOR_ORIGIN } from '@/simulator/simulator';
import { TARGET_ORG, TARGET_TOKENS } from '@/simulator/target/seed';
import { buildTestArchive } from '@/simulator/target/test-archive';
import { upload } from '@/simulator/target/test-harness';
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

/** gh-gei v1.32's GraphQL, as `GithubApi.cs` builds each payload: `$"{query} {{ {gql} }}"`. */
const gei = (query: string, gql: string) => `${query} { ${gql} }`;
const GH_GEI = {
  GetLoginName: 'query{viewer{login}}',
  GetOrganizationId: 'query($login: String!) {organization(login: $login) { login, id, name } }',
  GetOrganizationDatabaseId:
    'query($login: String!) {organization(login: $login) { login, databaseId, name } }',
  CreateGhecMigrationSource: gei(
    'mutation createMigrationSource($name: String!, $url: String!, $ownerId: ID!, $type: MigrationSourceType!)',
    'createMigrationSource(input: {name: $name, url: $url, ownerId: $ownerId, type: $type}) { migrationSource { id, name, url, type } }',
  ),
  StartMigration: gei(
    `
                mutation startRepositoryMigration(
                    $sourceId: ID!,
                    $ownerId: ID!,
                    $sourceRepositoryUrl: URI!,
                    $repositoryName: String!,
                    $continueOnError: Boolean!,
                    $gitArchiveUrl: String,
                    $metadataArchiveUrl: String,
                    $accessToken: String!,
                    $githubPat: String,
                    $skipReleases: Boolean,
                    $targetRepoVisibility: String,
                    $lockSource: Boolean)`,
    `
                startRepositoryMigration(
                    input: { 
                        sourceId: $sourceId,
                        ownerId: $ownerId,
                        sourceRepositoryUrl: $sourceRepositoryUrl,
                        repositoryName: $repositoryName,
                        continueOnError: $continueOnError,
                        gitArchiveUrl: $gitArchiveUrl,
                        metadataArchiveUrl: $metadataArchiveUrl,
                        accessToken: $accessToken,
                        githubPat: $githubPat,
                        skipReleases: $skipReleases,
                        targetRepoVisibility: $targetRepoVisibility,
                        lockSource: $lockSource
                    }
                ) {
                    repositoryMigration {
                        id,
                        databaseId,
                        migrationSource {
                            id,
                            name,
                            type
                        },
                        sourceUrl,
                        state,
                        failureReason
                    }
                  }`,
  ),
  GetMigration: gei(
    'query($id: ID!)',
    `
                node(id: $id) {
                    ... on Migration {
                        id,
                        sourceUrl,
                        migrationLogUrl,
                        migrationSource {
                            name
                        },
                        state,
                        warningsCount,
                        failureReason,
                        repositoryName
                    }
                }`,
  ),
  GetMigrationLogUrl: gei(
    'query ($org: String!, $repo: String!)',
    `
                organization(login: $org) {
                    repositoryMigrations(last: 1, repositoryName: $repo) {
                        nodes {
                            id
                            migrationLogUrl
                        }
                    }
                }
            `,
  ),
  GrantMigratorRole: gei(
    'mutation grantMigratorRole ( $organizationId: ID!, $actor: String!, $actor_type: ActorType! )',
    'grantMigratorRole( input: {organizationId: $organizationId, actor: $actor, actorType: $actor_type }) { success }',
  ),
  RevokeMigratorRole: gei(
    'mutation revokeMigratorRole ( $organizationId: ID!, $actor: String!, $actor_type: ActorType! )',
    'revokeMigratorRole( input: {organizationId: $organizationId, actor: $actor, actorType: $actor_type }) { success }',
  ),
  AbortMigration: gei(
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
  GetMannequinsByLogin: gei(
    'query($id: ID!, $first: Int, $after: String, $login: String)',
    `
                node(id: $id) {
                    ... on Organization {
                        mannequins(first: $first, after: $after, login: $login) {
                            pageInfo {
                                endCursor
                                hasNextPage
                            }
                            nodes {
                                login
                                id
                                claimant {
                                    login
                                    id
                                }
                            }
                        }
                    }
                }`,
  ),
  GetUserId: 'query($login: String!) {user(login: $login) { id, name } }',
  CreateAttributionInvitation: gei(
    'mutation($orgId: ID!,$sourceId: ID!,$targetId: ID!)',
    `
	            createAttributionInvitation(
		            input: { ownerId: $orgId, sourceId: $sourceId, targetId: $targetId }
	            ) {
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
	            }`,
  ),
  ReclaimMannequinSkipInvitation: gei(
    'mutation($orgId: ID!,$sourceId: ID!,$targetId: ID!)',
    `
	            reattributeMannequinToUser(
		            input: { ownerId: $orgId, sourceId: $sourceId, targetId: $targetId }
	            ) {
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
	            }`,
  ),
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
