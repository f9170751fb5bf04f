/**
 * GitHub deletes a migration archive seven days after the export finished (`updated_at` of an `exported`
 * migration). The migrations feature keeps the full rule (deleted, failed…) in its archive-view; this is the
 * one fact other pages need to sort and warn by.
 */
export const ARCHIVE_LIFETIME_MS = 7 * 86_400_000;

/** When the archive of an export is deleted, or undefined while there is no archive (not exported). */
export function archiveExpiresAt(state: string, updatedAt: number): number | undefined {
  return state === 'exported' ? updatedAt + ARCHIVE_LIFETIME_MS : undefined;
}
