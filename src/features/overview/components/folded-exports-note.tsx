import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { overviewMovesQuery } from '../api/move-summaries-query';
import { foldedExportsText, type WaveWithExports } from '../utils/exports';

/**
 * Every export is folded under a wave: whose, a move's or a wave's (the moves' list is the moves section's
 * query, loaded with it: this note is loaded lazily, so the first page does not carry it).
 */
export function FoldedExportsNote({ waves }: { waves: readonly WaveWithExports[] }) {
  const moves = useQuery(overviewMovesQuery()).data;
  const moveWaveIds = moves
    ? new Set(moves.flatMap((move) => (move.waveId ? [move.waveId] : [])))
    : undefined;
  return <Typography color="text.secondary">{foldedExportsText(waves, moveWaveIds)}</Typography>;
}
