import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';

const LOOK: Record<string, { color: 'default' | 'info' | 'success' | 'error'; icon: ReactElement }> = {
  pending: { color: 'default', icon: <HourglassEmptyOutlined /> },
  exporting: { color: 'info', icon: <SyncOutlined /> },
  exported: { color: 'success', icon: <CheckCircleOutlined /> },
  failed: { color: 'error', icon: <ErrorOutlined /> },
};

/** A migration state as text plus icon (colour is never the only signal); unknown states shown as they come. */
export function StateChip({ state, size = 'small' }: { state: string; size?: 'small' | 'medium' }) {
  const look = LOOK[state] ?? { color: 'default' as const, icon: <HelpOutlineOutlined /> };
  // The label stays in the body text colour: MUI's info/warning tones on white miss WCAG AA for small text.
  return (
    <Chip
      size={size}
      variant="outlined"
      color={look.color}
      icon={look.icon}
      label={state}
      sx={{ '& .MuiChip-label': { color: 'text.primary' } }}
    />
  );
}
