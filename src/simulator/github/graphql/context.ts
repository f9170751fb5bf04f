import { SIM_APP } from '../apps';
import { isOrgMember, type Actor } from '../auth';
import type { SimRepo } from '../factories/repository';
import type { GithubState } from '../state';

/** What every resolver of the source's GraphQL is given. */
export interface SourceContext {
  state: GithubState;
  actor: Actor;
  now: number;
  /** Points this request costs (for `rateLimit { cost }`). */
  cost: number;
  /** Nodes it may return by GitHub's node limit (for `rateLimit { nodeCount }`). */
  nodeCount: number;
}

/** Whether the caller is the simulated app's installation on `owner`. */
export const isInstallationOn = (ctx: SourceContext, owner: string) =>
  ctx.actor.identity === `installation:${SIM_APP.installationId}` && owner === SIM_APP.account;

/** Whether the caller belongs to the repository's owner: the owner itself, a member of its organization, its app. */
export function isInsider(ctx: SourceContext, owner: string): boolean {
  const { actor, state } = ctx;
  if (actor.login && (actor.login === owner || isOrgMember(state, owner, actor.login))) return true;
  return isInstallationOn(ctx, owner);
}

/** What the caller may see, as REST's `/orgs/{org}/repos` decides it: public, or theirs, or their org's. */
export function canSee(ctx: SourceContext, repo: SimRepo): boolean {
  return !repo.private || isInsider(ctx, repo.owner);
}
