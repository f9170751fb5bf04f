/**
 * The part of GitHub's published schema both simulated GitHubs serve the same way: scalars, pages, the rate
 * limit, and the connections a validation counts (refs, commits, issues, pull requests, releases, branch protection rules). Each side adds
 * its own `Repository`, `Organization` and roots (target/graphql/sdl.ts, github/graphql/sdl.ts); the contract tests
 * check both against @octokit/graphql-schema.
 */
export const COUNTS_SDL = /* GraphQL */ `
  scalar DateTime
  scalar URI
  scalar GitObjectID

  interface Node {
    id: ID!
  }

  type PageInfo {
    endCursor: String
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
  }

  enum PullRequestState {
    CLOSED
    MERGED
    OPEN
  }

  enum IssueState {
    CLOSED
    OPEN
  }

  type RateLimit {
    cost: Int!
    limit: Int!
    nodeCount: Int!
    remaining: Int!
    resetAt: DateTime!
    used: Int!
  }

  interface GitObject {
    id: ID!
    oid: GitObjectID!
  }

  type CommitHistoryConnection {
    pageInfo: PageInfo!
    totalCount: Int!
  }

  type Commit implements GitObject & Node {
    history(first: Int, last: Int, after: String, before: String): CommitHistoryConnection!
    id: ID!
    oid: GitObjectID!
  }

  type Ref implements Node {
    id: ID!
    name: String!
    prefix: String!
    target: GitObject
  }

  type RefConnection {
    pageInfo: PageInfo!
    totalCount: Int!
  }

  type PullRequestConnection {
    pageInfo: PageInfo!
    totalCount: Int!
  }

  type BranchProtectionRuleConnection {
    pageInfo: PageInfo!
    totalCount: Int!
  }

  type IssueConnection {
    pageInfo: PageInfo!
    totalCount: Int!
  }

  type ReleaseConnection {
    pageInfo: PageInfo!
    totalCount: Int!
  }
`;
