import type { ImportedRepo, MigrationSource } from '../state';
import type { TargetUser } from '../seed';
import type { MannequinView, MigrationView } from '../views';
import { connection, countOnly, type PageArgs } from '@/simulator/graphql/connection';
import { repositoryCountFields } from '@/simulator/graphql/repository-counts';
import { iso, type GqlContext } from './context';
import { requireClassic } from './errors';
import { requireMigrator } from './permissions';
import type { StoredArchiveLike } from '../gei-storage-port';

/**
 * GraphQL objects over the target's state. graphql-js's default resolver calls a function-valued property with
 * (args, context), so each object carries its own field resolvers; `__typename` picks the concrete type of a
 * Node, Claimable or GitObject.
 */
const WEB = 'https://github.com';

export function userObject(user: TargetUser) {
  return {
    __typename: 'User',
    id: user.nodeId,
    databaseId: user.databaseId,
    login: user.login,
    name: user.name,
    email: user.email,
    createdAt: user.createdAt,
    url: `${WEB}/${user.login}`,
  };
}

export function mannequinObject(mannequin: MannequinView, ctx: GqlContext) {
  const claimant = mannequin.claimant
    ? ctx.state.users.find((user) => user.login === mannequin.claimant)
    : undefined;
  return {
    __typename: 'Mannequin',
    id: mannequin.id,
    databaseId: mannequin.databaseId,
    login: mannequin.login,
    email: mannequin.email,
    createdAt: iso(mannequin.createdAt),
    url: `${WEB}/${mannequin.login}`,
    claimant: claimant ? userObject(claimant) : null,
  };
}

export function sourceObject(source: MigrationSource) {
  return { __typename: 'MigrationSource', ...source };
}

export function logUrl(ctx: GqlContext, view: MigrationView): string {
  return `${ctx.origin}/_migration-logs/${view.migration.id}.txt`;
}

export function migrationObject(view: MigrationView, ctx: GqlContext) {
  const { migration } = view;
  const source = ctx.state.sources.find((s) => s.id === migration.sourceId);
  return {
    __typename: 'RepositoryMigration',
    id: migration.id,
    databaseId: migration.databaseId,
    continueOnError: migration.continueOnError,
    createdAt: iso(migration.createdAt),
    failureReason: view.failureReason ?? '',
    migrationSource: source ? sourceObject(source) : null,
    repositoryName: migration.repositoryName,
    sourceUrl: migration.sourceUrl,
    state: view.state,
    warningsCount: view.state === 'SUCCEEDED' && migration.outcome.ok ? migration.outcome.warnings.length : 0,
    // Log reads need a classic PAT like the rest of GEI; null once the 24 hours are over.
    migrationLogUrl: () => {
      requireClassic(ctx.caller);
      return view.logAvailable ? logUrl(ctx, view) : null;
    },
  };
}

export function archiveObject(archive: StoredArchiveLike) {
  return {
    __typename: 'MigrationArchive',
    id: archive.nodeId,
    guid: archive.guid,
    name: archive.name,
    size: archive.size,
    uri: archive.uri,
    createdAt: archive.createdAt,
  };
}

export function repositoryObject(repo: ImportedRepo) {
  const head = repo.headOid;
  return {
    __typename: 'Repository',
    id: repo.nodeId,
    databaseId: repo.databaseId,
    name: repo.name,
    nameWithOwner: `${repo.owner}/${repo.name}`,
    isPrivate: repo.visibility !== 'public',
    visibility: repo.visibility.toUpperCase(),
    ...repositoryCountFields(repo, head ? () => head : null, `REF_${repo.nodeId}`),
    branchProtectionRules: () => countOnly(repo.protectedBranches ?? 0),
  };
}

export function orgObject(ctx: GqlContext) {
  const org = ctx.state.org;
  return {
    __typename: 'Organization',
    id: org.nodeId,
    databaseId: org.databaseId,
    login: org.login,
    name: org.name,
    repositoryMigrations: (
      args: PageArgs & {
        repositoryName?: string | null;
        state?: string | null;
        orderBy?: { direction: string };
      },
    ) => {
      // Listing (and a log's download through it) is an owner's or a migrator's, as starting is: a member without
      // the role is refused here, where a move's pre-flight reads it, not at its first upload.
      requireMigrator(ctx, 'repositoryMigrations', 'repositoryMigrations');
      let list = ctx.view().migrations;
      if (args.repositoryName) list = list.filter((v) => v.migration.repositoryName === args.repositoryName);
      if (args.state) list = list.filter((v) => v.state === args.state);
      if (args.orderBy?.direction === 'DESC') list = [...list].reverse();
      return connection(
        list.map((view) => migrationObject(view, ctx)),
        args,
        'repositoryMigrations',
      );
    },
    mannequins: (
      args: PageArgs & { login?: string | null; orderBy?: { field: string; direction: string } },
    ) => {
      requireClassic(ctx.caller);
      let list = ctx.view().mannequins;
      if (args.login) list = list.filter((m) => m.login === args.login);
      if (args.orderBy?.field === 'LOGIN') list = [...list].sort((a, b) => a.login.localeCompare(b.login));
      if (args.orderBy?.direction === 'DESC') list = [...list].reverse();
      return connection(
        list.map((m) => mannequinObject(m, ctx)),
        args,
        'mannequins',
      );
    },
    /** Owners (ADMIN) then members (MEMBER), as GitHub lists them to an organization's owner. */
    membersWithRole: (args: PageArgs) => {
      // Thousands of members with a large source's crowd (crowd.ts): one lookup each, not a scan.
      const byLogin = new Map(ctx.state.users.map((user) => [user.login, user]));
      const people = [
        ...org.owners.map((login) => ({ login, role: 'ADMIN' })),
        ...org.members.map((login) => ({ login, role: 'MEMBER' })),
      ].flatMap(({ login, role }) => {
        const user = byLogin.get(login);
        return user ? [{ user: userObject(user), role }] : [];
      });
      const page = connection(
        people.map((person) => person.user),
        args,
        'membersWithRole',
      );
      const roles = new Map(people.map((person) => [person.user.id, person.role]));
      return {
        ...page,
        edges: () => page.edges().map((edge) => ({ ...edge, role: roles.get(edge.node.id) })),
      };
    },
    migrationArchives: (args: PageArgs) => {
      requireClassic(ctx.caller);
      return connection(
        ctx.world.storage().list(org.databaseId).map(archiveObject),
        args,
        'migrationArchives',
      );
    },
  };
}
