/**
 * What the gateway's pre-move inventory asks the source (src/server/moves/inventory/inventory-queries.ts): a
 * repository's settings, discussions, projects, deploy keys, environments, rulesets, outside collaborators, refs
 * and files at HEAD, and the organization's teams. Names and types are GitHub's published ones (the contract test
 * tests/contract/source-graphql-schema.test.ts checks each); extensions of the types in schema.ts and counts-sdl.ts.
 */
export const INVENTORY_SDL = /* GraphQL */ `
  enum DeploymentProtectionRuleType {
    BRANCH_POLICY
    REQUIRED_REVIEWERS
    WAIT_TIMER
  }
  enum RepositoryRulesetTarget {
    BRANCH
    PUSH
    REPOSITORY
    TAG
  }
  enum RuleEnforcement {
    ACTIVE
    DISABLED
    EVALUATE
  }
  enum RepositoryPermission {
    ADMIN
    MAINTAIN
    READ
    TRIAGE
    WRITE
  }
  enum CollaboratorAffiliation {
    ALL
    DIRECT
    OUTSIDE
  }
  enum TeamPrivacy {
    SECRET
    VISIBLE
  }
  type Blob implements GitObject & Node {
    abbreviatedOid: String!
    byteSize: Int!
    id: ID!
    isBinary: Boolean
    isTruncated: Boolean!
    oid: GitObjectID!
    text: String
  }
  type Tag implements GitObject & Node {
    id: ID!
    message: String
    name: String!
    oid: GitObjectID!
    target: GitObject!
  }
  type Discussion implements Node {
    id: ID!
    number: Int!
    title: String!
  }
  type DiscussionConnection {
    nodes: [Discussion]
    pageInfo: PageInfo!
    totalCount: Int!
  }
  type ProjectV2 implements Node {
    id: ID!
    number: Int!
    title: String!
  }
  type ProjectV2Connection {
    nodes: [ProjectV2]
    pageInfo: PageInfo!
    totalCount: Int!
  }
  type DeployKey implements Node {
    id: ID!
    key: String!
    readOnly: Boolean!
    title: String!
  }
  type DeployKeyConnection {
    nodes: [DeployKey]
    pageInfo: PageInfo!
    totalCount: Int!
  }
  type DeploymentProtectionRule {
    timeout: Int!
    type: DeploymentProtectionRuleType!
  }
  type DeploymentProtectionRuleConnection {
    nodes: [DeploymentProtectionRule]
    pageInfo: PageInfo!
    totalCount: Int!
  }
  type Environment implements Node {
    databaseId: Int
    id: ID!
    name: String!
    protectionRules(after: String, before: String, first: Int, last: Int): DeploymentProtectionRuleConnection!
  }
  type EnvironmentConnection {
    nodes: [Environment]
    pageInfo: PageInfo!
    totalCount: Int!
  }
  type RepositoryRuleset implements Node {
    databaseId: Int
    enforcement: RuleEnforcement!
    id: ID!
    name: String!
    target: RepositoryRulesetTarget
  }
  type RepositoryRulesetConnection {
    nodes: [RepositoryRuleset]
    pageInfo: PageInfo!
    totalCount: Int!
  }
  type RepositoryCollaboratorEdge {
    cursor: String!
    node: User!
    permission: RepositoryPermission!
  }
  type RepositoryCollaboratorConnection {
    edges: [RepositoryCollaboratorEdge]
    nodes: [User]
    pageInfo: PageInfo!
    totalCount: Int!
  }
  type TeamMemberConnection {
    nodes: [User]
    pageInfo: PageInfo!
    totalCount: Int!
  }
  type TeamRepositoryEdge {
    cursor: String!
    node: Repository!
    permission: RepositoryPermission!
  }
  type TeamRepositoryConnection {
    edges: [TeamRepositoryEdge]
    nodes: [Repository]
    pageInfo: PageInfo!
    totalCount: Int!
  }
  type Team implements Node {
    databaseId: Int
    description: String
    id: ID!
    members(after: String, before: String, first: Int, last: Int): TeamMemberConnection!
    name: String!
    parentTeam: Team
    privacy: TeamPrivacy!
    repositories(after: String, before: String, first: Int, last: Int): TeamRepositoryConnection!
    slug: String!
  }
  type TeamEdge {
    cursor: String!
    node: Team
  }
  type TeamConnection {
    edges: [TeamEdge]
    nodes: [Team]
    pageInfo: PageInfo!
    totalCount: Int!
  }
  extend type RefConnection {
    nodes: [Ref]
  }
  extend type Repository {
    collaborators(
      affiliation: CollaboratorAffiliation
      after: String
      before: String
      first: Int
      last: Int
    ): RepositoryCollaboratorConnection
    deployKeys(after: String, before: String, first: Int, last: Int): DeployKeyConnection!
    discussions(after: String, before: String, first: Int, last: Int): DiscussionConnection!
    environments(after: String, before: String, first: Int, last: Int): EnvironmentConnection!
    hasDiscussionsEnabled: Boolean!
    hasWikiEnabled: Boolean!
    object(expression: String, oid: GitObjectID): GitObject
    projectsV2(after: String, before: String, first: Int, last: Int): ProjectV2Connection!
    rulesets(
      after: String
      before: String
      first: Int
      includeParents: Boolean = true
      last: Int
    ): RepositoryRulesetConnection
  }
  extend type Organization {
    teams(
      after: String
      before: String
      first: Int
      last: Int
      rootTeamsOnly: Boolean = false
    ): TeamConnection!
  }
`;
