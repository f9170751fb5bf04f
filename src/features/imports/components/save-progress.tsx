import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatNumber } from '@/lib/format';
import type { SaveProgress as Progress } from '../hooks/use-author-save';
import { describeRemaining, remainingMs } from '../utils/save-estimate';
import { SAVE_SPACING_MS } from '../utils/save-spacing';

const HEADLINE: Record<Progress['status'], string> = {
  idle: '',
  saving: 'Saving one at a time',
  paused: 'Paused',
  stopped: 'Stopped',
  done: 'Saved',
};

/** Progress of the serial save, what is left and how long it takes, with pause/resume and stop. */
export function SaveProgress({
  progress,
  failed,
  onPause,
  onResume,
  onStop,
}: {
  progress: Progress;
  failed: number;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
}) {
  const { status, done, total } = progress;
  if (status === 'idle') return null;
  const remaining = total - done;
  const active = status === 'saving' || status === 'paused';
  return (
    <Box sx={{ mb: 2 }} role="region" aria-label="Saving author changes">
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ flex: 1, minWidth: 200 }}>
          {HEADLINE[status]}: {formatNumber(done)} of {formatNumber(total)}
          {active && remaining > 0
            ? ` · ${describeRemaining(remaining, remainingMs(remaining, SAVE_SPACING_MS, progress.averageWriteMs))}`
            : ''}
          {failed > 0 ? ` · ${formatNumber(failed)} failed` : ''}
          {status === 'stopped' && remaining > 0
            ? ` · the other ${formatNumber(remaining)} stay as unsaved edits`
            : ''}
        </Typography>
        {status === 'saving' ? (
          <Button size="small" onClick={onPause}>
            Pause saving
          </Button>
        ) : null}
        {status === 'paused' ? (
          <Button size="small" onClick={onResume}>
            Resume saving
          </Button>
        ) : null}
        {active ? (
          <Button size="small" onClick={onStop}>
            Stop saving
          </Button>
        ) : null}
      </Stack>
      <LinearProgress
        variant="determinate"
        value={total === 0 ? 0 : (done / total) * 100}
        aria-label="Saving author changes"
      />
    </Box>
  );
}
