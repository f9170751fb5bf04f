import { buildSchema, type GraphQLSchema } from 'graphql';
import { COUNTS_SDL } from '@/simulator/graphql/counts-sdl';
import { INVENTORY_SDL } from './inventory-sdl';

/**
 * The source's GraphQL schema (GHES answers GraphQL at `/api/graphql`): a subset of GitHub's published schema with
 * the same names and types, only what a validation reads for many repositories in one aliased query, and what
 * the pre-move inventory reads (inventory-sdl.ts). The contract test (tests/contract/source-graphql-schema.test.ts)
 * checks every field against @octokit/graphql-schema.
 */
const SOURCE_SDL = /* GraphQL */ `
  type User implements Node {
    databaseId: Int
    id: ID!
    login: String!
    name: String
  }

  type Repository implements Node {
    branchProtectionRules(
      after: String
      before: String
      first: Int
      last: Int
    ): BranchProtectionRuleConnection!
    databaseId: Int
    defaultBranchRef: Ref
    id: ID!
    isArchived: Boolean!
    isPrivate: Boolean!
    issues(after: String, before: String, first: Int, last: Int, states: [IssueState!]): IssueConnection!
    name: String!
    nameWithOwner: String!
    pullRequests(
      after: String
      before: String
      first: Int
      last: Int
      states: [PullRequestState!]
    ): PullRequestConnection!
    refs(after: String, before: String, first: Int, last: Int, refPrefix: String!): RefConnection
    releases(after: String, before: String, first: Int, last: Int): ReleaseConnection!
  }

  type RepositoryEdge {
    cursor: String!
    node: Repository
  }

  type RepositoryConnection {
    edges: [RepositoryEdge]
    nodes: [Repository]
    pageInfo: PageInfo!
    totalCount: Int!
  }

  type Organization implements Node {
    databaseId: Int
    id: ID!
    login: String!
    name: String
    repositories(after: String, before: String, first: Int, last: Int): RepositoryConnection!
  }

  type Query {
    organization(login: String!): Organization
    rateLimit(dryRun: Boolean = false): RateLimit
    repository(followRenames: Boolean = true, name: String!, owner: String!): Repository
    viewer: User!
  }
`;

let built: GraphQLSchema | undefined;

export function sourceSchema(): GraphQLSchema {
  return (built ??= buildSchema(COUNTS_SDL + SOURCE_SDL + INVENTORY_SDL));
}
