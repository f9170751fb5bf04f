import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingState } from '@/components/loading-state';
import { ToneChip } from '@/components/tone-chip';
import { formatDateTime } from '@/lib/format';
import { overviewMovesQuery } from '../api/move-summaries-query';
import type { OverviewLinks } from '../links';
import { moveLine, moveStateSummary } from '../utils/move-lines';
import { OverviewSection } from './overview-section';

/** Ferry's moves, newest first (as the gateway lists them): state, source → target, done and failed of n. */
export function MovesSection({ links }: { links: OverviewLinks }) {
  const query = useQuery(overviewMovesQuery());
  const moves = query.data;
  return (
    <OverviewSection title="Moves">
      {!moves ? (
        query.isError ? (
          <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingState label="Loading the moves" />
        )
      ) : moves.length === 0 ? (
        <Alert severity="info" role="status">
          No moves yet. Plan one in <strong>Moves</strong> to take an organization into GitHub.com.
          <Button component={Link} to={links.moves} size="small" sx={{ ml: 1 }}>
            Go to Moves
          </Button>
        </Alert>
      ) : (
        <List dense disablePadding aria-label="Moves">
          {moves.map((move) => {
            const summary = moveStateSummary(move);
            return (
              <ListItem key={move.id} disablePadding>
                <ListItemButton component={Link} to={links.move(move.id)} sx={{ gap: 1, borderRadius: 1 }}>
                  <ListItemText
                    primary={`${move.source} → ${move.target}, ${formatDateTime(Date.parse(move.createdAt))}`}
                    secondary={moveLine(move)}
                  />
                  <ToneChip tone={summary.tone} label={summary.label} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
    </OverviewSection>
  );
}
