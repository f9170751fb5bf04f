import type { Context, Hono, MiddlewareHandler } from 'hono';
import { coreLimitOf, coreUsed } from './answer-headers';
import { orgView } from './views';
import { fullRepoJson, orgFullJson } from './rest-bodies';
import type { TargetWorld } from './world';
import { pointsUsed, POINTS_PER_HOUR, resetAtMs } from './graphql/points';
import { identifyCaller } from './world';
import { registerRulesetRoutes } from './ruleset-routes';
import { registerSettlingRoutes } from './routes/settling-routes';

const DOCS = 'https://docs.github.com/rest';

function notFound(c: Context, docs: string) {
  return c.json({ message: 'Not Found', documentation_url: `${DOCS}/${docs}`, status: '404' }, 404);
}

/** A bad token is refused everywhere (401); anonymous callers read what is public. */
function refuseBadToken(c: Context, world: TargetWorld) {
  const header = c.req.header('authorization');
  if (!header) return undefined;
  const caller = identifyCaller(world.state(), header);
  return typeof caller === 'string'
    ? c.json({ message: caller, documentation_url: DOCS, status: '401' }, 401)
    : undefined;
}

/**
 * The REST answers GEI, validators and the pre-flight ask of the target: the organization, its rulesets, a
 * repository, the rate limit; and what a move settles after the import (routes/settling-routes.ts). Each is
 * counted (`restRequests`).
 */
export function registerTargetRest(app: Hono, world: TargetWorld): void {
  const counted: MiddlewareHandler = async (_c, next) => {
    const state = world.state();
    state.restRequests = (state.restRequests ?? 0) + 1;
    await next();
  };
  for (const path of ['/orgs/*', '/repos/*', '/rate_limit']) app.use(path, counted);
  registerRulesetRoutes(app, world);
  registerSettlingRoutes(app, world);
  app.get('/orgs/:org', (c) => {
    const refused = refuseBadToken(c, world);
    if (refused) return refused;
    const { org } = world.state();
    if (c.req.param('org').toLowerCase() !== org.login.toLowerCase())
      return notFound(c, 'orgs/orgs#get-an-organization');
    const state = world.state();
    const repos = [...orgView(state, world.clock.now()).repos.values()];
    return c.json(orgFullJson(org, repos, new URL(c.req.url).origin, state.originMs));
  });

  app.get('/repos/:owner/:repo', (c) => {
    const refused = refuseBadToken(c, world);
    if (refused) return refused;
    const state = world.state();
    const repo =
      c.req.param('owner').toLowerCase() === state.org.login.toLowerCase()
        ? orgView(state, world.clock.now()).repos.get(c.req.param('repo').toLowerCase())
        : undefined;
    // Imported repositories are private by default: unseen without a token, as GitHub hides them.
    if (!repo || (repo.visibility !== 'public' && !c.req.header('authorization')))
      return notFound(c, 'repos/repos#get-a-repository');
    return c.json(fullRepoJson(repo, state.org, new URL(c.req.url).origin, state.originMs));
  });

  // GitHub's "Delete a repository": an owner's (or the repository's admin's) classic token with `delete_repo`.
  app.delete('/repos/:owner/:repo', (c) => {
    const state = world.state();
    const caller = identifyCaller(state, c.req.header('authorization'));
    if (typeof caller === 'string')
      return c.json({ message: caller, documentation_url: DOCS, status: '401' }, 401);
    const docs = 'repos/repos#delete-a-repository';
    const now = world.clock.now();
    const inOrg = c.req.param('owner').toLowerCase() === state.org.login.toLowerCase();
    const name = c.req.param('repo').toLowerCase();
    const view = inOrg ? orgView(state, now) : undefined;
    if (!view?.repos.has(name)) return notFound(c, docs);
    const owner = caller.kind === 'classic' && state.org.owners.includes(caller.login ?? '');
    if (!owner || !caller.scopes.includes('delete_repo'))
      // GitHub's description of this 403 declares its message and documentation_url only.
      return c.json(
        { message: 'Must have admin rights to Repository.', documentation_url: `${DOCS}/${docs}` },
        403,
      );
    const imported = view.migrations.filter(
      (found) =>
        found.state === 'SUCCEEDED' &&
        found.migration.outcome.ok &&
        found.migration.outcome.repo.name.toLowerCase() === name,
    );
    state.deletedImports = [...(state.deletedImports ?? []), ...imported.map((found) => found.migration.id)];
    return c.body(null, 204);
  });

  app.get('/rate_limit', (c) => {
    const refused = refuseBadToken(c, world);
    if (refused) return refused;
    const state = world.state();
    const now = world.clock.now();
    const caller = identifyCaller(state, c.req.header('authorization'));
    const reset = Math.floor(resetAtMs(state, now) / 1000);
    const graphqlUsed = typeof caller === 'string' ? 0 : pointsUsed(state, caller.account, now);
    const limit = typeof caller === 'string' ? 0 : POINTS_PER_HOUR;
    const graphql = { limit, used: graphqlUsed, remaining: Math.max(0, limit - graphqlUsed), reset };
    // The REST core budget as the answers' headers count it (answer-headers.ts): nothing refused at its end.
    const coreLimit = coreLimitOf(typeof caller !== 'string');
    const coreSpent = coreUsed(state, typeof caller === 'string' ? 'anonymous' : caller.account, now);
    const core = { limit: coreLimit, used: coreSpent, remaining: Math.max(0, coreLimit - coreSpent), reset };
    // GitHub's description requires `search` beside `core` (30 a minute for a signed-in caller, 10 anonymously).
    const searchLimit = typeof caller === 'string' ? 10 : 30;
    const search = {
      limit: searchLimit,
      used: 0,
      remaining: searchLimit,
      reset: Math.floor(now / 60_000) * 60 + 60,
    };
    return c.json({ resources: { core, search, graphql }, rate: core });
  });
}
