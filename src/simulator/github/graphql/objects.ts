import { connection, countOnly, type PageArgs } from '@/simulator/graphql/connection';
import { repositoryCountFields, type RepositoryCounts } from '@/simulator/graphql/repository-counts';
import { nodeId } from '@/simulator/target/ids';
import { pullCounts, repositoryContent } from '../content/repository-content';
import type { SimRepo } from '../factories/repository';
import type { SimAccount } from '../factories/user';
import { protectedBranchNames } from '../migrations/archive-records';
import { canSee, type SourceContext } from './context';
import { repositoryInventoryFields, teamsConnection } from './inventory-objects';

export { canSee, type SourceContext } from './context';
export { userObject } from './user-object';

/**
 * The source's GraphQL objects over the same model its REST answers and its archives are built from
 * (content/repository-content.ts, migrations/archive-records.ts, migrations/git-data.ts), so the three agree.
 * graphql-js calls a function-valued property with (args, context): each object carries its own resolvers.
 */
export function sourceCounts(repo: SimRepo): Omit<RepositoryCounts, 'headOid'> {
  const content = repositoryContent(repo);
  return {
    defaultBranch: content.defaultBranch,
    commitCount: content.commits.length,
    branches: 1 + content.branches.length,
    tags: content.tags.length,
    issues: content.issues.open + content.issues.closed,
    closedIssues: content.issues.closed,
    pullRequests: pullCounts(content),
    releases: content.releases.length,
  };
}

export function repositoryObject(repo: SimRepo, ctx: SourceContext) {
  const id = nodeId('R', String(repo.id));
  const counts = sourceCounts(repo);
  // The archive's HEAD (`gitRefsOf`: hashed, not built), only when a query asks for the commit id.
  const { headOid, ...inventory } = repositoryInventoryFields(repo, ctx);
  return {
    __typename: 'Repository',
    id,
    databaseId: repo.id,
    name: repo.name,
    nameWithOwner: `${repo.owner}/${repo.name}`,
    isArchived: repo.archived,
    isPrivate: repo.private,
    branchProtectionRules: () => countOnly(protectedBranchNames(repo).length),
    ...repositoryCountFields(counts, headOid, `REF_${id}`),
    ...inventory,
  };
}

export function orgObject(account: SimAccount, ctx: SourceContext) {
  return {
    __typename: 'Organization',
    id: nodeId('O', String(account.id)),
    databaseId: account.id,
    login: account.login,
    name: account.name,
    repositories: (args: PageArgs) =>
      connection(
        ctx.state.world.repos
          .filter((repo) => repo.owner === account.login && canSee(ctx, repo))
          .map((repo) => repositoryObject(repo, ctx)),
        args,
        'repositories',
      ),
    teams: (args: PageArgs) =>
      teamsConnection(account.login, ctx, args, (repo) => repositoryObject(repo, ctx)),
  };
}
