import { isImportFinished, type SourceImport } from '@/contracts/github/source-import';
import { pollInterval, type PollPhase } from '@/lib/polling-policy';

/** The stepper's steps, in order. */
export const STEPS = ['detecting', 'importing', 'mapping', 'pushing', 'complete'] as const;
export type Step = (typeof STEPS)[number];

export type Problem =
  'auth_failed' | 'detection_needs_auth' | 'detection_found_multiple' | 'detection_found_nothing' | 'error';

const PROBLEMS: readonly string[] = [
  'auth_failed',
  'detection_needs_auth',
  'detection_found_multiple',
  'detection_found_nothing',
  'error',
];

export function problemOf(status: string): Problem | undefined {
  return PROBLEMS.includes(status) ? (status as Problem) : undefined;
}

/** Which step an import is at (problem states sit on the step they interrupted). */
export function stepOf(item: Pick<SourceImport, 'status' | 'failedStep'>): Step {
  switch (item.status) {
    case 'detecting':
    case 'detection_needs_auth':
    case 'detection_found_multiple':
    case 'detection_found_nothing':
      return 'detecting';
    case 'importing':
    case 'auth_failed':
      return 'importing';
    case 'mapping':
    case 'waiting_to_push':
      return 'mapping';
    case 'pushing':
      return 'pushing';
    case 'complete':
      return 'complete';
    case 'error':
      switch (item.failedStep) {
        case 'detect':
        case 'detecting':
          return 'detecting';
        case 'rewrite':
        case 'mapping':
          return 'mapping';
        case 'push':
        case 'pushing':
          return 'pushing';
        default:
          return 'importing';
      }
    default:
      return 'importing';
  }
}

/** True when an LFS decision holds the push back. */
export function waitsForLfs(item: Pick<SourceImport, 'status' | 'hasLargeFiles' | 'useLfs'>): boolean {
  return item.hasLargeFiles && item.useLfs === 'undecided' && item.status === 'waiting_to_push';
}

/** Polling: stop at complete/error, wait for the user in problem states and while the LFS choice is pending. */
export function importPollPhase(item: SourceImport | null | undefined): PollPhase {
  if (!item) return 'terminal';
  if (isImportFinished(item.status)) return 'terminal';
  if (problemOf(item.status) || waitsForLfs(item)) return 'waiting-for-user';
  return 'active';
}

export function importRefetchInterval(
  item: SourceImport | null | undefined,
  unchangedMs: number,
  rateLimitedForMs = 0,
): number | false {
  return pollInterval({ phase: importPollPhase(item), unchangedMs, rateLimitedForMs });
}

/** Authors can be mapped until new commits are pushed. */
export function mappingClosed(item: Pick<SourceImport, 'status' | 'failedStep'>): boolean {
  if (item.status === 'pushing' || item.status === 'complete') return true;
  return item.status === 'error' && stepOf(item) === 'pushing';
}

/**
 * Which commit-author list the page needs. Authors are discovered during the raw step, so the list is
 * refetched as it grows, but at most once per 10 % of that step (10,000 authors are not re-read every poll).
 */
export function authorsVersion(
  item: Pick<SourceImport, 'status' | 'importPercent' | 'authorsCount'>,
): string {
  if (item.status === 'importing') return `importing-${Math.floor((item.importPercent ?? 0) / 10)}`;
  return `authors-${item.authorsCount ?? 0}`;
}

/**
 * How many authors the list holds, when the status can say: once the raw step is over `authors_count` is
 * the whole list, so an answer that long needs no `?since=` follow-up. Undefined while authors are still
 * being discovered.
 */
export function authorsExpected(item: Pick<SourceImport, 'status' | 'authorsCount'>): number | undefined {
  return item.status === 'importing' ? undefined : item.authorsCount;
}
