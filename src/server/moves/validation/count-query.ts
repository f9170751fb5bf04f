/**
 * One aliased GraphQL query counts a chunk of repositories of one owner (what gh-migration-validator asks in 8
 * queries per repository, each after a `rateLimit` query). Names travel as variables, never inside the query
 * text, and each repository's alias is its index (`r0`, `r1`, …): a name such as `my.repo-1` is no GraphQL
 * name, and an index maps back without any escaping. The points are read in the same request (`rateLimit`).
 */

/**
 * Repositories per query. Measured (count-query.test.ts): 50 repositories are ~1,200 of the 5,000 tokens a
 * query may have, ~4 KB of text, and no connection asks `first`, so GitHub's node limit (500,000) and its point
 * rule (connections × first / 100, at least 1) both stay at their floor: 1 point per query. 500 repositories
 * are 10 requests per side.
 */
export const REPOSITORIES_PER_COUNT_QUERY = 50;

/**
 * GitHub's points for one count query: no connection asks `first`/`last`, so its point rule (requests to fill the
 * connections / 100, at least 1) charges the floor, 1 (count-query.test.ts checks it with the simulator's rule).
 */
export const POINTS_PER_COUNT_QUERY = 1;

export interface CountQueryOptions {
  /**
   * Ask `branchProtectionRules` (GitHub's `Repository` has it on GHES and GitHub.com alike); off for a side that
   * cannot answer it.
   */
  protectedBranches: boolean;
}

export interface CountQuery {
  query: string;
  variables: Record<string, string>;
  /** alias → repository name, in the chunk's order. */
  names: Map<string, string>;
}

/** The alias of the `index`-th repository of a chunk (a valid GraphQL name whatever the repository's name). */
export const aliasOf = (index: number) => `r${index}`;

function countFields(options: CountQueryOptions): string {
  return [
    'branches: refs(refPrefix: "refs/heads/") { totalCount }',
    'tags: refs(refPrefix: "refs/tags/") { totalCount }',
    'defaultBranchRef { name target { ... on Commit { oid history { totalCount } } } }',
    'issues { totalCount }',
    'openPullRequests: pullRequests(states: [OPEN]) { totalCount }',
    'closedPullRequests: pullRequests(states: [CLOSED]) { totalCount }',
    'mergedPullRequests: pullRequests(states: [MERGED]) { totalCount }',
    'releases { totalCount }',
    ...(options.protectedBranches ? ['branchProtectionRules { totalCount }'] : []),
  ].join('\n  ');
}

/** The query for one chunk (at most `REPOSITORIES_PER_COUNT_QUERY` names) of one owner. */
export function countQuery(owner: string, names: readonly string[], options: CountQueryOptions): CountQuery {
  if (names.length === 0 || names.length > REPOSITORIES_PER_COUNT_QUERY)
    throw new RangeError(`A count query takes 1 to ${REPOSITORIES_PER_COUNT_QUERY} repositories.`);
  const variables: Record<string, string> = { owner };
  const aliases = new Map<string, string>();
  const declarations: string[] = [];
  const fields: string[] = [];
  names.forEach((name, index) => {
    const alias = aliasOf(index);
    aliases.set(alias, name);
    variables[`n${index}`] = name;
    declarations.push(`$n${index}: String!`);
    fields.push(`${alias}: repository(owner: $owner, name: $n${index}) { ...Counts }`);
  });
  const query = [
    `query ferryMoveValidation($owner: String!, ${declarations.join(', ')}) {`,
    ...fields,
    'rateLimit { limit cost remaining used resetAt }',
    '}',
    `fragment Counts on Repository {\n  ${countFields(options)}\n}`,
  ].join('\n');
  return { query, variables, names: aliases };
}

/** Names split into chunks of at most `size`, in order. */
export function chunked<T>(items: readonly T[], size = REPOSITORIES_PER_COUNT_QUERY): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
