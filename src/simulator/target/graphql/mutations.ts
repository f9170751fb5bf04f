import { findUser, nextNodeId, type MigrationSource } from '../state';
import type { GqlContext } from './context';
import { githubError, notResolvable, requireClassic } from './errors';
import { archiveObject, mannequinObject, orgObject, sourceObject, userObject } from './objects';
import { requireMigrator, requireOrg, requireOwner } from './permissions';
import { startRepositoryMigration } from './start-migration';

const MAX_SOURCES = 1_000;

function createMigrationSource(
  { input }: { input: { name: string; url?: string | null; ownerId: string; type: MigrationSource['type'] } },
  ctx: GqlContext,
) {
  requireMigrator(ctx, 'createMigrationSource', 'CreateMigrationSource');
  requireOrg(ctx, input.ownerId);
  if (input.name.length === 0 || input.name.length > 255)
    throw githubError('UNPROCESSABLE', 'name must be between 1 and 255 characters.');
  if (ctx.state.sources.length >= MAX_SOURCES)
    throw githubError('UNPROCESSABLE', 'This organization has too many migration sources.');
  const source: MigrationSource = {
    id: nextNodeId(ctx.state, 'MS'),
    name: input.name,
    url: (input.url ?? '').slice(0, 2048),
    type: input.type,
    ownerId: input.ownerId,
  };
  ctx.state.sources.push(source);
  return { migrationSource: sourceObject(source) };
}

function abortRepositoryMigration({ input }: { input: { migrationId: string } }, ctx: GqlContext) {
  requireMigrator(ctx, 'abortRepositoryMigration', 'AbortRepositoryMigration');
  const view = ctx.view().migrations.find((v) => v.migration.id === input.migrationId);
  if (!view) throw notResolvable(input.migrationId);
  if (!['QUEUED', 'IN_PROGRESS', 'PENDING_VALIDATION'].includes(view.state))
    throw githubError('UNPROCESSABLE', 'The migration has already finished and cannot be aborted.');
  view.migration.abortedAt = ctx.now;
  ctx.invalidate();
  return { success: true };
}

type RoleInput = { input: { organizationId: string; actor: string; actorType: 'USER' | 'TEAM' } };

function migratorRole(grant: boolean) {
  return ({ input }: RoleInput, ctx: GqlContext) => {
    const operation = grant ? 'GrantMigratorRole' : 'RevokeMigratorRole';
    requireOwner(ctx, grant ? 'grantMigratorRole' : 'revokeMigratorRole', operation);
    const org = requireOrg(ctx, input.organizationId);
    // octo-target has no teams: a TEAM actor never resolves.
    const user = input.actorType === 'USER' ? findUser(ctx.state, input.actor) : undefined;
    if (!user)
      throw githubError(
        'NOT_FOUND',
        `Could not resolve to a ${input.actorType === 'USER' ? 'User' : 'Team'} with the login of '${input.actor.slice(0, 100)}'.`,
      );
    org.migrators = org.migrators.filter((login) => login !== user.login);
    if (grant) org.migrators.push(user.login);
    return { success: true };
  };
}

type ClaimInput = { input: { ownerId: string; sourceId: string; targetId: string } };

function claimParties({ input }: ClaimInput, ctx: GqlContext, field: string, operation: string) {
  requireOwner(ctx, field, operation);
  const org = requireOrg(ctx, input.ownerId);
  const mannequin = ctx.view().mannequins.find((m) => m.id === input.sourceId);
  if (!mannequin) throw notResolvable(input.sourceId);
  const target = ctx.state.users.find((u) => u.nodeId === input.targetId);
  if (!target) throw notResolvable(input.targetId);
  if (![...org.owners, ...org.members].includes(target.login))
    throw githubError('UNPROCESSABLE', `Target must be a member of the ${org.login} organization`);
  if (mannequin.claimant) throw githubError('UNPROCESSABLE', 'This mannequin has already been claimed.');
  return { org, mannequin, target };
}

function createAttributionInvitation(args: ClaimInput, ctx: GqlContext) {
  const { mannequin, target } = claimParties(
    args,
    ctx,
    'createAttributionInvitation',
    'CreateAttributionInvitation',
  );
  ctx.state.invitations.push({
    mannequinLogin: mannequin.login,
    targetLogin: target.login,
    createdAt: ctx.now,
  });
  return { owner: orgObject(ctx), source: mannequinObject(mannequin, ctx), target: userObject(target) };
}

function reattributeMannequinToUser(args: ClaimInput, ctx: GqlContext) {
  const { org, mannequin, target } = claimParties(
    args,
    ctx,
    'reattributeMannequinToUser',
    'ReattributeMannequinToUser',
  );
  if (!org.emu)
    throw githubError(
      'UNPROCESSABLE',
      `Reattributing without an invitation is only available to Enterprise Managed User organizations; ${org.login} is not one.`,
    );
  ctx.state.claims.set(mannequin.login, target.login);
  ctx.invalidate();
  const claimed = ctx.view().mannequins.find((m) => m.login === mannequin.login) ?? mannequin;
  return { owner: orgObject(ctx), source: mannequinObject(claimed, ctx), target: userObject(target) };
}

function deleteMigrationArchive({ input }: { input: { migrationArchiveId: string } }, ctx: GqlContext) {
  requireClassic(ctx.caller);
  const storage = ctx.world.storage();
  const archive = storage.byNodeId(input.migrationArchiveId);
  if (!archive || archive.orgDatabaseId !== ctx.state.org.databaseId)
    throw notResolvable(input.migrationArchiveId);
  requireMigrator(ctx, 'deleteMigrationArchive', 'DeleteMigrationArchive');
  const deleted = storage.delete(input.migrationArchiveId);
  return { migrationArchive: deleted ? archiveObject(deleted) : null };
}

export const mutationRoot = {
  createMigrationSource,
  startRepositoryMigration,
  abortRepositoryMigration,
  grantMigratorRole: migratorRole(true),
  revokeMigratorRole: migratorRole(false),
  createAttributionInvitation,
  reattributeMannequinToUser,
  deleteMigrationArchive,
};
