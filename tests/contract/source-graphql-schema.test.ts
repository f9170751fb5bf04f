import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { repositoriesQuery, TEAMS_QUERY } from '@/server/moves/inventory/inventory-queries';
import { sourceSchema } from '@/simulator/github/graphql/schema';
import { schemaMismatches } from './graphql-schema-subset';

/**
 * The source simulator's GraphQL (GHES's `/api/graphql`) against GitHub's published schema: every type, field,
 * argument and enum value it serves exists there with the same type. It publishes nothing GitHub does not.
 */
const mismatches = schemaMismatches(new Set());

/**
 * What validation peers send (mona-actions/gh-migration-validator's counts, gh-repo-stats' org pages), and the
 * gateway's own inventory (50 aliased repositories, the organization's teams).
 */
const PEER_QUERIES = {
  validatorCounts: `query($owner: String!, $name: String!) {
    repository(owner: $owner, name: $name) {
      tags: refs(refPrefix: "refs/tags/") { totalCount }
      branches: refs(refPrefix: "refs/heads/") { totalCount }
      defaultBranchRef { name target { ... on Commit { oid history { totalCount } } } }
      issues { totalCount }
      openIssues: issues(states: [OPEN]) { totalCount }
      pullRequests { totalCount }
      open: pullRequests(states: [OPEN]) { totalCount }
      closed: pullRequests(states: [CLOSED]) { totalCount }
      merged: pullRequests(states: [MERGED]) { totalCount }
      releases { totalCount }
      branchProtectionRules { totalCount }
    }
    rateLimit { limit cost remaining resetAt used }
  }`,
  orgPage: `query($login: String!, $first: Int, $after: String) {
    organization(login: $login) {
      repositories(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { name isArchived isPrivate nameWithOwner } }
    }
  }`,
  viewer: 'query { viewer { login } }',
  inventoryRepositories: repositoriesQuery(50),
  inventoryTeams: TEAMS_QUERY,
};

describe("the source's GraphQL schema is a subset of GitHub's published schema", () => {
  it('every type, field, argument and value matches', () => {
    const ours = sourceSchema();
    const problems = Object.values(ours.getTypeMap()).flatMap(mismatches);
    expect(problems).toEqual([]);
    // The walk saw the count types (the test cannot pass on an empty schema).
    expect(Object.keys(ours.getTypeMap())).toEqual(
      expect.arrayContaining([
        'Repository',
        'BranchProtectionRuleConnection',
        'RepositoryConnection',
        'RateLimit',
        'Blob',
        'DeployKeyConnection',
        'DeploymentProtectionRuleType',
        'EnvironmentConnection',
        'RepositoryCollaboratorConnection',
        'RepositoryRulesetConnection',
        'TeamConnection',
        'TeamRepositoryEdge',
      ]),
    );
  });

  it("validation peers' and the inventory's queries validate unchanged; it serves no mutation", () => {
    for (const [name, query] of Object.entries(PEER_QUERIES)) {
      expect([name, validate(sourceSchema(), parse(query)).map((e) => e.message)]).toEqual([name, []]);
    }
    expect(sourceSchema().getMutationType()).toBeUndefined();
  });
});
