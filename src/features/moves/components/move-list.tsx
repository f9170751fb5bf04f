import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingState } from '@/components/loading-state';
import { StaleDataNotice } from '@/components/stale-data-notice';
import { TableScroller } from '@/components/table-scroller';
import { ToneChip } from '@/components/tone-chip';
import type { MoveSummary } from '@/contracts/move-run';
import { formatDateTime, formatNumber } from '@/lib/format';
import { moveQueries } from '../api/move-queries';
import { moveHref } from '../paths';
import { MOVE_STATE_WORDS, moveStateTone } from '../utils/move-steps';

function MovesTable({ moves }: { moves: readonly MoveSummary[] }) {
  return (
    <TableScroller label="Moves">
      <Table size="small" aria-label="Moves">
        <TableHead>
          <TableRow>
            <TableCell>Started</TableCell>
            <TableCell>Source → target</TableCell>
            <TableCell>State</TableCell>
            <TableCell align="right">Done / failed of</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {moves.map((move) => (
            <TableRow key={move.id}>
              <TableCell>
                <Link component={RouterLink} to={moveHref.move(move.id)}>
                  {formatDateTime(Date.parse(move.createdAt))}
                </Link>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {move.source} → {move.target}
                {move.trial ? ' (trial)' : ''}
              </TableCell>
              <TableCell>
                <ToneChip
                  tone={moveStateTone(move.state, move.failed)}
                  label={MOVE_STATE_WORDS[move.state]}
                />
              </TableCell>
              <TableCell align="right">
                {formatNumber(move.done)} / {formatNumber(move.failed)} of {formatNumber(move.repositories)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroller>
  );
}

/** `/moves` below the plan: every move so far, each a link to its page. */
export function MoveList() {
  const moves = useQuery(moveQueries.list());
  return (
    <Paper variant="outlined" component="section" aria-labelledby="moves-heading" sx={{ p: 2 }}>
      <Typography id="moves-heading" variant="h6" component="h2" gutterBottom>
        Moves so far
      </Typography>
      <StaleDataNotice query={moves} what="The list of moves is shown" />
      {moves.data ? (
        moves.data.length === 0 ? (
          <Typography color="text.secondary">
            No move yet: plan one above, preview it, then start it.
          </Typography>
        ) : (
          <MovesTable moves={moves.data} />
        )
      ) : moves.error ? (
        <ErrorAlert error={moves.error} onRetry={() => void moves.refetch()} />
      ) : (
        <LoadingState label="Loading moves" query={moves} />
      )}
    </Paper>
  );
}
