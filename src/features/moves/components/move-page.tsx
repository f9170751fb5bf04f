import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { isStale, StaleDataNotice } from '@/components/stale-data-notice';
import { ToneChip } from '@/components/tone-chip';
import type { Move } from '@/contracts/move-run';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatClockTime, formatNumber } from '@/lib/format';
import { countOf } from '@/lib/wave-summary';
import { moveQueries, useMoveAction, type MoveAction } from '../api/move-queries';
import { moveHref } from '../paths';
import { countNoun } from '../utils/move-format';
import { isLiveMove } from '../utils/move-polling';
import { AFTER_VALIDATION_WORDS, MOVE_STATE_WORDS, moveStateTone } from '../utils/move-steps';
import { MoveConfirmDialog, type Confirming } from './move-confirm-dialog';
import { MoveProgress } from './move-progress';
import { MoveRepositories } from './move-repositories';

function Totals({ move }: { move: Move }) {
  const count = (step: string) => move.repositories.filter((repo) => repo.step === step).length;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Totals">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }}>
        <Typography>
          <strong>{formatNumber(count('done'))}</strong> done,{' '}
          <strong>{formatNumber(count('failed'))}</strong> failed of{' '}
          {countOf(move.repositories.length, 'repository', 'repositories')}
        </Typography>
        <Typography>
          Source: <strong>{formatNumber(move.requests.source)}</strong>{' '}
          {move.requests.source === 1 ? 'GitHub request' : 'GitHub requests'}
        </Typography>
        <Typography>
          Target: <strong>{formatNumber(move.requests.target)}</strong>{' '}
          {move.requests.target === 1 ? 'request' : 'requests'} (GraphQL and the pre-flight’s ruleset reads),{' '}
          {countNoun(move.requests.targetPoints, 'point', 'points')}
        </Typography>
        <Typography>After validation: {AFTER_VALIDATION_WORDS[move.afterValidation]}</Typography>
      </Stack>
    </Paper>
  );
}

/** An ended move's sources still locked: each says why, and its row offers Unlock. */
function StillLocked({ move }: { move: Move }) {
  if (isLiveMove(move.state)) return null;
  const locked = move.repositories.filter((repo) => repo.sourceLock === 'locked');
  if (locked.length === 0) return null;
  return (
    <Alert severity="warning" role="status" aria-label="Sources still locked">
      {countOf(locked.length, 'source is', 'sources are')} still locked on the source GitHub:{' '}
      {locked
        .map((repo) =>
          repo.unlockAsked
            ? `${repo.name} (unlocking)`
            : repo.validation?.result === 'failed'
              ? `${repo.name} (its validation failed: kept locked by design)`
              : repo.name,
        )
        .join(', ')}
      . Unlock each from its row.
    </Alert>
  );
}

/** `/moves/:id`: each repository's step and validation, pause/resume/cancel, retry and abort, the manifest. */
export function MovePage({ id }: { id: string }) {
  const move = useQuery(moveQueries.detail(id));
  const action = useMoveAction(id);
  const [confirming, setConfirming] = useState<Confirming>();
  const stale = isStale(move);
  const data = move.data;
  const title = data ? `${data.source.login} → ${data.target.login}` : 'Move';
  useDocumentTitle(
    data ? `Move ${title}` : 'Move',
    data ? MOVE_STATE_WORDS[data.state].toLowerCase() : undefined,
  );
  if (!data) {
    return (
      <PageContainer title="Move">
        {move.error ? (
          <ErrorAlert error={move.error} onRetry={() => void move.refetch()} />
        ) : (
          <LoadingState label="Loading the move" />
        )}
      </PageContainer>
    );
  }
  const busy = action.isPending || stale;
  const failed = data.repositories.filter((repo) => repo.step === 'failed').length;
  const state = MOVE_STATE_WORDS[data.state];
  const run = (next: MoveAction) => {
    if (next.kind === 'abort' || next.kind === 'unlock')
      setConfirming({ kind: next.kind, repository: next.repository });
    else action.mutate(next);
  };
  const confirm = () => {
    if (confirming) action.mutate(confirming, { onSettled: () => setConfirming(undefined) });
  };
  return (
    <PageContainer
      title={title}
      subtitle={
        <ToneChip
          tone={stale ? 'default' : moveStateTone(data.state, failed)}
          label={stale ? `${state} (last known)` : state}
        />
      }
      actions={
        <>
          {data.state === 'running' ? (
            <Button onClick={() => action.mutate({ kind: 'pause' })} disabled={busy}>
              Pause
            </Button>
          ) : null}
          {data.state === 'paused' ? (
            <Button onClick={() => action.mutate({ kind: 'resume' })} disabled={busy}>
              Resume
            </Button>
          ) : null}
          {isLiveMove(data.state) ? (
            <Button color="error" onClick={() => setConfirming({ kind: 'cancel' })} disabled={busy}>
              Cancel move
            </Button>
          ) : null}
          {/* The mannequins its imports made on the target are mapped and reclaimed there. */}
          <Button component={RouterLink} to={moveHref.identities(data.target.login)}>
            Identities
          </Button>
          <Button component="a" href={moveHref.manifest(id, 'json')} download={`move-${id}-manifest.json`}>
            Manifest (JSON)
          </Button>
          <Button component="a" href={moveHref.manifest(id, 'csv')} download={`move-${id}-manifest.csv`}>
            Manifest (CSV)
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        <StaleDataNotice query={move} what="The move is shown" />
        {data.state === 'failed' ? (
          <Alert severity="error" role="alert" aria-label="Why the move stopped">
            The move stopped: {data.error ?? 'no reason given.'}
          </Alert>
        ) : null}
        {data.waiting && isLiveMove(data.state) ? (
          <Alert severity="info" role="status" aria-label="Why the move waits">
            Waiting for {data.waiting.for ?? 'GitHub'} until {formatClockTime(Date.parse(data.waiting.until))}
            : {data.waiting.reason} Nothing is sent with this account’s token until then, by any gateway.
          </Alert>
        ) : null}
        {data.trial ? (
          <Alert severity="info" role="note" aria-label="A trial move">
            A trial: the sources are never locked; each repository is imported as its name followed by “
            {data.trial.suffix}”, validated like a real move, then{' '}
            {data.trial.keep ? 'kept on the target for people to look at' : 'deleted from the target'}.
            Nothing is unlocked, archived or reclaimed, and the real names stay free for the move.
          </Alert>
        ) : null}
        <StillLocked move={data} />
        <Totals move={data} />
        <MoveProgress move={data} />
        {action.error ? <ErrorAlert error={action.error} /> : null}
        {/* The page's outline: h1 the move, h2 its repositories, h3 each one (on a phone, each a block). */}
        <Typography variant="h6" component="h2">
          Repositories
        </Typography>
        <MoveRepositories move={data} busy={busy} onAction={run} />
      </Stack>
      <MoveConfirmDialog
        move={data}
        confirming={confirming}
        busy={action.isPending}
        onChange={setConfirming}
        onConfirm={confirm}
        onClose={() => setConfirming(undefined)}
      />
    </PageContainer>
  );
}
