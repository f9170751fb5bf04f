import type { Context, Hono } from 'hono';
import type { GithubRoutes } from '../app';
import { SIM_APP } from '../apps';
import { isOrgMember, isOrgOwner, type Actor, type GithubEnv } from '../auth';
import { repositoryContent } from '../content/repository-content';
import { buildMinimalRepository, type SimRepo } from '../factories/repository';
import type { SimAccount } from '../factories/user';
import { apiBase, DOCS, githubError, sendCountedPage, sendJson, sendPage, webBase } from '../http';
import {
  actionsKeyPair,
  codeScanningAlertBody,
  hookBody,
  installationBody,
  packageBody,
  runnerBody,
  secretScanningAlertBody,
  teamBody,
  type PackageType,
  type Urls,
} from '../inventory/rest-bodies';
import { organizationResources, repositoryResources } from '../inventory/repository-resources';
import { entriesUnder, resolveTree } from '../inventory/tree';
import { gitRefsOf } from '../migrations/git-data';
import type { GithubState } from '../state';

/**
 * The REST reads of a pre-move inventory (issue 49) on the source: an organization's apps, packages, teams and
 * security alerts, a repository's webhooks, Actions secrets (names), variables and runners, tag protections and
 * Git tree. As GitHub: authentication required; 404 for an owner or repository the caller cannot see (and for
 * webhooks, which only admins may see at all); 403 where a member sees the repository but is no admin; counted
 * against the primary limit like every GET; ETags and 304s; `Link` on paged lists.
 */
type Standing = 'admin' | 'member' | 'none';

/**
 * What the caller is to an owner: `admin` — the user itself, an organization owner, or the simulated app's
 * installation on it with `administration: write`; `member` — an organization member (or the app reading only).
 */
function standingOf(s: GithubState, actor: Actor, owner: string): Standing {
  if (actor.login) {
    if (actor.login === owner || isOrgOwner(s, owner, actor.login)) return 'admin';
    return isOrgMember(s, owner, actor.login) ? 'member' : 'none';
  }
  if (actor.identity === `installation:${SIM_APP.installationId}` && owner === SIM_APP.account)
    return actor.permissions?.administration === 'write' ? 'admin' : 'member';
  return 'none';
}

const MUST_BE_ADMIN = 'Must have admin rights to Repository.';

type Env = Context<GithubEnv>;
type Found<T> = { ok: true; value: T } | { ok: false; response: Response };

const refuse = (response: Response): { ok: false; response: Response } => ({ ok: false, response });
const urlsOf = (c: Env): Urls => ({ api: apiBase(c), web: webBase(c) });

function signedIn(c: Env): Response | undefined {
  const actor = c.get('actor');
  return actor.kind === 'anonymous' ? githubError(c, 401, 'Requires authentication') : undefined;
}

/** The organization in the path, for a caller who may see it (its members, and with `owner`, its owners only). */
function findOrg(c: Env, s: GithubState, docs: string): Found<{ account: SimAccount; standing: Standing }> {
  const unauthenticated = signedIn(c);
  if (unauthenticated) return refuse(unauthenticated);
  const account = s.world.accounts.get(c.req.param('org')?.toLowerCase() ?? '');
  if (!account || account.type !== 'Organization')
    return refuse(githubError(c, 404, 'Not Found', { documentation_url: docs }));
  return { ok: true, value: { account, standing: standingOf(s, c.get('actor'), account.login) } };
}

/** The repository in the path, when the caller may see it; `admin` says whether it may administer it. */
function findRepo(
  c: Env,
  s: GithubState,
  docs: string,
): Found<{ repo: SimRepo; account: SimAccount; admin: boolean }> {
  const unauthenticated = signedIn(c);
  if (unauthenticated) return refuse(unauthenticated);
  const owner = c.req.param('owner')?.toLowerCase() ?? '';
  const name = c.req.param('repo')?.toLowerCase() ?? '';
  const repo = s.world.repos.find(
    (candidate) => candidate.owner.toLowerCase() === owner && candidate.name.toLowerCase() === name,
  );
  const account = repo && s.world.accounts.get(repo.owner);
  const standing = repo ? standingOf(s, c.get('actor'), repo.owner) : 'none';
  if (!repo || !account || (repo.private && standing === 'none'))
    return refuse(githubError(c, 404, 'Not Found', { documentation_url: docs }));
  return { ok: true, value: { repo, account, admin: standing === 'admin' } };
}

/** `findRepo`, for admins only: 403 for a caller who sees the repository (`hidden`: 404, as webhooks answer). */
function findAdminRepo(c: Env, s: GithubState, docs: string, hidden = false) {
  const found = findRepo(c, s, docs);
  if (!found.ok || found.value.admin) return found;
  return refuse(
    hidden
      ? githubError(c, 404, 'Not Found', { documentation_url: docs })
      : githubError(c, 403, MUST_BE_ADMIN, { documentation_url: docs }),
  );
}

const orgRepos = (s: GithubState, org: string, member: boolean) =>
  s.world.repos.filter((repo) => repo.owner === org && (member || !repo.private));

const PACKAGE_TYPES: readonly PackageType[] = ['npm', 'maven', 'rubygems', 'docker', 'nuget', 'container'];
const ALERT_DOCS = {
  code: `${DOCS}/code-scanning/code-scanning#list-code-scanning-alerts-for-an-organization`,
  secret: `${DOCS}/secret-scanning/secret-scanning#list-secret-scanning-alerts-for-an-organization`,
};

/** Alerts answer `state=open` (the default) only: the model has no closed ones. */
const openOnly = (c: Env, ...states: string[]) => {
  const state = c.req.query('state');
  return state === undefined || state === '' || state === 'open' || !states.includes(state);
};

function registerOrgRoutes(app: Hono<GithubEnv>, state: () => GithubState) {
  const INSTALLATIONS_DOCS = `${DOCS}/orgs/orgs#list-app-installations-for-an-organization`;
  app.get('/orgs/:org/installations', (c) => {
    const s = state();
    const found = findOrg(c, s, INSTALLATIONS_DOCS);
    if (!found.ok) return found.response;
    const { account, standing } = found.value;
    if (standing === 'none')
      return githubError(c, 404, 'Not Found', { documentation_url: INSTALLATIONS_DOCS });
    if (standing !== 'admin')
      return githubError(c, 403, 'You must be an organization owner to list its app installations.', {
        documentation_url: INSTALLATIONS_DOCS,
      });
    const urls = urlsOf(c);
    const installations = organizationResources(account.login, s.world.repos).installations.map((item) =>
      installationBody(item, account, urls),
    );
    return sendCountedPage(c, 'installations', installations);
  });

  const PACKAGES_DOCS = `${DOCS}/packages/packages#list-packages-for-an-organization`;
  app.get('/orgs/:org/packages', (c) => {
    const s = state();
    const found = findOrg(c, s, PACKAGES_DOCS);
    if (!found.ok) return found.response;
    const { account, standing } = found.value;
    const type = c.req.query('package_type');
    if (type === undefined)
      return githubError(c, 422, 'Invalid request.\n\n"package_type" wasn\'t supplied.', {
        documentation_url: PACKAGES_DOCS,
      });
    if (!(PACKAGE_TYPES as readonly string[]).includes(type))
      return githubError(c, 400, 'Invalid argument.', { documentation_url: PACKAGES_DOCS });
    const visibility = c.req.query('visibility');
    const urls = urlsOf(c);
    const packages = orgRepos(s, account.login, standing !== 'none').flatMap((repo) =>
      repositoryResources(repo).packages.flatMap((item, index) =>
        item.type === type ? [packageBody({ ...item, index }, repo, account, urls)] : [],
      ),
    );
    return sendPage(
      c,
      packages.filter((item) => !visibility || visibility === item.visibility),
    );
  });

  app.get('/orgs/:org/code-scanning/alerts', (c) => {
    const s = state();
    const found = findOrg(c, s, ALERT_DOCS.code);
    if (!found.ok) return found.response;
    const { account, standing } = found.value;
    // Owners (and security managers) only; to anyone else the organization's alerts do not exist.
    if (standing !== 'admin') return githubError(c, 404, 'Not Found', { documentation_url: ALERT_DOCS.code });
    if (!openOnly(c, 'closed', 'dismissed', 'fixed')) return sendPage(c, []);
    const severity = c.req.query('severity');
    const urls = urlsOf(c);
    const alerts = orgRepos(s, account.login, true).flatMap((repo) => {
      const listed = repositoryResources(repo).codeScanningAlerts.filter(
        (alert) => !severity || alert.severity === severity,
      );
      if (listed.length === 0) return [];
      const branch = repositoryContent(repo).defaultBranch;
      const commit = gitRefsOf(repo, s.archiveBytesPerKb).heads[branch] ?? '';
      return listed.map((alert) => codeScanningAlertBody(alert, repo, account, { branch, commit }, urls));
    });
    return sendPage(c, alerts);
  });

  app.get('/orgs/:org/secret-scanning/alerts', (c) => {
    const s = state();
    const found = findOrg(c, s, ALERT_DOCS.secret);
    if (!found.ok) return found.response;
    const { account, standing } = found.value;
    if (standing !== 'admin')
      return githubError(c, 404, 'Not Found', { documentation_url: ALERT_DOCS.secret });
    if (!openOnly(c, 'resolved')) return sendPage(c, []);
    const urls = urlsOf(c);
    const alerts = orgRepos(s, account.login, true).flatMap((repo) =>
      repositoryResources(repo).secretScanningAlerts.map((alert) =>
        secretScanningAlertBody(alert, repo, account, urls),
      ),
    );
    return sendPage(c, alerts);
  });
}

function registerRepoRoutes(app: Hono<GithubEnv>, state: () => GithubState) {
  const HOOKS_DOCS = `${DOCS}/repos/webhooks#list-repository-webhooks`;
  app.get('/repos/:owner/:repo/hooks', (c) => {
    const found = findAdminRepo(c, state(), HOOKS_DOCS, true);
    if (!found.ok) return found.response;
    const { repo } = found.value;
    const urls = urlsOf(c);
    return sendPage(
      c,
      repositoryResources(repo).hooks.map((hook) => hookBody(hook, repo, urls)),
    );
  });

  const SECRETS_DOCS = `${DOCS}/actions/secrets#list-repository-secrets`;
  app.get('/repos/:owner/:repo/actions/secrets', (c) => {
    const found = findAdminRepo(c, state(), SECRETS_DOCS);
    if (!found.ok) return found.response;
    const { repo } = found.value;
    const secrets = repositoryResources(repo).secrets.map((name) => ({
      name,
      created_at: repo.createdAt,
      updated_at: repo.pushedAt,
    }));
    return sendCountedPage(c, 'secrets', secrets);
  });

  app.get('/repos/:owner/:repo/actions/secrets/public-key', (c) => {
    const found = findAdminRepo(c, state(), `${DOCS}/actions/secrets#get-a-repository-public-key`);
    if (!found.ok) return found.response;
    return sendJson(c, actionsKeyPair(found.value.repo).body);
  });

  app.get('/repos/:owner/:repo/actions/variables', (c) => {
    const found = findAdminRepo(c, state(), `${DOCS}/actions/variables#list-repository-variables`);
    if (!found.ok) return found.response;
    const { repo } = found.value;
    const variables = repositoryResources(repo).variables.map((variable) => ({
      ...variable,
      created_at: repo.createdAt,
      updated_at: repo.pushedAt,
    }));
    // GitHub's rule for variables: 10 a page unless asked, at most 30.
    return sendCountedPage(c, 'variables', variables, { defaultPerPage: 10, maxPerPage: 30 });
  });

  app.get('/repos/:owner/:repo/actions/runners', (c) => {
    const found = findAdminRepo(
      c,
      state(),
      `${DOCS}/actions/self-hosted-runners#list-self-hosted-runners-for-a-repository`,
    );
    if (!found.ok) return found.response;
    const name = c.req.query('name');
    const runners = repositoryResources(found.value.repo)
      .runners.filter((runner) => !name || runner.name === name)
      .map(runnerBody);
    return sendCountedPage(c, 'runners', runners);
  });

  // Retired on GitHub.com (rulesets replaced it); GitHub Enterprise Server still answers it.
  app.get('/repos/:owner/:repo/tags/protection', (c) => {
    const found = findAdminRepo(c, state(), `${DOCS}/repos/tags#list-tag-protection-states-for-a-repository`);
    if (!found.ok) return found.response;
    const { repo } = found.value;
    return sendJson(
      c,
      repositoryResources(repo).tagProtections.map((protection) => ({
        id: protection.id,
        created_at: repo.createdAt,
        updated_at: repo.pushedAt,
        enabled: true,
        pattern: protection.pattern,
      })),
    );
  });
}

function registerTreeRoute(app: Hono<GithubEnv>, state: () => GithubState) {
  const TREE_DOCS = `${DOCS}/git/trees#get-a-tree`;
  app.get('/repos/:owner/:repo/git/trees/:tree_sha', (c) => {
    const s = state();
    const found = findRepo(c, s, TREE_DOCS);
    if (!found.ok) return found.response;
    const { repo } = found.value;
    const resolved = resolveTree(repo, s.archiveBytesPerKb, c.req.param('tree_sha'));
    if (!resolved) return githubError(c, 404, 'Not Found', { documentation_url: TREE_DOCS });
    // GitHub: any value of `recursive` (even 0 or false) recurses; only its absence does not.
    const recursive = c.req.query('recursive') !== undefined;
    const base = `${apiBase(c)}/repos/${repo.owner}/${repo.name}/git`;
    const tree = entriesUnder(resolved.tree, resolved.path, recursive).map((item) => ({
      path: item.path,
      mode: item.mode,
      type: item.type,
      sha: item.sha,
      ...(item.size !== undefined ? { size: item.size } : {}),
      url: `${base}/${item.type === 'tree' ? 'trees' : 'blobs'}/${item.sha}`,
    }));
    return sendJson(c, { sha: resolved.sha, url: `${base}/trees/${resolved.sha}`, tree, truncated: false });
  });
}

/** Team permissions, weakest first, and the role names GitHub gives them. */
const RANKS = ['pull', 'triage', 'push', 'maintain', 'admin'] as const;
const ROLE_NAMES: Record<(typeof RANKS)[number], string> = {
  pull: 'read',
  triage: 'triage',
  push: 'write',
  maintain: 'maintain',
  admin: 'admin',
};

function registerTeamRoutes(app: Hono<GithubEnv>, state: () => GithubState) {
  const TEAMS_DOCS = `${DOCS}/teams/teams#list-teams`;
  /** The teams the caller may see: an organization's visible teams to its members, secret ones to owners and their members. */
  const visibleTeams = (s: GithubState, actor: Actor, org: string, standing: Standing) =>
    organizationResources(org, s.world.repos).teams.filter(
      (team) =>
        standing !== 'none' &&
        (team.privacy === 'closed' ||
          standing === 'admin' ||
          (actor.login !== undefined && team.members.includes(actor.login))),
    );

  app.get('/orgs/:org/teams', (c) => {
    const s = state();
    const found = findOrg(c, s, TEAMS_DOCS);
    if (!found.ok) return found.response;
    const { account, standing } = found.value;
    if (standing === 'none') return githubError(c, 404, 'Not Found', { documentation_url: TEAMS_DOCS });
    const all = organizationResources(account.login, s.world.repos).teams;
    const urls = urlsOf(c);
    const teams = visibleTeams(s, c.get('actor'), account.login, standing).map((team) =>
      teamBody(
        team,
        all.find((candidate) => candidate.slug === team.parent),
        account,
        urls,
      ),
    );
    return sendPage(c, teams);
  });

  const TEAM_REPOS_DOCS = `${DOCS}/teams/teams#list-team-repositories`;
  app.get('/orgs/:org/teams/:team_slug/repos', (c) => {
    const s = state();
    const found = findOrg(c, s, TEAM_REPOS_DOCS);
    if (!found.ok) return found.response;
    const { account, standing } = found.value;
    const slug = c.req.param('team_slug').toLowerCase();
    const team = visibleTeams(s, c.get('actor'), account.login, standing).find((t) => t.slug === slug);
    if (!team) return githubError(c, 404, 'Not Found', { documentation_url: TEAM_REPOS_DOCS });
    const { api, web } = urlsOf(c);
    const repos = team.repositories.flatMap((granted) => {
      const repo = s.world.repos.find((r) => r.owner === account.login && r.name === granted.name);
      if (!repo) return [];
      const rank = RANKS.indexOf(granted.permission);
      const permissions = {
        admin: rank >= 4,
        maintain: rank >= 3,
        push: rank >= 2,
        triage: rank >= 1,
        pull: true,
      };
      const body = buildMinimalRepository(repo, account, api, web, permissions);
      return [{ ...body, role_name: ROLE_NAMES[granted.permission] }];
    });
    return sendPage(c, repos);
  });
}

/** Registers the inventory's REST reads (see the file's comment). */
export const registerInventoryRoutes: GithubRoutes = (app, state) => {
  registerOrgRoutes(app, state);
  registerRepoRoutes(app, state);
  registerTreeRoute(app, state);
  registerTeamRoutes(app, state);
};
