/**
 * gh-gei v1.32.0's GraphQL documents, copied verbatim from src/Octoshift/Services/GithubApi.cs (tag v1.32.0; the
 * repository checks out with LF line endings, `.gitattributes`: `* text=auto eol=lf`, so the C# verbatim strings
 * hold `\n`), whitespace, tabs, trailing spaces and commas included. Each is named after the GithubApi method
 * (or payload builder) it comes from. A method that splits its document in two composes it as the C# does:
 * `query = $"{query} {{ {gql} }}"`.
 */

/** `$"{query} {{ {gql} }}"` */
export function gei(query: string, gql: string): string {
  return `${query} { ${gql} }`;
}

/** GithubApi.GetLoginName */
export const GET_LOGIN_NAME = 'query{viewer{login}}';

/** GithubApi.GetOrganizationId */
export const GET_ORGANIZATION_ID =
  'query($login: String!) {organization(login: $login) { login, id, name } }';

/** GithubApi.GetOrganizationDatabaseId */
export const GET_ORGANIZATION_DATABASE_ID =
  'query($login: String!) {organization(login: $login) { login, databaseId, name } }';

/** GithubApi.CreateGhecMigrationSource */
export const CREATE_GHEC_MIGRATION_SOURCE = gei(
  'mutation createMigrationSource($name: String!, $url: String!, $ownerId: ID!, $type: MigrationSourceType!)',
  'createMigrationSource(input: {name: $name, url: $url, ownerId: $ownerId, type: $type}) { migrationSource { id, name, url, type } }',
);

/** GithubApi.StartMigration */
export const START_MIGRATION = gei(
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
);

/** GithubApi.GetOrganizationMigration */
export const GET_ORGANIZATION_MIGRATION = gei(
  'query($id: ID!)',
  'node(id: $id) { ... on OrganizationMigration { state, sourceOrgUrl, targetOrgName, failureReason, remainingRepositoriesCount, totalRepositoriesCount } }',
);

/** GithubApi.GetMigration */
export const GET_MIGRATION = gei(
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
);

/** GithubApi.GetMigrationLogUrl */
export const GET_MIGRATION_LOG_URL = gei(
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
);

/** GithubApi.GetMannequinsPayload */
export const GET_MANNEQUINS = gei(
  'query($id: ID!, $first: Int, $after: String)',
  `
                node(id: $id) {
                    ... on Organization {
                        mannequins(first: $first, after: $after) {
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
);

/** GithubApi.GetMannequinsByLoginPayload */
export const GET_MANNEQUINS_BY_LOGIN = gei(
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
);

/** GithubApi.GetUserId */
export const GET_USER_ID = 'query($login: String!) {user(login: $login) { id, name } }';

/** GithubApi.CreateAttributionInvitation */
export const CREATE_ATTRIBUTION_INVITATION = gei(
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
);

/** GithubApi.ReclaimMannequinSkipInvitation */
export const REATTRIBUTE_MANNEQUIN_TO_USER = gei(
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
);
