import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Checkbox from '@mui/material/Checkbox';
import { useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import type { AfterValidation } from '@/contracts/move-run';
import type { MovePlanRequest, MovePreview } from '@/contracts/moves';
import { useStartMove } from '../api/move-queries';
import { moveHref } from '../paths';
import { startBlockedBecause, trialRequest, TRIAL_SAMPLE_SIZE, type TrialSample } from '../utils/move-start';

export interface MoveStartControlsProps {
  /** The plan as previewed (undefined until a preview answered; a change to the form clears it). */
  planned: { request: MovePlanRequest; preview: MovePreview } | undefined;
  /** Why the shown preview no longer is the plan (choices changed since): Start waits for a new preview. */
  staleBecause?: string;
  /** What happens to the sources once validated: part of the plan (archive adds a pre-flight check). */
  afterValidation: AfterValidation;
  onAfterValidation: (value: AfterValidation) => void;
  /** The form's own buttons (Preview), first in the row. */
  children: ReactNode;
}

/**
 * What happens to the sources once validated (a change asks for a new preview: archiving needs admin rights on
 * each source), and "Start move": enabled once a preview found repositories ready
 * and every token able. A refusal (the gateway's 422 with its reason, a 503) is said beside the button and the
 * plan stays as it is.
 */
export function MoveStartControls({
  planned,
  staleBecause,
  afterValidation,
  onAfterValidation,
  children,
}: MoveStartControlsProps) {
  const start = useStartMove();
  const navigate = useNavigate();
  const labelId = useId();
  const noteId = useId();
  const trialNoteId = useId();
  const [keepTrial, setKeepTrial] = useState(false);
  const blocked = staleBecause ?? startBlockedBecause(planned?.preview);
  const opened = { onSuccess: (move: { id: string }) => void navigate(moveHref.move(move.id)) };
  const onStart = () => {
    if (!planned || blocked) return;
    start.mutate({ ...planned.request, afterValidation }, opened);
  };
  const onTrial = (sample: TrialSample) => {
    if (!planned || blocked) return;
    start.mutate(trialRequest(planned, sample, keepTrial), opened);
  };
  const ready = planned?.preview.ready ?? 0;
  return (
    <Stack spacing={1}>
      <FormControl>
        <FormLabel id={labelId}>After validation</FormLabel>
        <RadioGroup
          row
          aria-labelledby={labelId}
          value={afterValidation}
          onChange={(event) => onAfterValidation(event.target.value as AfterValidation)}
        >
          <FormControlLabel value="unlock" control={<Radio />} label="Unlock the source" />
          <FormControlLabel value="keep-locked" control={<Radio />} label="Keep the source locked" />
          <FormControlLabel value="archive" control={<Radio />} label="Archive the source" />
        </RadioGroup>
      </FormControl>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {children}
        <Button
          variant="contained"
          disabled={blocked !== undefined || start.isPending}
          aria-describedby={blocked ? noteId : undefined}
          onClick={onStart}
        >
          Start move
        </Button>
        {blocked ? (
          <Typography id={noteId} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {blocked}
          </Typography>
        ) : null}
      </Stack>
      {/* A trial: nothing locked, imported under names of its own, validated, then deleted from the target. */}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          disabled={blocked !== undefined || start.isPending}
          aria-describedby={trialNoteId}
          onClick={() => onTrial('all')}
        >
          Trial move
        </Button>
        {ready > TRIAL_SAMPLE_SIZE ? (
          <Button
            variant="outlined"
            disabled={blocked !== undefined || start.isPending}
            aria-describedby={trialNoteId}
            onClick={() => onTrial('largest')}
          >
            Trial of the {TRIAL_SAMPLE_SIZE} largest
          </Button>
        ) : null}
        <FormControlLabel
          control={<Checkbox checked={keepTrial} onChange={(event) => setKeepTrial(event.target.checked)} />}
          label="Keep the trial repositories"
        />
      </Stack>
      <Typography id={trialNoteId} variant="body2" color="text.secondary">
        A trial locks nothing on the source: each repository is imported as “name-ferry-trial-…”, validated
        like a real move, then deleted from the target unless kept. The real names stay free for the move.
      </Typography>
      {start.error ? <ErrorAlert error={start.error} context="Start" /> : null}
    </Stack>
  );
}
