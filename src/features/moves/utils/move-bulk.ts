import {
  isStuckImport,
  MOVE_REPOSITORY_STEPS,
  type Move,
  type MoveBulkAction,
  type MoveRepository,
  type MoveRepositoryStep,
} from '@/contracts/move-run';
import { formatKib } from '@/lib/format';
import { countOf } from '@/lib/wave-summary';
import { canUnlock } from './move-steps';

/**
 * Many at once (issue 48): which repositories each toolbar action takes, what it costs in words, and the
 * table's filters. Pure: the page passes the move and the time.
 */

/** "Retry all failed": failed only (an aborted one was stopped on purpose; its row still offers Retry). */
export function bulkTargets(move: Move, now: number): Record<MoveBulkAction, MoveRepository[]> {
  return {
    retry: move.repositories.filter((repo) => repo.step === 'failed'),
    abort:
      move.state === 'running' || move.state === 'paused'
        ? move.repositories.filter((repo) => isStuckImport(repo, now, move.updatedAt))
        : [],
    unlock: move.repositories.filter(canUnlock),
  };
}

/** What each action does to the repositories it takes, and what it sends to GitHub (the runner's own steps). */
export function bulkCostWords(action: MoveBulkAction, repos: readonly MoveRepository[]): string[] {
  if (action === 'abort') {
    const started = repos.filter((repo) => repo.migration?.id).length;
    return [
      'GitHub stops each import; its source stays locked, and its row’s Retry starts it again.',
      `Cost: ${countOf(started, 'abort request', 'abort requests')} to the target (one GraphQL mutation per import GitHub holds).`,
    ];
  }
  if (action === 'unlock') {
    const differ = repos.filter((repo) => repo.validation?.result === 'failed').length;
    return [
      'People can push to these sources again; the move does not validate them again.',
      ...(differ > 0
        ? [
            `${countOf(differ, 'of them failed', 'of them failed')} validation: the target differs from the archive, and the move kept the source locked so nobody writes to a repository whose copy is incomplete.`,
          ]
        : []),
      `Cost: ${countOf(repos.length, 'write', 'writes')} to the source GitHub, one a second.`,
    ];
  }
  const validate = repos.filter((repo) => repo.migration?.state === 'SUCCEEDED');
  const upload = repos.filter((repo) => repo.migration?.state !== 'SUCCEEDED' && repo.archive);
  const exports = repos.length - validate.length - upload.length;
  const bytes = upload.reduce((sum, repo) => sum + (repo.archive?.bytes ?? 0), 0);
  const starts = upload.length + exports;
  return [
    'Each goes again from where it stopped.',
    ...(exports > 0
      ? [
          `${countOf(exports, 'export', 'exports')} again on the source: 3–5 REST requests each (start, status checks, archive link); each source is locked while it moves.`,
        ]
      : []),
    ...(upload.length > 0
      ? [
          `${countOf(upload.length, 'archive', 'archives')} Ferry holds uploaded again (${formatKib(bytes / 1024)}).`,
        ]
      : []),
    ...(starts > 0
      ? [
          `${countOf(starts, 'import', 'imports')} started again on the target: one GraphQL start each (1 point), then the status polls the move already makes (one request for all its imports).`,
        ]
      : []),
    `Validation: one count query per 50 repositories on each side.`,
  ];
}

export const RESULT_FILTERS = ['all', 'done', 'failed', 'running', 'stopped'] as const;
export type ResultFilter = (typeof RESULT_FILTERS)[number];
export const RESULT_WORDS: Record<ResultFilter, string> = {
  all: 'Any result',
  done: 'Done',
  failed: 'Failed',
  running: 'Still running',
  stopped: 'Aborted or cancelled',
};

export interface RepositoryFilter {
  step: MoveRepositoryStep | 'all';
  result: ResultFilter;
  search: string;
}

export const NO_FILTER: RepositoryFilter = { step: 'all', result: 'all', search: '' };

const STEPS: readonly string[] = MOVE_REPOSITORY_STEPS;
export const isStepFilter = (value: string): value is RepositoryFilter['step'] =>
  value === 'all' || STEPS.includes(value);
export const isResultFilter = (value: string): value is ResultFilter =>
  (RESULT_FILTERS as readonly string[]).includes(value);

function resultOf(repo: MoveRepository): ResultFilter {
  if (repo.step === 'done' || repo.step === 'failed') return repo.step;
  return repo.step === 'aborted' || repo.step === 'cancelled' ? 'stopped' : 'running';
}

/** The rows the filters keep: a step, a result, and a search in the source's or the target's name. */
export function filterRepositories(
  repos: readonly MoveRepository[],
  filter: RepositoryFilter,
): readonly MoveRepository[] {
  const search = filter.search.trim().toLowerCase();
  if (filter.step === 'all' && filter.result === 'all' && search === '') return repos;
  return repos.filter(
    (repo) =>
      (filter.step === 'all' || repo.step === filter.step) &&
      (filter.result === 'all' || resultOf(repo) === filter.result) &&
      (search === '' ||
        repo.name.toLowerCase().includes(search) ||
        repo.targetName.toLowerCase().includes(search)),
  );
}
