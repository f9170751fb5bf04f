import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A wide table on a narrow screen scrolls sideways inside this box, never the page: the box is a named,
 * focusable region (keyboard users scroll it with the arrow keys) and says that it scrolls.
 */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={`${label} (scrolls sideways on narrow screens)`}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        maxWidth: '100%',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </Box>
  );
}
