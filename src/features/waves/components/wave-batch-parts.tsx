import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { WaveBatch, WaveView } from '@/contracts/waves';
import { batchLock, repositoryLocks, type RepoLock } from '@/contracts/wave-locks';
import type { WaveAction } from '../api/wave-queries';
import { waveHref } from '../paths';
import { BATCH_STATE_LABELS, batchTone, downloadPercent, formatBytes } from '../utils/wave-format';
import { ToneChip } from '@/components/tone-chip';

/** What one batch shows, the same in the wide table and in the phone's list of batches. */
export interface BatchPartProps {
  wave: WaveView;
  batch: WaveBatch;
}

const SHOWN_NAMES = 3;

export function RepoList({ batch }: { batch: WaveBatch }) {
  const shown = batch.repos.slice(0, SHOWN_NAMES).join(', ');
  const more = batch.repos.length - SHOWN_NAMES;
  return (
    <Typography variant="body2">
      {batch.repos.length} ·{' '}
      {more > 0 ? (
        <Tooltip title={batch.repos.join(', ')}>
          <span>
            {shown} and {more} more
          </span>
        </Tooltip>
      ) : (
        shown
      )}
    </Typography>
  );
}

const LOCK_LABELS: Record<RepoLock, string> = {
  'not-locked': 'not locked',
  locked: 'locked',
  unlocked: 'unlocked',
};

/** What the batch's export did to its repositories' locks (only when the wave locks them). */
function lockState(wave: WaveView, batch: WaveBatch): string {
  if (!wave.options.lockRepositories) return '';
  // A split batch's repositories are locked again, and unlocked, by its halves' exports.
  if (batch.state === 'split') return ' · locks passed to its halves';
  return ` · repositories ${LOCK_LABELS[batchLock(wave, batch)]}`;
}

/** Each repository's lock, so a person sees what a wave leaves locked on GitHub. */
export function RepoLocks({ wave, batch }: BatchPartProps) {
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

export function BatchState({ wave, batch }: BatchPartProps) {
  return (
    <>
      <ToneChip tone={batchTone(batch.state)} label={BATCH_STATE_LABELS[batch.state]} />
      {batch.migrationId ? (
        <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
          export {batch.migrationId}
          {batch.attempts > 1 ? `, attempt ${batch.attempts}` : ''}
          {lockState(wave, batch)}
        </Typography>
      ) : null}
    </>
  );
}

export function BatchArchive({ wave, batch }: BatchPartProps) {
  if (batch.state !== 'downloading') return batch.bytes !== undefined ? formatBytes(batch.bytes) : '—';
  const progress = wave.progress[String(batch.id)];
  const percent = downloadPercent(progress);
  return (
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
  );
}

export function BatchVerification({ batch }: { batch: WaveBatch }) {
  return (
    <Typography variant="body2" color={batch.verification?.ok === false ? 'error' : undefined}>
      {batch.verification?.message ?? batch.error ?? ''}
    </Typography>
  );
}

export function BatchActions({
  wave,
  batch,
  onAction,
  busy,
}: BatchPartProps & { onAction: (action: WaveAction) => void; busy: boolean }) {
  return (
    <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap' }}>
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
      {wave.options.lockRepositories && batch.migrationId && !batch.unlocked && batch.state !== 'split' ? (
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
  );
}
