import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import HighlightOffOutlined from '@mui/icons-material/HighlightOffOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Chip from '@mui/material/Chip';
import { URGENCY_LABEL, type UrgencyLevel } from '../utils/urgency';

const LOOK = {
  ok: { color: 'success', icon: <CheckCircleOutlined /> },
  'runs-out': { color: 'warning', icon: <WarningAmberOutlined /> },
  low: { color: 'warning', icon: <WarningAmberOutlined /> },
  critical: { color: 'error', icon: <ErrorOutlined /> },
  exhausted: { color: 'error', icon: <HighlightOffOutlined /> },
} as const;

/** Colour, icon and text together: colour is never the only signal. */
export function UrgencyChip({ level }: { level: UrgencyLevel }) {
  const look = LOOK[level];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={look.color}
      icon={look.icon}
      label={URGENCY_LABEL[level]}
      // The words keep the body colour: MUI's warning tone on white misses WCAG AA for small text.
      sx={{ '& .MuiChip-label': { color: 'text.primary' } }}
    />
  );
}
