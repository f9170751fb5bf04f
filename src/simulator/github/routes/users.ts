import type { Hono } from 'hono';
import type { GithubEnv } from '../auth';
import { isOrgMember, isRepoAdmin, type Actor } from '../auth';
import {
  ALL_PERMISSIONS,
  buildMinimalRepository,
  READ_ONLY,
  type RepoPermissions,
  type SimRepo,
} from '../factories/repository';
import { buildOrganizationSimple, buildPrivateUser } from '../factories/user';
import { apiBase, githubError, sendJson, sendPage, sendShownPage, webBase } from '../http';
import type { GithubState } from '../state';

/**
 * The caller's rights on a repository, as a listing's `permissions`: the user's own, an organization owner's or a
 * repository admin's repository, every right; an App installation, every right with `administration: write`;
 * anyone else reads (an organization's default base permission). None for an anonymous caller.
 */
export function permissionsOf(s: GithubState, repo: SimRepo, actor: Actor): RepoPermissions | null {
  if (actor.kind === 'anonymous' || actor.kind === 'app') return null;
  if (actor.kind === 'installation')
    return actor.permissions?.administration === 'write' ? ALL_PERMISSIONS : READ_ONLY;
  return isRepoAdmin(s, repo, actor.login) ? ALL_PERMISSIONS : READ_ONLY;
}

/** Read-only look-ups the UI's pickers need: who am I, my organizations, an organization's repositories. */
export function registerUserRoutes(app: Hono<GithubEnv>, state: () => GithubState) {
  app.get('/user', (c) => {
    const s = state();
    const { login } = c.get('actor');
    const account = login ? s.world.accounts.get(login) : undefined;
    if (!account) return githubError(c, 401, 'Requires authentication');
    const repos = s.world.repos.filter((repo) => repo.owner === account.login).length;
    return sendJson(c, buildPrivateUser(account, apiBase(c), webBase(c), { repos }));
  });

  app.get('/user/orgs', (c) => {
    const s = state();
    const { login } = c.get('actor');
    if (!login) return githubError(c, 401, 'Requires authentication');
    const orgs = [...s.world.orgs.values()]
      .filter((org) => isOrgMember(s, org.login, login))
      .flatMap((org) => {
        const account = s.world.accounts.get(org.login);
        return account ? [buildOrganizationSimple(account, apiBase(c), webBase(c))] : [];
      });
    return sendPage(c, orgs);
  });

  app.get('/user/repos', (c) => {
    const s = state();
    const { login } = c.get('actor');
    const account = login ? s.world.accounts.get(login) : undefined;
    if (!account) return githubError(c, 401, 'Requires authentication');
    const repos = s.world.repos.filter((repo) => repo.owner === account.login);
    return sendShownPage(c, repos, (repo) =>
      buildMinimalRepository(repo, account, apiBase(c), webBase(c), permissionsOf(s, repo, c.get('actor'))),
    );
  });

  app.get('/orgs/:org/repos', (c) => {
    const s = state();
    const org = c.req.param('org').toLowerCase();
    const account = s.world.accounts.get(org);
    if (!account || account.type !== 'Organization') return githubError(c, 404, 'Not Found');
    const { login } = c.get('actor');
    const member = isOrgMember(s, org, login);
    const repos = s.world.repos.filter((repo) => repo.owner === org && (member || !repo.private));
    return sendShownPage(c, repos, (repo) =>
      buildMinimalRepository(repo, account, apiBase(c), webBase(c), permissionsOf(s, repo, c.get('actor'))),
    );
  });
}
