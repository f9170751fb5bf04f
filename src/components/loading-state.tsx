import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** An accessible loading state: screen readers and tests find it by its label. */
export function LoadingState({ label = 'Loading' }: { label?: string }) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 3 }}>
      <CircularProgress size={24} aria-hidden />
      <Typography color="text.secondary">{label}…</Typography>
    </Box>
  );
}
