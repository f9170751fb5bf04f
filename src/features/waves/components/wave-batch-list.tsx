import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BatchActions,
  BatchArchive,
  BatchState,
  BatchVerification,
  RepoList,
  RepoLocks,
} from './wave-batch-parts';
import type { WaveBatchesProps } from './wave-batches-table';

/** The phone's batches: one block per batch, its actions under its facts, all within the screen's width. */
export function WaveBatchList({ wave, onAction, busy }: WaveBatchesProps) {
  return (
    <Stack component="ul" aria-label="Batches" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {wave.batches.map((batch) => (
        <Paper
          key={batch.id}
          component="li"
          variant="outlined"
          aria-label={`Batch ${batch.id}`}
          sx={{ p: 1.5, minWidth: 0 }}
        >
          <Stack spacing={1}>
            <Typography variant="subtitle2" component="h3">
              Batch {batch.id}
              {batch.parentId ? ` (half of ${batch.parentId})` : ''}
            </Typography>
            <Box>
              <BatchState wave={wave} batch={batch} />
            </Box>
            <RepoList batch={batch} />
            <RepoLocks wave={wave} batch={batch} />
            <Typography variant="body2" component="div">
              Archive: <BatchArchive wave={wave} batch={batch} />
            </Typography>
            <BatchVerification batch={batch} />
            <BatchActions wave={wave} batch={batch} onAction={onAction} busy={busy} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
