import Chip from '@mui/material/Chip';

type Tone = 'default' | 'info' | 'success' | 'error' | 'warning';

const TONES: Record<string, Tone> = {
  pending: 'default',
  exporting: 'info',
  exported: 'success',
  failed: 'error',
  complete: 'success',
  error: 'error',
  auth_failed: 'warning',
  detection_needs_auth: 'warning',
  detection_found_multiple: 'warning',
  detection_found_nothing: 'warning',
};

/** A state as words on an outlined chip (colour is never the only signal); unknown states as they come. */
export function StatusChip({ status }: { status: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={TONES[status] ?? 'default'}
      label={status.replaceAll('_', ' ')}
      sx={{ '& .MuiChip-label': { color: 'text.primary' } }}
    />
  );
}
