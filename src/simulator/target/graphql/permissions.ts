import type { TargetState } from '../state';
import type { GqlContext } from './context';
import { githubError, notResolvable, requireClassic, requireScopes } from './errors';

/** The organization a mutation names by node id, or GitHub's "Could not resolve" error. */
export function requireOrg(ctx: GqlContext, id: string) {
  if (id !== ctx.state.org.nodeId) throw notResolvable(id);
  return ctx.state.org;
}

const isOwner = (state: TargetState, login: string) => state.org.owners.includes(login);

/** Start, abort and list migrations: an organization owner, or a holder of the migrator role (§5 scopes). */
export function requireMigrator(ctx: GqlContext, field: string, operation: string): string {
  requireClassic(ctx.caller);
  requireScopes(ctx.caller, field, [
    ['repo', 'admin:org', 'workflow'],
    ['repo', 'read:org', 'workflow'],
  ]);
  const login = ctx.caller.login;
  if (!isOwner(ctx.state, login) && !ctx.state.org.migrators.includes(login))
    throw githubError(
      'FORBIDDEN',
      `${login} does not have the correct permissions to execute \`${operation}\``,
    );
  return login;
}

/** Granting the migrator role and reclaiming mannequins: organization owners only, with `admin:org`. */
export function requireOwner(ctx: GqlContext, field: string, operation: string): string {
  requireClassic(ctx.caller);
  requireScopes(ctx.caller, field, [['admin:org']]);
  const login = ctx.caller.login;
  if (!isOwner(ctx.state, login))
    throw githubError(
      'FORBIDDEN',
      `${login} does not have the correct permissions to execute \`${operation}\``,
    );
  return login;
}
