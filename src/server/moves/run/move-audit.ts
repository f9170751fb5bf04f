import type { Move, MoveRepository } from '@/contracts/move-run';

/**
 * What a move's jobs did for the person who started it, as audit entries (issue 51: background work acting for a
 * person records that person). Read from one recorded change — the move before and after — so each thing done is
 * recorded once, by the look whose change made it, whichever gateway that was. The writes on GitHub a team asks
 * "who did this?" of: an export started (it locks the source), an import started on the target, a source
 * unlocked, archived, a trial's repository deleted; and each repository's and the move's end.
 */
export interface MoveAuditEntry {
  action: string;
  target: string;
  outcome: string;
}

const EXPORT_STARTED = new Set<MoveRepository['step']>(['waiting']);

function repositoryEntries(move: Move, before: MoveRepository | undefined, after: MoveRepository) {
  const target = `/api/moves/${move.id}/repositories/${encodeURIComponent(after.name)}`;
  const entry = (what: string, outcome = 'ok'): MoveAuditEntry => ({
    action: `JOB move ${what}`,
    target,
    outcome,
  });
  const entries: MoveAuditEntry[] = [];
  if (!before) return entries;
  if (EXPORT_STARTED.has(before.step) && after.step === 'exporting') entries.push(entry('export-started'));
  if (!before.migration?.id && after.migration?.id) entries.push(entry('import-started'));
  if (before.sourceLock !== 'unlocked' && after.sourceLock === 'unlocked')
    entries.push(entry('source-unlocked'));
  if (!before.sourceArchived && after.sourceArchived) entries.push(entry('source-archived'));
  if (!before.trialDeleted && after.trialDeleted) entries.push(entry('trial-deleted'));
  if (before.step !== after.step && (after.step === 'done' || after.step === 'failed'))
    entries.push(entry(`repository-${after.step}`, after.step === 'done' ? 'ok' : 'failed'));
  return entries;
}

export function moveAuditEntries(before: Move, after: Move): MoveAuditEntry[] {
  if (before === after) return [];
  const earlier = new Map(before.repositories.map((repo) => [repo.name, repo]));
  const entries = after.repositories.flatMap((repo) =>
    repo === earlier.get(repo.name) ? [] : repositoryEntries(after, earlier.get(repo.name), repo),
  );
  // A cancel is a person's write, recorded by the route as them; the jobs end a move completed or failed.
  if (before.state !== after.state && (after.state === 'completed' || after.state === 'failed'))
    entries.push({
      action: 'JOB move ended',
      target: `/api/moves/${after.id}`,
      outcome: after.state === 'completed' ? 'ok' : 'failed',
    });
  return entries;
}
