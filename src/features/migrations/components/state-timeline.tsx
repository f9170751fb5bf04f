import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/lib/format';
import type { StateSeen } from '../utils/local-memory';
import { StateChip } from './state-chip';

/** The state changes this browser has seen, oldest first (GitHub keeps no history of a migration). */
export function StateTimeline({ states }: { states: readonly StateSeen[] }) {
  if (states.length === 0) return null;
  return (
    <>
      <Typography variant="h6" component="h2">
        Timeline
      </Typography>
      <List dense aria-label="State changes seen">
        {states.map((entry) => (
          <ListItem key={`${entry.state}-${entry.at}`} disableGutters sx={{ gap: 1 }}>
            <StateChip state={entry.state} />
            <ListItemText primary={formatDateTime(entry.at)} />
          </ListItem>
        ))}
      </List>
    </>
  );
}
