import type { Migration } from '@/contracts/github/migration';

/** GitHub deletes migration archives seven days after they are created. */
export const ARCHIVE_LIFETIME_MS = 7 * 86_400_000;

export type ArchiveView =
  | { kind: 'not-ready' }
  | { kind: 'failed' }
  | { kind: 'available'; expiresAt: number; remainingMs: number }
  | { kind: 'expired'; expiredAt: number }
  | { kind: 'deleted' };

/**
 * What can be done with the archive now. It exists once the export finished (`updated_at` of an exported
 * migration) until it is deleted or seven days pass; the migration itself stays listed either way.
 */
export function archiveView(
  migration: Pick<Migration, 'state' | 'updatedAt'>,
  now: number,
  deleted: boolean,
): ArchiveView {
  if (migration.state === 'failed') return { kind: 'failed' };
  if (migration.state !== 'exported') return { kind: 'not-ready' };
  if (deleted) return { kind: 'deleted' };
  const expiresAt = migration.updatedAt + ARCHIVE_LIFETIME_MS;
  if (now >= expiresAt) return { kind: 'expired', expiredAt: expiresAt };
  return { kind: 'available', expiresAt, remainingMs: expiresAt - now };
}

/** "6 days 23 hours", "4 hours 5 minutes", "3 minutes" — coarse, for a countdown that is read, not timed. */
export function formatRemaining(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1_440);
  const hours = Math.floor((minutes % 1_440) / 60);
  const mins = minutes % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (days > 0) return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day');
  if (hours > 0) return mins > 0 ? `${unit(hours, 'hour')} ${unit(mins, 'minute')}` : unit(hours, 'hour');
  return minutes > 0 ? unit(mins, 'minute') : 'less than a minute';
}
