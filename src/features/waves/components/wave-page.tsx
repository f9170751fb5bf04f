import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { isStale, StaleDataNotice } from '@/components/stale-data-notice';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatNumber } from '@/lib/format';
import { useWaveAction, waveQueries } from '../api/wave-queries';
import { waveHref } from '../paths';
import { countOf, WAVE_STATE_LABELS, waveStateSummary } from '@/lib/wave-summary';
import { formatBytes } from '../utils/wave-format';
import { WaveBatchesTable } from './wave-batches-table';
import { ToneChip } from '@/components/tone-chip';

/** `/waves/:id`: one row per batch, totals, pause/resume/cancel, the manifest. */
export function WavePage({ id }: { id: string }) {
  const wave = useQuery(waveQueries.detail(id));
  const action = useWaveAction(id);
  const stale = isStale(wave);
  const titleOwner = wave.data
    ? wave.data.owner.kind === 'org'
      ? wave.data.owner.login
      : 'my repositories'
    : '';
  useDocumentTitle(
    wave.data ? `Wave of ${titleOwner}` : 'Migration wave',
    wave.data ? WAVE_STATE_LABELS[wave.data.state].toLowerCase() : undefined,
  );
  if (!wave.data) {
    return (
      <PageContainer title="Migration wave">
        {wave.error ? (
          <ErrorAlert error={wave.error} onRetry={() => void wave.refetch()} />
        ) : (
          <LoadingState label="Loading the wave" />
        )}
      </PageContainer>
    );
  }
  const data = wave.data;
  const { totals } = data;
  const open = data.state === 'running' || data.state === 'paused' || data.state === 'stopped';
  const summary = waveStateSummary(data.state, totals);
  const splitRows = data.batches.length - totals.batches;
  return (
    <PageContainer
      title={`Wave of ${titleOwner}`}
      subtitle={
        <ToneChip
          tone={stale ? 'default' : summary.tone}
          label={stale ? `${summary.label} (last known)` : summary.label}
        />
      }
      actions={
        // The buttons themselves are the header's wrapping row: grouped in a row of their own, they were
        // squeezed on a phone until their labels wrapped.
        <>
          {data.state === 'running' ? (
            <Button onClick={() => action.mutate({ kind: 'pause' })} disabled={action.isPending || stale}>
              Pause
            </Button>
          ) : null}
          {data.state === 'paused' || data.state === 'stopped' ? (
            <Button onClick={() => action.mutate({ kind: 'resume' })} disabled={action.isPending || stale}>
              Resume
            </Button>
          ) : null}
          {open ? (
            <Button
              color="error"
              onClick={() => action.mutate({ kind: 'cancel' })}
              disabled={action.isPending || stale}
            >
              Cancel wave
            </Button>
          ) : null}
          <Button component="a" href={waveHref.manifest(id, 'json')} download>
            Manifest (JSON)
          </Button>
          <Button component="a" href={waveHref.manifest(id, 'csv')} download>
            Manifest (CSV)
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        <StaleDataNotice query={wave} what="The wave is shown" />
        {data.state === 'stopped' ? (
          <Alert severity="warning" role="alert" aria-label="Why the wave stopped">
            GitHub refused the wave’s credential: {data.stopReason ?? 'no reason given.'} Nothing was split or
            retried for it. Give the credential what GitHub asks for and resume, or cancel the wave.
          </Alert>
        ) : null}
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Totals">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
            <Typography>
              <strong>{formatNumber(totals.verified)}</strong> of{' '}
              {countOf(totals.batches, 'batch', 'batches')} verified
              {splitRows > 0
                ? ` (the table also lists ${countOf(splitRows, 'batch', 'batches')} split into halves)`
                : ''}
            </Typography>
            <Typography>
              <strong>{formatNumber(totals.verifiedRepos)}</strong> of{' '}
              {countOf(totals.repos, 'repository', 'repositories')} archived
            </Typography>
            <Typography>
              <strong>{formatBytes(totals.bytes)}</strong> downloaded and verified
            </Typography>
            <Typography>
              <strong>{formatNumber(data.requests)}</strong> GitHub requests
            </Typography>
          </Stack>
        </Paper>
        {data.isolated.length > 0 ? (
          <Alert severity="warning" aria-label="Isolated repositories">
            Export fails for {data.isolated.length === 1 ? 'this repository' : 'these repositories'} even
            alone: {data.isolated.join(', ')}. The other repositories of their batches were exported without
            them.
          </Alert>
        ) : null}
        {action.error ? <ErrorAlert error={action.error} /> : null}
        <WaveBatchesTable
          wave={data}
          onAction={(next) => action.mutate(next)}
          busy={action.isPending || stale}
        />
      </Stack>
    </PageContainer>
  );
}
