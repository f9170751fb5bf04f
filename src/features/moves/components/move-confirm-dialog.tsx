import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { Move } from '@/contracts/move-run';
import { countOf } from '@/lib/wave-summary';

/** Actions that cannot be undone ask first; the rest go at once. */
export type Confirming =
  | { kind: 'cancel'; keepLocked?: boolean }
  | { kind: 'abort'; repository: string }
  | { kind: 'unlock'; repository: string }
  | undefined;

/** Sources the move locked that a cancel would unlock: locked, not validated, no step done with them. */
const cancelUnlocks = (move: Move) =>
  move.repositories.filter(
    (repo) => repo.sourceLock === 'locked' && repo.step !== 'done' && repo.validation?.result !== 'failed',
  ).length;

function CancelWords({
  move,
  keepLocked,
  onKeepLocked,
}: {
  move: Move;
  keepLocked: boolean;
  onKeepLocked: (keep: boolean) => void;
}) {
  const locked = cancelUnlocks(move);
  return (
    <Stack spacing={1}>
      <Typography>
        Every repository not done is cancelled: nothing more is exported, uploaded, started or validated.
        Imports GitHub still runs are aborted there.
      </Typography>
      {locked > 0 ? (
        <>
          <Typography>
            {keepLocked
              ? `The ${countOf(locked, 'source', 'sources')} this move locked stay locked: unlock each from its row later.`
              : `The ${countOf(locked, 'source', 'sources')} this move locked and did not validate are unlocked (one write a second).`}
          </Typography>
          <FormControlLabel
            control={
              <Checkbox checked={keepLocked} onChange={(event) => onKeepLocked(event.target.checked)} />
            }
            label="Keep their sources locked"
          />
        </>
      ) : null}
    </Stack>
  );
}

function unlockWords(move: Move, name: string): string {
  const repo = move.repositories.find((found) => found.name === name);
  if (repo?.validation?.result === 'failed')
    return 'Its validation found differences: the move keeps its source locked so nobody writes to a repository whose copy is incomplete. Unlocking lets people push to the source again; the move does not validate it again.';
  return 'Its import did not finish: unlocking lets people push to the source again. A retry exports it again.';
}

/** The move page's one confirmation: cancel (with its unlock choice), abort an import, unlock a source anyway. */
export function MoveConfirmDialog({
  move,
  confirming,
  busy,
  onChange,
  onConfirm,
  onClose,
}: {
  move: Move;
  confirming: Confirming;
  busy: boolean;
  onChange: (next: Confirming) => void;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const words =
    confirming?.kind === 'abort'
      ? {
          title: `Abort the import of ${confirming.repository}?`,
          confirm: 'Abort the import',
          keep: 'Keep importing',
        }
      : confirming?.kind === 'unlock'
        ? {
            title: `Unlock the source of ${confirming.repository}?`,
            confirm: 'Unlock anyway',
            keep: 'Keep it locked',
          }
        : { title: 'Cancel this move?', confirm: 'Cancel the move', keep: 'Keep the move' };
  return (
    <ConfirmDialog
      open={confirming !== undefined}
      title={words.title}
      confirmLabel={words.confirm}
      cancelLabel={words.keep}
      destructive
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {confirming?.kind === 'abort' ? (
        'GitHub stops this repository’s import. Its source stays locked; Retry starts it again.'
      ) : confirming?.kind === 'unlock' ? (
        unlockWords(move, confirming.repository)
      ) : (
        <CancelWords
          move={move}
          keepLocked={confirming?.keepLocked === true}
          onKeepLocked={(keepLocked) => onChange({ kind: 'cancel', keepLocked })}
        />
      )}
    </ConfirmDialog>
  );
}
