import type { Tone } from '@/components/tone-chip';
import { isRulesetRefusal, MIGRATIONS_BYPASS_REMEDY } from '@/contracts/github/rulesets';
import type { AfterValidation, MoveRepository, MoveRepositoryStep, MoveState } from '@/contracts/move-run';
import type { SideValue, ValidationField } from '@/contracts/moves-validation';

/** A repository's step in the words of someone watching a move (the contract's names are the machine's). */
export const STEP_WORDS: Record<MoveRepositoryStep, string> = {
  waiting: 'Waiting to export',
  exporting: 'Exporting',
  verified: 'Archive verified',
  uploading: 'Uploading',
  uploaded: 'Uploaded',
  queued: 'Queued for import',
  importing: 'Importing',
  validating: 'Validating',
  done: 'Done',
  failed: 'Failed',
  aborted: 'Aborted',
  cancelled: 'Cancelled',
};

/** What the move does to a validated repository's source, as its page says it. */
export const AFTER_VALIDATION_WORDS: Record<AfterValidation, string> = {
  unlock: 'source unlocked',
  'keep-locked': 'source kept locked',
  archive: 'source unlocked, then archived',
};

/**
 * The source column: its lock, or Archived once GitHub confirmed it (`afterValidation: 'archive'`); a trial's
 * source is never touched, and its target repository is deleted once validated.
 */
export function sourceText(repo: MoveRepository, trial = false): string {
  if (trial) return repo.trialDeleted ? 'Untouched; trial repository deleted' : 'Untouched (trial)';
  if (repo.sourceArchived) return 'Archived';
  if (repo.sourceLock === 'locked' && repo.unlockAsked) return 'Unlocking';
  return repo.sourceLock === 'locked' ? 'Locked' : repo.sourceLock === 'unlocked' ? 'Unlocked' : '—';
}

/** Failed without a reason of GitHub's: the validation's own, else that none was given. */
function failureReason(repo: MoveRepository): string {
  const reason = repo.error ?? repo.migration?.failureReason ?? repo.validation?.reason;
  if (reason) return reason;
  return repo.validation?.result === 'failed' ? 'the target differs from the archive' : 'no reason given';
}

/** "Importing", "Uploading (40%)", "Failed: <GitHub's reason>". */
export function stepText(repo: MoveRepository): string {
  if (repo.step === 'failed') return `Failed: ${failureReason(repo)}`;
  const sent = repo.upload?.bytesSent;
  const total = repo.archive?.bytes;
  if (repo.step === 'uploading' && sent !== undefined && total !== undefined && total > 0)
    return `Uploading (${Math.min(100, Math.floor((sent / total) * 100))}%)`;
  return STEP_WORDS[repo.step];
}

/**
 * What fixes a failure whose cause Ferry knows: a ruleset without the Repository migrations bypass refused the
 * import's push (GitHub's GH013) — the preview's remedy, in its words, then a retry.
 */
export function failureRemedy(repo: MoveRepository): string | undefined {
  if (repo.step !== 'failed' || !isRulesetRefusal(failureReason(repo))) return undefined;
  return `A ruleset of the target organization applies to this repository without letting Repository migrations bypass: GitHub failed the import. ${MIGRATIONS_BYPASS_REMEDY} Retry once fixed.`;
}

export function stepTone(step: MoveRepositoryStep): Tone {
  if (step === 'done') return 'success';
  if (step === 'failed') return 'error';
  if (step === 'aborted' || step === 'cancelled') return 'warning';
  if (step === 'waiting') return 'default';
  return 'info';
}

export const MOVE_STATE_WORDS: Record<MoveState, string> = {
  running: 'Running',
  paused: 'Paused',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** A completed move with failed repositories is not shown as a plain success. */
export function moveStateTone(state: MoveState, failed: number): Tone {
  if (state === 'completed') return failed > 0 ? 'warning' : 'success';
  if (state === 'failed') return 'error';
  if (state === 'cancelled' || state === 'paused') return 'warning';
  return 'info';
}

/** Retry a failed or aborted repository; abort one whose import GitHub holds or runs (the gateway decides the rest). */
export const canRetry = (repo: MoveRepository) => repo.step === 'failed' || repo.step === 'aborted';
export const canAbort = (repo: MoveRepository) => repo.step === 'queued' || repo.step === 'importing';
/** A source the move locked and left locked (failed validation, aborted, a cancel that kept it): "Unlock". */
export const canUnlock = (repo: MoveRepository) =>
  repo.sourceLock === 'locked' &&
  !repo.unlockAsked &&
  (repo.step === 'failed' || repo.step === 'aborted' || repo.step === 'cancelled');

export const FIELD_WORDS: Record<ValidationField, string> = {
  repository: 'Repository',
  defaultBranch: 'Default branch',
  headOid: 'Head commit',
  commits: 'Commits',
  branches: 'Branches',
  tags: 'Tags',
  issues: 'Issues',
  'pullRequests.open': 'Open pull requests',
  'pullRequests.closed': 'Closed pull requests',
  'pullRequests.merged': 'Merged pull requests',
  releases: 'Releases',
  protectedBranches: 'Protected branches',
};

/** A field the gateway names that this page does not know yet is shown by its own name. */
export const fieldWords = (field: string) => FIELD_WORDS[field as ValidationField] ?? field;

/** One side's value: a missing one says so; a head commit is shortened as GitHub shows it. */
export function sideText(field: string, value: SideValue): string {
  if (value === null) return 'missing';
  if (typeof value === 'number') return value.toLocaleString('en');
  return field === 'headOid' ? value.slice(0, 7) : value;
}
