import type { Hono } from 'hono';
import { findUser } from '../state';
import { invitationJson } from '../settling-bodies';
import { nextSettlingId, REPO_PERMISSIONS, type RepoPermission } from '../settling-state';
import type { TargetWorld } from '../world';
import { ghError, jsonBody, problemsParsingJson, repoAccess, validationFailed } from './guard';

const DOCS = {
  add: 'collaborators/collaborators#add-a-repository-collaborator',
  invitations: 'collaborators/invitations#list-repository-invitations',
};

/**
 * `PUT /repos/{owner}/{repo}/collaborators/{username}`: an organization member becomes a direct collaborator at
 * once (204); anyone else is invited (201 with the invitation; asking again updates it). The simulator has no
 * people to accept invitations: they stay pending. `GET …/invitations` lists them.
 */
export function registerCollaboratorRoutes(app: Hono, world: TargetWorld): void {
  app.put('/repos/:owner/:repo/collaborators/:username', async (c) => {
    const access = repoAccess(c, world, DOCS.add, 'write');
    if (access instanceof Response) return access;
    const user = findUser(access.state, c.req.param('username'));
    if (!user) return ghError(c, 404, 'Not Found', DOCS.add);
    const body = await jsonBody(c);
    if (!body) return problemsParsingJson(c, DOCS.add);
    const permission = body.permission ?? 'push';
    if (typeof permission !== 'string' || !(REPO_PERMISSIONS as readonly string[]).includes(permission))
      return validationFailed(c, DOCS.add, [
        { resource: 'Repository', code: 'invalid', field: 'permission' },
      ]);
    const wanted = permission as RepoPermission;
    const { org } = access.state;
    const { resources, repo } = access;
    const collaborator = resources.collaborators.find((found) => found.login === user.login);
    if (collaborator || org.owners.includes(user.login) || org.members.includes(user.login)) {
      if (collaborator) collaborator.permission = wanted;
      else resources.collaborators.push({ login: user.login, permission: wanted });
      return c.body(null, 204);
    }
    let invitation = resources.invitations.find((found) => found.login === user.login);
    if (invitation) invitation.permission = wanted;
    else {
      invitation = {
        id: nextSettlingId(access.state, 'invite'),
        login: user.login,
        inviter: access.caller.login ?? '',
        permission: wanted,
        createdAt: world.clock.now(),
      };
      resources.invitations.push(invitation);
    }
    const inviter = findUser(access.state, invitation.inviter);
    const api = new URL(c.req.url).origin;
    return c.json(invitationJson(invitation, repo, { invitee: user, inviter }, access.state, api), 201);
  });

  app.get('/repos/:owner/:repo/invitations', (c) => {
    const access = repoAccess(c, world, DOCS.invitations, 'admin-read');
    if (access instanceof Response) return access;
    const api = new URL(c.req.url).origin;
    return c.json(
      access.resources.invitations.flatMap((invitation) => {
        const invitee = findUser(access.state, invitation.login);
        const inviter = findUser(access.state, invitation.inviter);
        return invitee
          ? [invitationJson(invitation, access.repo, { invitee, inviter }, access.state, api)]
          : [];
      }),
    );
  });
}
