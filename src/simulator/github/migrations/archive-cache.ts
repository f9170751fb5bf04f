import type { GithubState } from '../state';
import { buildArchive, archiveEntries } from './archive';
import type { ArchiveContext } from './archive-records';
import type { SimMigration } from './store';

/** The context an archive is built from: the owner, the people involved and the migration's repositories. */
export function archiveContext(state: GithubState, migration: SimMigration, web: string): ArchiveContext {
  const ownerLogin = migration.scope.kind === 'org' ? migration.scope.org : migration.scope.login;
  const owner = state.world.accounts.get(ownerLogin);
  if (!owner) throw new Error(`migration ${migration.id} has no owner account ${ownerLogin}`);
  const org = migration.scope.kind === 'org' ? state.world.orgs.get(migration.scope.org) : undefined;
  const logins = org ? [...org.owners, ...org.members] : [ownerLogin];
  const users = logins.flatMap((login) => {
    const account = state.world.accounts.get(login);
    return account ? [account] : [];
  });
  const repos = migration.repoIds.flatMap((id) => state.world.repos.filter((repo) => repo.id === id));
  return {
    web,
    owner,
    users,
    repos,
    createdAt: new Date(migration.schedule.finishedAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}

/** Build the archive on first use and keep it with the migration. */
export async function archiveBytes(
  state: GithubState,
  migration: SimMigration,
  web: string,
): Promise<Buffer> {
  if (!migration.archive) {
    const ctx = archiveContext(state, migration, web);
    migration.archive = await buildArchive(
      archiveEntries(ctx, migration.options, state.archiveBytesPerKb),
      new Date(migration.schedule.finishedAt),
    );
  }
  return migration.archive;
}
