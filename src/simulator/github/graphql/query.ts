import { githubError } from '@/simulator/graphql/github-error';
import { canSee, orgObject, repositoryObject, userObject, type SourceContext } from './objects';

export function rateLimitObject(ctx: SourceContext) {
  const { state, actor, now } = ctx;
  // GHES with rate limiting off (scenario `rate-limit-disabled`) has no limit to tell.
  if (state.scenario === 'rate-limit-disabled') return null;
  const status = state.limiter.status(actor.identity, 'graphql', now);
  return {
    limit: status.limit,
    cost: ctx.cost,
    used: status.used,
    remaining: status.remaining,
    resetAt: new Date(status.reset * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    nodeCount: ctx.nodeCount,
  };
}

export const sourceQueryRoot = {
  repository: ({ owner, name }: { owner: string; name: string }, ctx: SourceContext) => {
    const repo = ctx.state.world.repos.find(
      (r) => r.owner.toLowerCase() === owner.toLowerCase() && r.name.toLowerCase() === name.toLowerCase(),
    );
    // A repository the caller cannot see is one that does not exist, as on GitHub.
    if (!repo || !canSee(ctx, repo))
      throw githubError(
        'NOT_FOUND',
        `Could not resolve to a Repository with the name '${owner.slice(0, 100)}/${name.slice(0, 100)}'.`,
      );
    return repositoryObject(repo, ctx);
  },
  organization: ({ login }: { login: string }, ctx: SourceContext) => {
    const account = ctx.state.world.accounts.get(login.toLowerCase());
    if (account?.type !== 'Organization')
      throw githubError(
        'NOT_FOUND',
        `Could not resolve to an Organization with the login of '${login.slice(0, 100)}'.`,
      );
    return orgObject(account, ctx);
  },
  rateLimit: (_args: { dryRun?: boolean }, ctx: SourceContext) => rateLimitObject(ctx),
  viewer: (_args: unknown, ctx: SourceContext) => {
    const account = ctx.actor.login ? ctx.state.world.accounts.get(ctx.actor.login) : undefined;
    if (!account) throw githubError('FORBIDDEN', 'Resource not accessible by integration');
    return userObject(account);
  },
};
