/**
 * The inventory's GraphQL (issue 49): what GitHub's schema gives per repository, asked for 50 repositories in one
 * aliased query (names as variables, never spliced into the text), and the organization's teams with each team's
 * repository permissions. Every connection asks `first` (GitHub refuses a connection without it).
 */
export const INVENTORY_BATCH = 50;

const REPOSITORY_FIELDS = `
  name
  hasWikiEnabled
  hasDiscussionsEnabled
  discussions(first: 1) { totalCount }
  projectsV2(first: 10) { totalCount nodes { title } }
  deployKeys(first: 20) { totalCount nodes { title readOnly } }
  environments(first: 20) { totalCount nodes { name protectionRules(first: 10) { nodes { type } } } }
  rulesets(first: 20, includeParents: false) { totalCount nodes { name target enforcement } }
  collaborators(affiliation: OUTSIDE, first: 20) { totalCount edges { permission node { login } } }
  defaultBranchRef { name target { oid } }
  gitattributes: object(expression: "HEAD:.gitattributes") { ... on Blob { text byteSize isTruncated } }
  heads: refs(refPrefix: "refs/heads/", first: 100) { totalCount nodes { name } }
  tags: refs(refPrefix: "refs/tags/", first: 100) { totalCount nodes { name } }`;

/** One query for up to `INVENTORY_BATCH` repositories of `owner`: aliases `r0`…, variables `$n0`…. */
export function repositoriesQuery(count: number): string {
  const indexes = Array.from({ length: count }, (_, index) => index);
  const variables = indexes.map((index) => `$n${index}: String!`).join(', ');
  const aliases = indexes
    .map((index) => `  r${index}: repository(owner: $owner, name: $n${index}) { ...Inventory }`)
    .join('\n');
  return `query Inventory($owner: String!, ${variables}) {\n${aliases}\n}\nfragment Inventory on Repository {${REPOSITORY_FIELDS}\n}`;
}

/** The organization's teams, 50 a page, each with up to 100 repositories and its permission on each. */
export const TEAMS_QUERY = `query InventoryTeams($org: String!, $after: String) {
  organization(login: $org) {
    teams(first: 50, after: $after) {
      pageInfo { hasNextPage endCursor }
      nodes {
        slug
        name
        privacy
        parentTeam { slug }
        members(first: 1) { totalCount }
        repositories(first: 100) { totalCount edges { permission node { name } } }
      }
    }
  }
}`;
