import Chip from '@mui/material/Chip';

export type Tone = 'default' | 'info' | 'success' | 'error' | 'warning';

/**
 * A state as words on an outlined chip: the tone colours the outline, the words keep the text colour, so
 * every tone passes contrast in both schemes (MUI's filled warning and info chips do not), and colour is
 * never the only signal.
 */
export function ToneChip({ tone, label }: { tone: Tone; label: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={tone}
      label={label}
      sx={{ '& .MuiChip-label': { color: 'text.primary' } }}
    />
  );
}
