import { isRecord, stringOf } from '@/contracts/json';
import { migrationStateOf } from '@/contracts/github/migration';
import { importStatusOf } from '@/contracts/github/source-import';
import { migrationSubject, ownerKey, type MigrationOwner } from '@/contracts/github/subjects';
import type { Match } from './allow-list';
import type { FerryStore } from './store/ferry-store';
import { subjectOf } from './watch/watch-targets';

/**
 * What a successful write through the gateway leaves in the store: a timeline event for starts, deletions
 * and cancellations, and a record of each unlock (GitHub does not report lock state, so every browser learns
 * it from here).
 */
export async function recordWrite(
  store: FerryStore,
  match: Match,
  response: Response,
  actor: string,
  at: Date,
): Promise<void> {
  const { operation, params } = match;
  if (operation.method === 'GET' || response.status >= 300) return;
  const kind = operation.path.includes('/import') ? 'import' : 'migration';
  const bodyState = async (read: (body: unknown) => string | undefined) => {
    try {
      const body: unknown = await response.clone().json();
      return {
        state: read(body),
        id: isRecord(body) ? body.id : undefined,
        guid: isRecord(body) ? stringOf(body.guid) : undefined,
      };
    } catch {
      return { state: undefined, id: undefined, guid: undefined };
    }
  };
  const owner: MigrationOwner = params.org ? { kind: 'org', org: params.org } : { kind: 'user' };

  if (operation.id.startsWith('migrations/start-for')) {
    const { state, id, guid } = await bodyState(migrationStateOf);
    if (typeof id !== 'number') return;
    const subject = migrationSubject(owner, id);
    await store.timeline.record({
      at,
      kind,
      subject,
      state: state ?? 'pending',
      actor,
      detail: { event: 'started', ...(guid ? { guid } : {}) },
    });
    return;
  }
  if (operation.id.startsWith('migrations/unlock-repo')) {
    await store.unlocks.record({
      owner: ownerKey(owner),
      migrationId: Number(params.migration_id),
      repoName: params.repo_name ?? '',
      at,
      actor,
    });
    return;
  }
  const subject = subjectOf(match);
  if (!subject) return;
  if (operation.id.startsWith('migrations/delete-archive')) {
    await store.timeline.record({ at, kind, subject, state: 'archive deleted', actor });
  } else if (operation.id === 'migrations/cancel-import') {
    await store.timeline.record({ at, kind, subject, state: 'cancelled', actor });
  } else if (operation.id === 'migrations/start-import' || operation.id === 'migrations/update-import') {
    const { state } = await bodyState(importStatusOf);
    const event = operation.id === 'migrations/start-import' ? 'started' : 'updated';
    await store.timeline.record({ at, kind, subject, state: state ?? event, actor, detail: { event } });
  }
}
