import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { AlertResumeChoice } from '@/contracts/alerts';
import { eventsText } from '../utils/held-text';

export interface ResumeTargetDialogProps {
  open: boolean;
  name: string;
  held: number;
  busy?: boolean;
  onChoose: (choice: AlertResumeChoice) => void;
  onClose: () => void;
}

/**
 * Resume a target that holds events: send them (oldest first) or discard them. Staying paused is the focused
 * choice, so Enter on an opened dialog changes nothing; Escape closes it too.
 */
export function ResumeTargetDialog({ open, name, held, busy, onChoose, onClose }: ResumeTargetDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{`Resume “${name}”?`}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {eventsText(held)} came for it while it was paused. Send {held === 1 ? 'it' : 'them'} now, in the
          order {held === 1 ? 'it' : 'they'} happened, or discard {held === 1 ? 'it' : 'them'}: either way,
          what happens from now on is sent.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          Keep it paused
        </Button>
        <Button color="error" onClick={() => onChoose('discard')} disabled={busy}>
          {held === 1 ? 'Discard it' : 'Discard them'}
        </Button>
        <Button variant="contained" onClick={() => onChoose('send')} disabled={busy}>
          {held === 1 ? 'Send the 1 waiting' : `Send the ${held} waiting`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
