import { parseMigration } from '@/contracts/github/migration';

/**
 * When an export ended, on this gateway's clock. The check that sees it `exported` comes after the end — by up to
 * its whole wait when the first check finds it done — so stamping the check's time makes every export look
 * slower than it was, and the observed speed (which sets the next exports' first check) drifts up a few per cent
 * per export: over hundreds of batches the checks come tens of seconds late while the slots wait. GitHub says
 * when: `created_at`, `updated_at` (the state began) and its `Date` at the answer, all on GitHub's clock; the same
 * fraction of this gateway's interval from the start to the check is the end here (clocks of different speeds,
 * the simulator's among them, cancel out). Anything unreadable or out of order: the check's time, as before.
 */
export function exportEndedAt(
  body: unknown,
  githubDate: string | null,
  startedAtMs: number,
  checkedAtMs: number,
): number {
  let created: number;
  let updated: number;
  try {
    ({ createdAt: created, updatedAt: updated } = parseMigration(body));
  } catch {
    return checkedAtMs;
  }
  const answeredAt = Date.parse(githubDate ?? '');
  if (!(answeredAt > created) || !(updated >= created) || !(updated <= answeredAt)) return checkedAtMs;
  if (!(checkedAtMs > startedAtMs)) return checkedAtMs;
  const fraction = (updated - created) / (answeredAt - created);
  return Math.round(startedAtMs + fraction * (checkedAtMs - startedAtMs));
}
