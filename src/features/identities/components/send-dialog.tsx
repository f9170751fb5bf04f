import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatNumber } from '@/lib/format';

export interface SendProgress {
  answered: number;
  total: number;
}

export interface SendDialogProps {
  open: boolean;
  target: string;
  /** How many mannequins the sending takes (those shown, chosen and not yet reclaimed). */
  count: number;
  skipInvitation: boolean;
  onSkipInvitation: (skip: boolean) => void;
  busy: boolean;
  /** While sending: how many have an answer so far (the gateway sends ~4 a second). */
  progress?: SendProgress;
  onConfirm: () => void;
  onClose: () => void;
}

/** Ask before sending attribution invitations (or reattributing, EMU), then say how far the sending is. */
export function SendDialog({
  open,
  target,
  count,
  skipInvitation,
  onSkipInvitation,
  busy,
  progress,
  onConfirm,
  onClose,
}: SendDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title={skipInvitation ? 'Reattribute without invitations?' : 'Send attribution invitations?'}
      confirmLabel={`${skipInvitation ? 'Reattribute' : 'Send'} ${count}`}
      cancelLabel="Not now"
      busy={busy}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      {skipInvitation
        ? `GitHub gives each mannequin’s issues, pull requests and comments in ${target} to the chosen member at once, without asking them; it cannot be undone from Ferry.`
        : `GitHub e-mails each chosen member an invitation to take over the mannequin’s issues, pull requests and comments in ${target}; it cannot be withdrawn from Ferry.`}{' '}
      {count} mannequin{count === 1 ? '' : 's'}, about 4 a second.
      <FormControlLabel
        sx={{ display: 'flex', mt: 1 }}
        control={
          <Checkbox
            checked={skipInvitation}
            onChange={(event) => onSkipInvitation(event.target.checked)}
            disabled={busy}
          />
        }
        label="Reattribute at once, without invitations (organizations of Enterprise Managed Users only; GitHub refuses it elsewhere)"
      />
      {busy ? (
        <>
          <LinearProgress
            variant={progress ? 'determinate' : 'indeterminate'}
            value={progress ? (100 * progress.answered) / Math.max(1, progress.total) : undefined}
            aria-label="Sending"
            sx={{ mt: 1 }}
          />
          <Typography variant="body2" role="status" sx={{ mt: 0.5 }}>
            {formatNumber(progress?.answered ?? 0)} of {formatNumber(progress?.total ?? count)} answered…
          </Typography>
        </>
      ) : null}
    </ConfirmDialog>
  );
}
