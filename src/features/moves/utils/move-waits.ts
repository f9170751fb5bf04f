import { hungForMs, VALIDATION_CLAIM_MS, type Move, type MoveRepository } from '@/contracts/move-run';
import { formatClockTime, formatDuration } from '@/lib/format';

/** GitHub runs this many imports at once per target organization and queues the rest, first come first served. */
export const GITHUB_IMPORTS_AT_ONCE = 5;

/** What a repository on its way waits for, besides GitHub's hold on the account (the move's `waiting`). */
export interface RepositoryWait {
  text: string;
  /** The way out is the user's (a hung import: Abort, then Retry); otherwise it only explains. */
  actionable?: boolean;
}

const startedAt = (repo: MoveRepository) =>
  Date.parse(repo.migration?.startRequestedAt ?? repo.updatedAt ?? '') || 0;
const byStart = (a: MoveRepository, b: MoveRepository) => startedAt(a) - startedAt(b);

/**
 * Why each repository of a running move waits, by name, from what the move's record holds (no request): GitHub's
 * queue of imports, the account's pace of one write a second, a look's claim a stopped gateway may hold, or
 * GitHub's known hang in PENDING_VALIDATION. Pure: `now` is the page's clock.
 */
export function repositoryWaits(move: Move, now: number): Map<string, RepositoryWait> {
  const waits = new Map<string, RepositoryWait>();
  if (move.state !== 'running') return waits;
  const repos = move.repositories;
  const importing = repos.filter((repo) => repo.step === 'importing').length;

  // GitHub's queue: queued imports in the order their starts were sent.
  const queued = repos.filter((repo) => repo.step === 'queued').sort(byStart);
  queued.forEach((repo, ahead) => {
    const before = ahead === 0 ? '' : `, ${ahead} queued before it`;
    waits.set(repo.name, {
      text: `Waiting for one of GitHub’s ${GITHUB_IMPORTS_AT_ONCE} imports at once per organization (${importing} of this move’s running${before})`,
    });
  });

  // Starts not yet answered go out one write a second with the target account's token, across the team.
  const toStart = repos
    .filter((repo) => repo.step === 'uploaded' && repo.migration?.id === undefined)
    .sort((a, b) => Date.parse(a.updatedAt ?? '') - Date.parse(b.updatedAt ?? ''));
  toStart.forEach((repo, ahead) => {
    if (ahead === 0) return;
    waits.set(repo.name, {
      text: `Waiting for its start: the target account’s writes go one a second (${ahead} before it)`,
    });
  });

  for (const repo of repos) {
    const claim = repo.validationClaim;
    if (repo.step === 'validating' && !repo.validation && claim) {
      const since = Date.parse(claim.at);
      if (now - since >= 60_000) {
        waits.set(repo.name, {
          text: `Validated by a gateway’s look since ${formatClockTime(since)}; if that gateway stopped, another takes it over at ${formatClockTime(since + VALIDATION_CLAIM_MS)}`,
        });
      }
    }
    const hung = hungForMs(repo, now, move.updatedAt);
    if (hung !== undefined) {
      waits.set(repo.name, {
        text: `GitHub has held this import at PENDING_VALIDATION for ${formatDuration(hung)}: a known hang of GitHub’s importer (gh-gei#1296) that seldom ends by itself. Abort it, then Retry.`,
        actionable: true,
      });
    }
  }
  return waits;
}
