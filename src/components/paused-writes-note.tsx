import Typography from '@mui/material/Typography';

/** Beside a disabled write: why it is disabled (a rate-limit pause). */
export function PausedWritesNote({ reason }: { reason?: string }) {
  return reason ? (
    <Typography variant="body2" color="warning.main" role="note">
      {reason}
    </Typography>
  ) : null;
}
