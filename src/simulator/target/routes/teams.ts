import type { Context, Hono } from 'hono';
import { findUser } from '../state';
import { teamFullJson, teamJson, teamRepoJson, userJson } from '../settling-bodies';
import {
  nextSettlingId,
  REPO_PERMISSIONS,
  settlingOf,
  slugOf,
  type RepoPermission,
  type TargetTeam,
} from '../settling-state';
import { nodeId } from '../ids';
import { orgView } from '../views';
import type { TargetWorld } from '../world';
import {
  findImported,
  ghError,
  jsonBody,
  orgAccess,
  problemsParsingJson,
  validationFailed,
  type Standing,
} from './guard';

const DOCS = {
  list: 'teams/teams#list-teams',
  create: 'teams/teams#create-a-team',
  get: 'teams/teams#get-a-team-by-name',
  membership: 'teams/members#add-or-update-team-membership-for-a-user',
  members: 'teams/members#list-team-members',
  addRepo: 'teams/teams#add-or-update-team-repository-permissions',
  repos: 'teams/teams#list-team-repositories',
};

/** Teams the caller sees: closed ones to members, secret ones to owners and their own members. */
function visible(standing: Standing, team: TargetTeam): boolean {
  if (standing.owner || team.privacy === 'closed') return true;
  return team.members.some((member) => member.login === standing.caller.login && member.state === 'active');
}

function teamIn(c: Context, standing: Standing): TargetTeam | undefined {
  const slug = c.req.param('team_slug')?.toLowerCase();
  const team = settlingOf(standing.state).teams.find((candidate) => candidate.slug === slug);
  return team && visible(standing, team) ? team : undefined;
}

const origin = (c: Context) => new URL(c.req.url).origin;

type TeamInput = {
  name: string;
  description: string | null;
  privacy: 'closed' | 'secret';
  parentId: number | null;
};

/** The create body, or the 422 GitHub answers. */
function teamInput(c: Context, body: Record<string, unknown>, standing: Standing): TeamInput | Response {
  const { name, description, privacy, parent_team_id: parentId } = body;
  const field = (f: string) =>
    validationFailed(c, DOCS.create, [{ resource: 'Team', code: 'invalid', field: f }]);
  if (typeof name !== 'string' || slugOf(name) === '' || name.length > 255)
    return validationFailed(c, DOCS.create, [{ resource: 'Team', code: 'missing_field', field: 'name' }]);
  if (description !== undefined && description !== null && typeof description !== 'string')
    return field('description');
  if (privacy !== undefined && privacy !== 'closed' && privacy !== 'secret') return field('privacy');
  if (parentId !== undefined && parentId !== null && typeof parentId !== 'number')
    return field('parent_team_id');
  const teams = settlingOf(standing.state).teams;
  if (teams.some((team) => team.name.toLowerCase() === name.toLowerCase() || team.slug === slugOf(name)))
    return validationFailed(c, DOCS.create, [
      { resource: 'Team', code: 'custom', field: 'name', message: 'Name must be unique for this org' },
    ]);
  const parent = typeof parentId === 'number' ? teams.find((team) => team.id === parentId) : undefined;
  if (typeof parentId === 'number' && !parent) return field('parent_team_id');
  // GitHub: a team is secret unless nested; nested teams (and their parents) must be closed.
  const chosen = privacy ?? (parent ? 'closed' : 'secret');
  if (parent && (chosen === 'secret' || parent.privacy === 'secret'))
    return validationFailed(c, DOCS.create, [
      { resource: 'Team', code: 'custom', field: 'privacy', message: 'A nested team must be closed' },
    ]);
  return {
    name,
    description: typeof description === 'string' ? description : null,
    privacy: chosen,
    parentId: parent?.id ?? null,
  };
}

function registerTeamReads(app: Hono, world: TargetWorld) {
  app.get('/orgs/:org/teams', (c) => {
    const standing = orgAccess(c, world, DOCS.list, 'read');
    if (standing instanceof Response) return standing;
    const teams = settlingOf(standing.state).teams.filter((team) => visible(standing, team));
    return c.json(teams.map((team) => teamJson(team, standing.state, origin(c))));
  });

  app.get('/orgs/:org/teams/:team_slug', (c) => {
    const standing = orgAccess(c, world, DOCS.get, 'read');
    if (standing instanceof Response) return standing;
    const team = teamIn(c, standing);
    if (!team) return ghError(c, 404, 'Not Found', DOCS.get);
    const repos = [...orgView(standing.state, world.clock.now()).repos.values()];
    return c.json(teamFullJson(team, standing.state, origin(c), repos));
  });

  app.get('/orgs/:org/teams/:team_slug/members', (c) => {
    const standing = orgAccess(c, world, DOCS.members, 'read');
    if (standing instanceof Response) return standing;
    const team = teamIn(c, standing);
    if (!team) return ghError(c, 404, 'Not Found', DOCS.members);
    const role = c.req.query('role') ?? 'all';
    const users = team.members
      .filter((member) => member.state === 'active' && (role === 'all' || member.role === role))
      .flatMap((member) => {
        const user = findUser(standing.state, member.login);
        return user ? [userJson(user, origin(c))] : [];
      });
    return c.json(users);
  });

  app.get('/orgs/:org/teams/:team_slug/repos', (c) => {
    const standing = orgAccess(c, world, DOCS.repos, 'read');
    if (standing instanceof Response) return standing;
    const team = teamIn(c, standing);
    if (!team) return ghError(c, 404, 'Not Found', DOCS.repos);
    const repos = [...orgView(standing.state, world.clock.now()).repos.values()];
    return c.json(
      team.repos.flatMap((held) => {
        const repo = repos.find((candidate) => candidate.nodeId === held.repoNodeId);
        return repo ? [teamRepoJson(repo, held.permission, standing.state, origin(c))] : [];
      }),
    );
  });
}

function registerTeamWrites(app: Hono, world: TargetWorld) {
  app.post('/orgs/:org/teams', async (c) => {
    const standing = orgAccess(
      c,
      world,
      DOCS.create,
      'write',
      'You must be an organization owner to create teams.',
    );
    if (standing instanceof Response) return standing;
    const body = await jsonBody(c);
    if (!body) return problemsParsingJson(c, DOCS.create);
    const input = teamInput(c, body, standing);
    if (input instanceof Response) return input;
    const now = world.clock.now();
    const id = nextSettlingId(standing.state, 'team');
    const team: TargetTeam = {
      id,
      nodeId: nodeId('T', String(id)),
      slug: slugOf(input.name),
      ...input,
      // GitHub makes whoever creates a team its maintainer.
      members: [{ login: standing.caller.login ?? '', role: 'maintainer', state: 'active' }],
      repos: [],
      createdAt: now,
      updatedAt: now,
    };
    settlingOf(standing.state).teams.push(team);
    const repos = [...orgView(standing.state, now).repos.values()];
    return c.json(teamFullJson(team, standing.state, origin(c), repos), 201);
  });

  app.put('/orgs/:org/teams/:team_slug/memberships/:username', async (c) => {
    const standing = orgAccess(
      c,
      world,
      DOCS.membership,
      'write',
      'You must be an organization owner or team maintainer to add a team membership.',
    );
    if (standing instanceof Response) return standing;
    const team = teamIn(c, standing);
    const user = findUser(standing.state, c.req.param('username'));
    if (!team || !user) return ghError(c, 404, 'Not Found', DOCS.membership);
    const body = await jsonBody(c);
    if (!body) return problemsParsingJson(c, DOCS.membership);
    const role = body.role ?? 'member';
    if (role !== 'member' && role !== 'maintainer')
      return validationFailed(c, DOCS.membership, [
        { resource: 'TeamMember', code: 'invalid', field: 'role' },
      ]);
    const { org } = standing.state;
    const inOrg = org.owners.includes(user.login) || org.members.includes(user.login);
    const existing = team.members.find((member) => member.login === user.login);
    const membership = existing ?? { login: user.login, role, state: inOrg ? 'active' : 'pending' };
    membership.role = role;
    if (!existing) team.members.push(membership);
    team.updatedAt = world.clock.now();
    return c.json({
      url: `${origin(c)}/organizations/${org.databaseId}/team/${team.id}/memberships/${user.login}`,
      role: membership.role,
      state: membership.state,
    });
  });

  app.put('/orgs/:org/teams/:team_slug/repos/:owner/:repo', async (c) => {
    const standing = orgAccess(
      c,
      world,
      DOCS.addRepo,
      'write',
      'You must be an organization owner to add a team repository.',
    );
    if (standing instanceof Response) return standing;
    const team = teamIn(c, standing);
    const found = findImported(world, c.req.param('owner'), c.req.param('repo'));
    if (!team || !found) return ghError(c, 404, 'Not Found', DOCS.addRepo);
    const body = await jsonBody(c);
    if (!body) return problemsParsingJson(c, DOCS.addRepo);
    const permission = body.permission ?? 'pull';
    if (typeof permission !== 'string' || !(REPO_PERMISSIONS as readonly string[]).includes(permission))
      return validationFailed(c, DOCS.addRepo, [{ resource: 'Team', code: 'invalid', field: 'permission' }]);
    const held = team.repos.find((candidate) => candidate.repoNodeId === found.repo.nodeId);
    if (held) held.permission = permission as RepoPermission;
    else team.repos.push({ repoNodeId: found.repo.nodeId, permission: permission as RepoPermission });
    team.updatedAt = world.clock.now();
    return c.body(null, 204);
  });
}

/** GitHub's team REST a move settles with: create and read teams, members, and the repositories they hold. */
export function registerTeamRoutes(app: Hono, world: TargetWorld): void {
  registerTeamReads(app, world);
  registerTeamWrites(app, world);
}
