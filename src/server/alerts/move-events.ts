import type { AlertEvent } from '@/contracts/alerts';
import type { Move, MoveRepository } from '@/contracts/move-run';
import type { SideValue, ValidationDifference } from '@/contracts/moves-validation';
import { ALERT_PAGES } from './alert-words';

/**
 * A move's writes as alert events (pure), as `waveEvents` does for waves: a repository done, failed (GitHub's
 * reason) or not validating (its differing fields), and the move at its end (counts). Each key names the
 * happening: a repository failing again after a retry is a new write, so its key carries the write's time.
 */

/** Differences named in a summary; the rest are counted (the page shows them all). */
const FIELDS_SHOWN = 5;
/** GitHub's reason is quoted up to this many characters. */
const REASON_MAX = 500;

const ENDED = new Set<Move['state']>(['completed', 'failed', 'cancelled']);

const sideWords = (value: SideValue) => (value === null ? 'none' : String(value));

/** "branches (source 3, archive 3, target 2)", the first few, then how many more. */
export function differenceWords(differences: readonly ValidationDifference[]): string {
  const shown = differences
    .slice(0, FIELDS_SHOWN)
    .map(
      (d) =>
        `${d.field} (source ${sideWords(d.source)}, archive ${sideWords(d.archive)}, target ${sideWords(d.target)})`,
    );
  const more = differences.length - shown.length;
  return more > 0 ? `${shown.join('; ')} and ${more} more` : shown.join('; ');
}

const clip = (text: string) => (text.length > REASON_MAX ? `${text.slice(0, REASON_MAX - 1)}…` : text);

function repositoryEvent(move: Move, repo: MoveRepository, at: string): AlertEvent | undefined {
  const from = `${move.source.login}/${repo.name}`;
  const to = `${move.target.login}/${repo.targetName}`;
  const base = {
    at,
    path: ALERT_PAGES.move(move.id),
    data: { move: move.id, repository: repo.name, target: to, step: repo.step },
  };
  if (repo.step === 'done')
    return {
      ...base,
      kind: 'move-repository-done',
      key: `move:${move.id}:${repo.name}:done`,
      summary: `${from} moved into ${to}: imported and validated; the source is ${repo.sourceLock === 'unlocked' ? 'unlocked' : 'left locked, as chosen'}.`,
    };
  if (repo.step !== 'failed') return undefined;
  const key = `move:${move.id}:${repo.name}:failed:${repo.updatedAt ?? move.updatedAt}`;
  const { validation } = repo;
  if (validation?.result === 'failed')
    return {
      ...base,
      key,
      kind: 'move-repository-invalid',
      summary: validation.differences.length
        ? `${to} does not match ${from}: ${differenceWords(validation.differences)}. The source stays locked.`
        : `${to} could not be validated: ${clip(validation.reason ?? 'a side could not be counted')}. The source stays locked.`,
      data: { ...base.data, differences: validation.differences.slice(0, 50) },
    };
  return {
    ...base,
    key,
    kind: 'move-repository-failed',
    summary: `The move of ${from} into ${to} failed: ${clip(repo.error ?? 'no reason given')}`,
    data: { ...base.data, error: repo.error ?? null },
  };
}

function finishedEvent(move: Move, at: string): AlertEvent {
  const count = (step: MoveRepository['step']) => move.repositories.filter((r) => r.step === step).length;
  const counts = { done: count('done'), failed: count('failed'), repositories: move.repositories.length };
  const figures = `${counts.done} of ${counts.repositories} repositories done, ${counts.failed} failed`;
  const what = `The move of ${move.source.login} into ${move.target.login}`;
  const summary =
    move.state === 'failed'
      ? `${what} stopped: ${clip(move.error ?? 'no reason given')} (${figures}).`
      : move.state === 'cancelled'
        ? `${what} was cancelled: ${figures}.`
        : `${what} finished: ${figures}.`;
  return {
    kind: 'move-finished',
    key: `move:${move.id}:${move.state}:${move.updatedAt}`,
    summary,
    at,
    path: ALERT_PAGES.move(move.id),
    data: {
      move: move.id,
      state: move.state,
      source: move.source.login,
      target: move.target.login,
      ...counts,
    },
  };
}

/** What a write of the move changed that people asked to be told. */
export function moveEvents(before: Move, after: Move, at: Date): AlertEvent[] {
  const stamp = at.toISOString();
  const stepBefore = new Map(before.repositories.map((repo) => [repo.name, repo.step]));
  const events: AlertEvent[] = [];
  for (const repo of after.repositories) {
    if (stepBefore.get(repo.name) === repo.step) continue;
    const event = repositoryEvent(after, repo, stamp);
    if (event) events.push(event);
  }
  if (after.state !== before.state && ENDED.has(after.state)) events.push(finishedEvent(after, stamp));
  return events;
}
