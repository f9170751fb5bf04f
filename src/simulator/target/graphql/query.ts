import { findUser } from '../state';
import { nodeIdPrefix } from '../ids';
import type { GqlContext } from './context';
import { githubError, notResolvable, requireClassic } from './errors';
import {
  archiveObject,
  mannequinObject,
  migrationObject,
  orgObject,
  repositoryObject,
  sourceObject,
  userObject,
} from './objects';
import { rateLimitObject } from './points';

/** The object behind a node id, or the error GitHub gives for one it cannot resolve. */
export function resolveNode(ctx: GqlContext, id: string): object | Error {
  const { state } = ctx;
  switch (nodeIdPrefix(id)) {
    case 'O':
      if (id === state.org.nodeId) return orgObject(ctx);
      break;
    case 'U': {
      const user = state.users.find((u) => u.nodeId === id);
      if (user) return userObject(user);
      break;
    }
    case 'RM': {
      const view = ctx.view().migrations.find((v) => v.migration.id === id);
      if (view) {
        requireClassic(ctx.caller);
        return migrationObject(view, ctx);
      }
      break;
    }
    case 'MS': {
      const source = state.sources.find((s) => s.id === id);
      if (source) return sourceObject(source);
      break;
    }
    case 'M': {
      const mannequin = ctx.view().mannequins.find((m) => m.id === id);
      if (mannequin) return mannequinObject(mannequin, ctx);
      break;
    }
    case 'R': {
      const repo = [...ctx.view().repos.values()].find((r) => r.nodeId === id);
      if (repo) return repositoryObject(repo);
      break;
    }
  }
  const archive = ctx.storagePreview ? ctx.world.storage().byNodeId(id) : undefined;
  if (archive && archive.orgDatabaseId === state.org.databaseId) {
    requireClassic(ctx.caller);
    return archiveObject(archive);
  }
  return notResolvable(id);
}

export const queryRoot = {
  organization: ({ login }: { login: string }, ctx: GqlContext) => {
    if (login.toLowerCase() !== ctx.state.org.login.toLowerCase())
      throw githubError(
        'NOT_FOUND',
        `Could not resolve to an Organization with the login of '${login.slice(0, 100)}'.`,
      );
    return orgObject(ctx);
  },
  user: ({ login }: { login: string }, ctx: GqlContext) => {
    const user = findUser(ctx.state, login);
    if (!user)
      throw githubError(
        'NOT_FOUND',
        `Could not resolve to a User with the login of '${login.slice(0, 100)}'.`,
      );
    return userObject(user);
  },
  viewer: (_args: unknown, ctx: GqlContext) => {
    const user = ctx.caller.login ? findUser(ctx.state, ctx.caller.login) : undefined;
    if (!user) throw githubError('FORBIDDEN', 'Resource not accessible by integration');
    return userObject(user);
  },
  node: ({ id }: { id: string }, ctx: GqlContext) => {
    const found = resolveNode(ctx, id);
    if (found instanceof Error) throw found;
    return found;
  },
  // graphql-js completes an Error item as null with its own error at its path, as GitHub answers `nodes`.
  nodes: ({ ids }: { ids: string[] }, ctx: GqlContext) => {
    if (ids.length > 100)
      throw githubError('EXCESSIVE_PAGINATION', 'You may not request more than 100 node ids at once.');
    return ids.map((id) => {
      try {
        return resolveNode(ctx, id);
      } catch (error) {
        return error as Error;
      }
    });
  },
  rateLimit: (_args: { dryRun?: boolean }, ctx: GqlContext) => rateLimitObject(ctx),
  repository: ({ owner, name }: { owner: string; name: string }, ctx: GqlContext) => {
    const repo =
      owner.toLowerCase() === ctx.state.org.login.toLowerCase()
        ? ctx.view().repos.get(name.toLowerCase())
        : undefined;
    if (!repo)
      throw githubError(
        'NOT_FOUND',
        `Could not resolve to a Repository with the name '${owner.slice(0, 100)}/${name.slice(0, 100)}'.`,
      );
    return repositoryObject(repo);
  },
};
