import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { WaveBatch, WaveView } from '@/contracts/waves';
import { batchLock, repositoryLocks, type RepoLock } from '@/contracts/wave-locks';
import type { WaveAction } from '../api/wave-queries';
import { waveHref } from '../paths';
import { BATCH_STATE_LABELS, batchTone, downloadPercent, formatBytes } from '../utils/wave-format';
import { TableScroller } from '@/components/table-scroller';
import { ToneChip } from '@/components/tone-chip';

const SHOWN_NAMES = 3;

function repoList(batch: WaveBatch) {
  const shown = batch.repos.slice(0, SHOWN_NAMES).join(', ');
  const more = batch.repos.length - SHOWN_NAMES;
  return more > 0 ? (
    <Tooltip title={batch.repos.join(', ')}>
      <span>
        {shown} and {more} more
      </span>
    </Tooltip>
  ) : (
    shown
  );
}

/** What the batch's export did to its repositories' locks (only when the wave locks them). */
function lockState(wave: WaveView, batch: WaveView['batches'][number]): string {
  if (!wave.options.lockRepositories) return '';
  // A split batch's repositories are locked again, and unlocked, by its halves' exports.
  if (batch.state === 'split') return ' · locks passed to its halves';
  return ` · repositories ${LOCK_LABELS[batchLock(wave, batch)]}`;
}

const LOCK_LABELS: Record<RepoLock, string> = {
  'not-locked': 'not locked',
  locked: 'locked',
  unlocked: 'unlocked',
};

/** Each repository's lock, so a person sees what a wave leaves locked on GitHub. */
function RepoLocks({ wave, batch }: { wave: WaveView; batch: WaveBatch }) {
  if (!wave.options.lockRepositories || batch.state === 'split') return null;
  const locks = repositoryLocks(wave, batch);
  return (
    <Box
      component="ul"
      aria-label={`Locks of batch ${batch.id}`}
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, m: 0, p: 0, listStyle: 'none' }}
    >
      {batch.repos.map((repo) => (
        <Typography
          key={repo}
          component="li"
          variant="caption"
          color={locks[repo] === 'locked' ? 'text.primary' : 'text.secondary'}
          sx={{ fontWeight: locks[repo] === 'locked' ? 600 : undefined }}
        >
          {repo}: {LOCK_LABELS[locks[repo] ?? 'not-locked']}
        </Typography>
      ))}
    </Box>
  );
}

/** One row per batch (split batches stay, marked, so the history is visible). */
export function WaveBatchesTable({
  wave,
  onAction,
  busy,
}: {
  wave: WaveView;
  onAction: (action: WaveAction) => void;
  busy: boolean;
}) {
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
            {wave.batches.map((batch) => {
              const progress = wave.progress[String(batch.id)];
              const percent = downloadPercent(progress);
              const label = `Batch ${batch.id}`;
              return (
                <TableRow key={batch.id} aria-label={label}>
                  <TableCell>
                    {batch.id}
                    {batch.parentId ? (
                      <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
                        half of {batch.parentId}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    <ToneChip tone={batchTone(batch.state)} label={BATCH_STATE_LABELS[batch.state]} />
                    {batch.migrationId ? (
                      <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
                        export {batch.migrationId}
                        {batch.attempts > 1 ? `, attempt ${batch.attempts}` : ''}
                        {lockState(wave, batch)}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2">
                      {batch.repos.length} · {repoList(batch)}
                    </Typography>
                    <RepoLocks wave={wave} batch={batch} />
                  </TableCell>
                  <TableCell align="right">
                    {batch.state === 'downloading' ? (
                      <Stack spacing={0.5} sx={{ minWidth: 120 }}>
                        <LinearProgress
                          variant={percent === undefined ? 'indeterminate' : 'determinate'}
                          value={percent}
                          aria-label={`Download of batch ${batch.id}`}
                        />
                        <Typography variant="caption">
                          {progress ? formatBytes(progress.downloaded) : 'starting'}
                          {progress?.total ? ` of ${formatBytes(progress.total)}` : ''}
                        </Typography>
                      </Stack>
                    ) : batch.bytes !== undefined ? (
                      formatBytes(batch.bytes)
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell>
                    <Typography
                      variant="body2"
                      color={batch.verification?.ok === false ? 'error' : undefined}
                    >
                      {batch.verification?.message ?? batch.error ?? ''}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      {batch.state === 'verified' ? (
                        <Button
                          size="small"
                          component="a"
                          href={waveHref.archive(wave.id, batch.id)}
                          download
                          aria-label={`Download the archive of batch ${batch.id}`}
                        >
                          Download
                        </Button>
                      ) : null}
                      {batch.state === 'invalid' || batch.state === 'isolated' ? (
                        <Button
                          size="small"
                          disabled={busy}
                          onClick={() => onAction({ kind: 'retry', batch: batch.id })}
                          aria-label={`Retry batch ${batch.id}`}
                        >
                          Retry
                        </Button>
                      ) : null}
                      {wave.options.lockRepositories &&
                      batch.migrationId &&
                      !batch.unlocked &&
                      batch.state !== 'split' ? (
                        <Button
                          size="small"
                          disabled={busy}
                          onClick={() => onAction({ kind: 'unlock', batch: batch.id })}
                          aria-label={`Unlock the repositories of batch ${batch.id}`}
                        >
                          Unlock
                        </Button>
                      ) : null}
                    </Stack>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableScroller>
    </Paper>
  );
}
