/**
 * The target's GraphQL schema: a subset of GitHub's published schema (`@octokit/graphql-schema`), with the same
 * type, field and argument names and types — only what GEI, its peers and Ferry ask for. The contract test
 * (tests/contract/target-graphql-schema.test.ts) checks every field against the published schema.
 */
export const TARGET_SDL = /* GraphQL */ `
  enum OrderDirection {
    ASC
    DESC
  }

  enum MigrationState {
    FAILED
    FAILED_VALIDATION
    IN_PROGRESS
    NOT_STARTED
    PENDING_VALIDATION
    QUEUED
    SUCCEEDED
  }

  enum MigrationSourceType {
    AZURE_DEVOPS
    BITBUCKET_SERVER
    GITHUB_ARCHIVE
  }

  enum ActorType {
    TEAM
    USER
  }

  enum RepositoryMigrationOrderField {
    CREATED_AT
  }

  enum RepositoryMigrationOrderDirection {
    ASC
    DESC
  }

  input RepositoryMigrationOrder {
    direction: RepositoryMigrationOrderDirection!
    field: RepositoryMigrationOrderField!
  }

  enum MannequinOrderField {
    CREATED_AT
    LOGIN
  }

  input MannequinOrder {
    direction: OrderDirection!
    field: MannequinOrderField!
  }

  enum RepositoryVisibility {
    INTERNAL
    PRIVATE
    PUBLIC
  }

  type User implements Node {
    createdAt: DateTime!
    databaseId: Int
    email: String!
    id: ID!
    login: String!
    name: String
    url: URI!
  }

  type Mannequin implements Node {
    claimant: User
    createdAt: DateTime!
    databaseId: Int
    email: String
    id: ID!
    login: String!
    url: URI!
  }

  type MannequinEdge {
    cursor: String!
    node: Mannequin
  }

  type MannequinConnection {
    edges: [MannequinEdge]
    nodes: [Mannequin]
    pageInfo: PageInfo!
    totalCount: Int!
  }

  union Claimable = Mannequin | User

  enum OrganizationMemberRole {
    ADMIN
    MEMBER
  }

  type OrganizationMemberEdge {
    cursor: String!
    node: User
    role: OrganizationMemberRole
  }

  type OrganizationMemberConnection {
    edges: [OrganizationMemberEdge]
    nodes: [User]
    pageInfo: PageInfo!
    totalCount: Int!
  }

  type MigrationSource implements Node {
    id: ID!
    name: String!
    type: MigrationSourceType!
    url: URI!
  }

  interface Migration {
    continueOnError: Boolean!
    createdAt: DateTime!
    databaseId: String
    failureReason: String
    id: ID!
    migrationLogUrl: URI
    migrationSource: MigrationSource!
    repositoryName: String!
    sourceUrl: URI!
    state: MigrationState!
    warningsCount: Int!
  }

  type RepositoryMigration implements Migration & Node {
    continueOnError: Boolean!
    createdAt: DateTime!
    databaseId: String
    failureReason: String
    id: ID!
    migrationLogUrl: URI
    migrationSource: MigrationSource!
    repositoryName: String!
    sourceUrl: URI!
    state: MigrationState!
    warningsCount: Int!
  }

  type RepositoryMigrationEdge {
    cursor: String!
    node: RepositoryMigration
  }

  type RepositoryMigrationConnection {
    edges: [RepositoryMigrationEdge]
    nodes: [RepositoryMigration]
    pageInfo: PageInfo!
    totalCount: Int!
  }

  type Organization implements Node {
    databaseId: Int
    id: ID!
    login: String!
    mannequins(
      after: String
      before: String
      first: Int
      last: Int
      login: String
      orderBy: MannequinOrder = { field: CREATED_AT, direction: ASC }
    ): MannequinConnection!
    membersWithRole(after: String, before: String, first: Int, last: Int): OrganizationMemberConnection!
    name: String
    repositoryMigrations(
      after: String
      before: String
      first: Int
      last: Int
      orderBy: RepositoryMigrationOrder = { field: CREATED_AT, direction: ASC }
      repositoryName: String
      state: MigrationState
    ): RepositoryMigrationConnection!
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
    visibility: RepositoryVisibility!
  }

  type Query {
    node(id: ID!): Node
    nodes(ids: [ID!]!): [Node]!
    organization(login: String!): Organization
    rateLimit(dryRun: Boolean = false): RateLimit
    repository(followRenames: Boolean = true, name: String!, owner: String!): Repository
    user(login: String!): User
    viewer: User!
  }

  input CreateMigrationSourceInput {
    accessToken: String
    clientMutationId: String
    githubPat: String
    name: String!
    ownerId: ID!
    type: MigrationSourceType!
    url: String
  }

  type CreateMigrationSourcePayload {
    clientMutationId: String
    migrationSource: MigrationSource
  }

  input StartRepositoryMigrationInput {
    accessToken: String
    clientMutationId: String
    continueOnError: Boolean
    gitArchiveUrl: String
    githubPat: String
    lockSource: Boolean
    metadataArchiveUrl: String
    ownerId: ID!
    repositoryName: String!
    skipReleases: Boolean
    sourceId: ID!
    sourceRepositoryUrl: URI!
    targetRepoVisibility: String
  }

  type StartRepositoryMigrationPayload {
    clientMutationId: String
    repositoryMigration: RepositoryMigration
  }

  input AbortRepositoryMigrationInput {
    clientMutationId: String
    migrationId: ID!
  }

  type AbortRepositoryMigrationPayload {
    clientMutationId: String
    success: Boolean
  }

  input GrantMigratorRoleInput {
    actor: String!
    actorType: ActorType!
    clientMutationId: String
    organizationId: ID!
  }

  type GrantMigratorRolePayload {
    clientMutationId: String
    success: Boolean
  }

  input RevokeMigratorRoleInput {
    actor: String!
    actorType: ActorType!
    clientMutationId: String
    organizationId: ID!
  }

  type RevokeMigratorRolePayload {
    clientMutationId: String
    success: Boolean
  }

  input CreateAttributionInvitationInput {
    clientMutationId: String
    ownerId: ID!
    sourceId: ID!
    targetId: ID!
  }

  type CreateAttributionInvitationPayload {
    clientMutationId: String
    owner: Organization
    source: Claimable
    target: Claimable
  }

  type Mutation {
    abortRepositoryMigration(input: AbortRepositoryMigrationInput!): AbortRepositoryMigrationPayload
    createAttributionInvitation(input: CreateAttributionInvitationInput!): CreateAttributionInvitationPayload
    createMigrationSource(input: CreateMigrationSourceInput!): CreateMigrationSourcePayload
    grantMigratorRole(input: GrantMigratorRoleInput!): GrantMigratorRolePayload
    revokeMigratorRole(input: RevokeMigratorRoleInput!): RevokeMigratorRolePayload
    startRepositoryMigration(input: StartRepositoryMigrationInput!): StartRepositoryMigrationPayload
  }
`;

/**
 * Operations GitHub serves but does not publish in its schema, as gh-gei and gh-blob use them: mannequin
 * reattribution (Enterprise Managed Users) and GitHub-owned storage's archives (only with the
 * `GraphQL-Features: octoshift_github_owned_storage` header). The contract test names them as the exceptions.
 */
export const UNPUBLISHED_SDL = /* GraphQL */ `
  input ReattributeMannequinToUserInput {
    clientMutationId: String
    ownerId: ID!
    sourceId: ID!
    targetId: ID!
  }

  type ReattributeMannequinToUserPayload {
    clientMutationId: String
    owner: Organization
    source: Claimable
    target: Claimable
  }

  extend type Mutation {
    reattributeMannequinToUser(input: ReattributeMannequinToUserInput!): ReattributeMannequinToUserPayload
  }
`;

export const STORAGE_PREVIEW_SDL = /* GraphQL */ `
  type MigrationArchive implements Node {
    createdAt: DateTime!
    guid: String!
    id: ID!
    name: String!
    size: Int!
    uri: String!
  }

  type MigrationArchiveConnection {
    nodes: [MigrationArchive]
    pageInfo: PageInfo!
    totalCount: Int!
  }

  extend type Organization {
    migrationArchives(first: Int, after: String, last: Int, before: String): MigrationArchiveConnection!
  }

  input DeleteMigrationArchiveInput {
    clientMutationId: String
    migrationArchiveId: ID!
  }

  type DeleteMigrationArchivePayload {
    clientMutationId: String
    migrationArchive: MigrationArchive
  }

  extend type Mutation {
    deleteMigrationArchive(input: DeleteMigrationArchiveInput!): DeleteMigrationArchivePayload
  }
`;
