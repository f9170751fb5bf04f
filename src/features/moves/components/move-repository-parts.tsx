import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { silentForMs, type Move, type MoveRepository } from '@/contracts/move-run';
import { useNow } from '@/hooks/use-now';
import { formatClockTime, formatDuration } from '@/lib/format';
import { ToneChip } from '@/components/tone-chip';
import type { MoveAction } from '../api/move-queries';
import { moveHref } from '../paths';
import type { RepositoryWait } from '../utils/move-waits';
import {
  canAbort,
  canRetry,
  canUnlock,
  failureRemedy,
  sourceText,
  stepText,
  stepTone,
} from '../utils/move-steps';

/** What one repository shows, the same in the wide table and in the phone's list. */
export interface MoveRepositoryPartProps {
  repo: MoveRepository;
}

export function RepositoryNames({ repo }: MoveRepositoryPartProps) {
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {repo.name} → {repo.targetName}{' '}
      <Typography component="span" variant="body2" color="text.secondary">
        ({repo.visibility})
      </Typography>
    </Typography>
  );
}

/** The remedy's element, which the row's Retry names as its description. */
const remedyId = (name: string) => `move-remedy-${name}`;
/** A hung import's way out, which the row's Abort names as its description. */
const hangId = (name: string) => `move-hang-${name}`;

/**
 * The step as a chip, with GitHub's reason beside a failure (the chip would cut it) and its remedy when Ferry knows
 * the cause, the migration log the move saved (GitHub's "Please check the Migration Log" points there), and —
 * while the move runs — a repository that has stayed at its step longer than the step takes said to be.
 */
export function RepositoryStep({
  repo,
  moveId,
  running = false,
  waiting,
  wait,
}: MoveRepositoryPartProps & {
  moveId: string;
  running?: boolean;
  waiting?: Move['waiting'];
  /** What this repository waits for besides GitHub's hold (`repositoryWaits`). */
  wait?: RepositoryWait;
}) {
  const now = useNow(60_000);
  const text = stepText(repo);
  const failed = repo.step === 'failed';
  const remedy = failureRemedy(repo);
  const onItsWay = running && repo.step !== 'done' && repo.step !== 'failed';
  const silent = running ? silentForMs(repo, now) : undefined;
  // How long it has been at this step (GitHub's imports can hang in PENDING_VALIDATION: gh-gei#1296).
  const atStepMs = onItsWay && repo.updatedAt ? now - Date.parse(repo.updatedAt) : NaN;
  const heldUntil = onItsWay && waiting ? Date.parse(waiting.until) : NaN;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <ToneChip tone={stepTone(repo.step)} label={failed ? 'Failed' : text} />
      {failed ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {text}
        </Typography>
      ) : null}
      {remedy ? (
        <Typography variant="body2" id={remedyId(repo.name)}>
          {remedy}
        </Typography>
      ) : null}
      {repo.migration?.logFile ? (
        <Link
          href={moveHref.log(moveId, repo.name)}
          target="_blank"
          rel="noopener"
          variant="body2"
          aria-label={`Migration log of ${repo.name}`}
        >
          Migration log
        </Link>
      ) : null}
      {heldUntil > now ? (
        <Typography variant="body2" color="info.main">
          Waiting for {waiting?.for ?? 'GitHub'} until {formatClockTime(heldUntil)}
        </Typography>
      ) : null}
      {onItsWay && wait ? (
        <Typography
          variant="body2"
          color={wait.actionable ? 'warning.main' : 'text.secondary'}
          id={wait.actionable ? hangId(repo.name) : undefined}
        >
          {wait.text}
        </Typography>
      ) : null}
      {silent === undefined && atStepMs >= 60_000 ? (
        <Typography variant="body2" color="text.secondary">
          At this step for {formatDuration(atStepMs)}
        </Typography>
      ) : null}
      {silent !== undefined ? (
        <Typography variant="body2" color="warning.main">
          No change for {formatDuration(silent)}: longer than this step takes. The gateway’s log says why.
        </Typography>
      ) : null}
    </Stack>
  );
}

export function SourceLock({ repo, trial = false }: MoveRepositoryPartProps & { trial?: boolean }) {
  return (
    <Typography variant="body2" component="span">
      {sourceText(repo, trial)}
    </Typography>
  );
}

export interface RepositoryActionsProps extends MoveRepositoryPartProps {
  busy: boolean;
  onAction: (action: MoveAction) => void;
  /** GitHub's import hangs (`repositoryWaits`): Abort is the way out and says so. */
  hung?: boolean;
}

/** Retry a failed repository at once; an abort asks first (the page's dialog). */
export function RepositoryActions({ repo, busy, onAction, hung = false }: RepositoryActionsProps) {
  if (!canRetry(repo) && !canAbort(repo) && !canUnlock(repo)) return null;
  return (
    <Stack direction="row" spacing={1}>
      {canRetry(repo) ? (
        <Button
          size="small"
          disabled={busy}
          aria-label={`Retry ${repo.name}`}
          aria-describedby={failureRemedy(repo) ? remedyId(repo.name) : undefined}
          onClick={() => onAction({ kind: 'retry', repository: repo.name })}
        >
          Retry
        </Button>
      ) : null}
      {canAbort(repo) ? (
        <Button
          size="small"
          color="error"
          disabled={busy}
          aria-label={`Abort the import of ${repo.name}`}
          aria-describedby={hung ? hangId(repo.name) : undefined}
          onClick={() => onAction({ kind: 'abort', repository: repo.name })}
        >
          Abort
        </Button>
      ) : null}
      {canUnlock(repo) ? (
        <Button
          size="small"
          disabled={busy}
          aria-label={`Unlock the source of ${repo.name}`}
          onClick={() => onAction({ kind: 'unlock', repository: repo.name })}
        >
          Unlock
        </Button>
      ) : null}
    </Stack>
  );
}
