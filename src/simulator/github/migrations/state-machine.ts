import type { SimRepo } from '../factories/repository';
import type { MigrationSchedule, SimMigration } from './store';

/**
 * The export state machine: `pending` → `exporting` → `exported` (or `failed`), driven only by the simulator
 * clock. The schedule is fixed when the migration starts, so a state is a pure function of (migration, now).
 *
 * Durations grow with the work: `pending` lasts 5 s plus 1 s per repository; `exporting` lasts 15 s plus 4 s per
 * repository plus 1 s per 25 MB of repository size (capped at 30 minutes). Two typical repositories export in
 * about 40 s of simulated time; the 2.4 GB `legacy-monolith` alone takes about two minutes.
 *
 * Failure rule: a repository whose name contains `broken` (any case) makes the export fail halfway through
 * `exporting`.
 */
export type MigrationState = 'pending' | 'exporting' | 'exported' | 'failed';

export const ARCHIVE_LIFETIME_MS = 7 * 86_400_000;
const MAX_EXPORT_MS = 30 * 60_000;

export function isBrokenRepoName(name: string): boolean {
  return /broken/i.test(name);
}

export function planSchedule(
  repos: SimRepo[],
  createdAt: number,
  orgMetadataOnly = false,
): MigrationSchedule {
  const count = orgMetadataOnly ? 0 : repos.length;
  const sizeKb = orgMetadataOnly ? 0 : repos.reduce((total, repo) => total + repo.size, 0);
  const pendingMs = 5_000 + count * 1_000;
  const exportMs = Math.min(MAX_EXPORT_MS, 15_000 + count * 4_000 + Math.round((sizeKb / 25_600) * 1_000));
  const broken = orgMetadataOnly ? undefined : repos.find((repo) => isBrokenRepoName(repo.name));
  const exportingAt = createdAt + pendingMs;
  return {
    createdAt,
    exportingAt,
    finishedAt: exportingAt + (broken ? Math.round(exportMs / 2) : exportMs),
    fails: Boolean(broken),
    failureReason: broken ? `repository ${broken.owner}/${broken.name} could not be archived` : undefined,
  };
}

export function stateAt(schedule: MigrationSchedule, now: number): MigrationState {
  if (now < schedule.exportingAt) return 'pending';
  if (now < schedule.finishedAt) return 'exporting';
  return schedule.fails ? 'failed' : 'exported';
}

/** When the current state began (the migration's `updated_at`). */
export function stateChangedAt(schedule: MigrationSchedule, now: number): number {
  const state = stateAt(schedule, now);
  if (state === 'pending') return schedule.createdAt;
  if (state === 'exporting') return schedule.exportingAt;
  return schedule.finishedAt;
}

export type ArchiveStatus = 'not-ready' | 'available' | 'deleted' | 'expired';

/** Archives exist once exported, until deleted or seven days after they were created. */
export function archiveStatus(migration: SimMigration, now: number): ArchiveStatus {
  if (stateAt(migration.schedule, now) !== 'exported') return 'not-ready';
  if (migration.archiveDeletedAt !== undefined) return 'deleted';
  if (now >= migration.schedule.finishedAt + ARCHIVE_LIFETIME_MS) return 'expired';
  return 'available';
}
