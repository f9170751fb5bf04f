import Card from '@mui/material/Card';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** One titled region of the overview; its heading names it for assistive technology. */
export function OverviewSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} variant="outlined">
      {/* A padded Box rather than CardContent: one chunk less on the first page. */}
      <Box sx={{ p: 2 }}>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </Box>
    </Card>
  );
}
