import type { Hono } from 'hono';
import { isOrgMember, isOrgOwner, type GithubEnv } from '../auth';
import { buildMinimalRepository } from '../factories/repository';
import { buildOrganizationSimple, buildSimpleUser } from '../factories/user';
import { apiBase, DOCS, githubError, sendJson, webBase } from '../http';
import type { GithubState } from '../state';
import { permissionsOf } from './users';

const MEMBERSHIP_DOCS = `${DOCS}/orgs/members#get-an-organization-membership-for-the-authenticated-user`;
const REPO_DOCS = `${DOCS}/repos/repos#get-a-repository`;

/**
 * The reads a sign-in makes with the person's own token (issue 51), beside `GET /user`: their role in an
 * organization (`orgs/get-membership-for-authenticated-user`: owners are `admin`, everyone else `member`, always
 * `active`; 404 to a non-member) and a repository with their `permissions` (`repos/get`: `admin` for the
 * organization's owners and the repository's own admins).
 */
export function registerSignInReads(app: Hono<GithubEnv>, state: () => GithubState) {
  app.get('/user/memberships/orgs/:org', (c) => {
    const s = state();
    const { login } = c.get('actor');
    const user = login ? s.world.accounts.get(login) : undefined;
    if (!user) return githubError(c, 401, 'Requires authentication', { documentation_url: MEMBERSHIP_DOCS });
    const org = c.req.param('org').toLowerCase();
    const account = s.world.accounts.get(org);
    if (!account || account.type !== 'Organization' || !isOrgMember(s, org, user.login))
      return githubError(c, 404, 'Not Found', { documentation_url: MEMBERSHIP_DOCS });
    const api = apiBase(c);
    return sendJson(c, {
      url: `${api}/orgs/${account.login}/memberships/${user.login}`,
      state: 'active',
      role: isOrgOwner(s, org, user.login) ? 'admin' : 'member',
      organization_url: `${api}/orgs/${account.login}`,
      organization: buildOrganizationSimple(account, api, webBase(c)),
      user: buildSimpleUser(user, api, webBase(c)),
    });
  });

  app.get('/repos/:owner/:repo', (c) => {
    const s = state();
    const actor = c.get('actor');
    const owner = c.req.param('owner').toLowerCase();
    const name = c.req.param('repo').toLowerCase();
    const repo = s.world.repos.find(
      (candidate) => candidate.owner.toLowerCase() === owner && candidate.name.toLowerCase() === name,
    );
    const visible =
      repo &&
      (!repo.private ||
        actor.kind === 'installation' ||
        repo.owner === actor.login ||
        isOrgMember(s, repo.owner, actor.login));
    const account = repo ? s.world.accounts.get(repo.owner) : undefined;
    if (!repo || !visible || !account)
      return githubError(c, 404, 'Not Found', { documentation_url: REPO_DOCS });
    // `full-repository`: the list shape holds every field GitHub's description requires of it.
    return sendJson(
      c,
      buildMinimalRepository(repo, account, apiBase(c), webBase(c), permissionsOf(s, repo, actor)),
    );
  });
}
