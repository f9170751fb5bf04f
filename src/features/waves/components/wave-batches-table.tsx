import type { Theme } from '@mui/material/styles';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { WaveView } from '@/contracts/waves';
import type { WaveAction } from '../api/wave-queries';
import { TableScroller } from '@/components/table-scroller';
import {
  BatchActions,
  BatchArchive,
  BatchState,
  BatchVerification,
  RepoList,
  RepoLocks,
} from './wave-batch-parts';
import { WaveBatchList } from './wave-batch-list';

export interface WaveBatchesProps {
  wave: WaveView;
  onAction: (action: WaveAction) => void;
  busy: boolean;
}

/**
 * One row per batch (split batches stay, marked, so the history is visible). On a phone the same batches are a
 * list of blocks: in a table their actions sat in the last column, reachable only by scrolling it sideways.
 */
export function WaveBatchesTable(props: WaveBatchesProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return phone ? <WaveBatchList {...props} /> : <WideBatchesTable {...props} />;
}

function WideBatchesTable({ wave, onAction, busy }: WaveBatchesProps) {
  return (
    <Paper variant="outlined">
      <TableScroller label="Batches">
        <Table size="small" aria-label="Batches">
          <TableHead>
            <TableRow>
              <TableCell>Batch</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Repositories</TableCell>
              <TableCell align="right">Archive</TableCell>
              <TableCell>Verification</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {wave.batches.map((batch) => (
              <TableRow key={batch.id} aria-label={`Batch ${batch.id}`}>
                <TableCell>
                  {batch.id}
                  {batch.parentId ? (
                    <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
                      half of {batch.parentId}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  <BatchState wave={wave} batch={batch} />
                </TableCell>
                <TableCell>
                  <RepoList batch={batch} />
                  <RepoLocks wave={wave} batch={batch} />
                </TableCell>
                <TableCell align="right">
                  <BatchArchive wave={wave} batch={batch} />
                </TableCell>
                <TableCell>
                  <BatchVerification batch={batch} />
                </TableCell>
                <TableCell>
                  <BatchActions wave={wave} batch={batch} onAction={onAction} busy={busy} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScroller>
    </Paper>
  );
}
