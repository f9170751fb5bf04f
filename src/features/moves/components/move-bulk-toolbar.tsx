import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import type { Move, MoveBulkAction, MoveBulkAnswer, MoveRepository } from '@/contracts/move-run';
import { useNow } from '@/hooks/use-now';
import { countOf } from '@/lib/wave-summary';
import { useMoveBulkAction } from '../api/move-queries';
import { bulkCostWords, bulkTargets } from '../utils/move-bulk';

/** Names a confirmation lists before "and N more". */
const LISTED = 20;

const WORDS: Record<
  MoveBulkAction,
  { button: string; title: (n: string) => string; confirm: string; keep: string; done: string }
> = {
  retry: {
    button: 'Retry all failed',
    title: (n) => `Retry ${n}?`,
    confirm: 'Retry them',
    keep: 'Leave them failed',
    done: 'Retried',
  },
  abort: {
    button: 'Abort all stuck',
    title: (n) => `Abort the stuck imports of ${n}?`,
    confirm: 'Abort the imports',
    keep: 'Keep importing',
    done: 'Aborted',
  },
  unlock: {
    button: 'Unlock all',
    title: (n) => `Unlock the sources of ${n}?`,
    confirm: 'Unlock anyway',
    keep: 'Keep them locked',
    done: 'Unlocked',
  },
};

function NameList({ names }: { names: readonly string[] }) {
  return (
    <>
      <Typography component="ul" variant="body2" sx={{ m: 0, pl: 3, overflowWrap: 'anywhere' }}>
        {names.slice(0, LISTED).map((name) => (
          <li key={name}>{name}</li>
        ))}
      </Typography>
      {names.length > LISTED ? (
        <Typography variant="body2">and {countOf(names.length - LISTED, 'more', 'more')}</Typography>
      ) : null}
    </>
  );
}

/** What the gateway did: the names acted on, and each skipped one with why (no longer eligible, GitHub's words). */
function BulkResult({
  action,
  answer,
  onClose,
}: {
  action: MoveBulkAction;
  answer: MoveBulkAnswer;
  onClose: () => void;
}) {
  return (
    <Alert
      severity={answer.skipped.length > 0 ? 'warning' : 'success'}
      role="status"
      aria-label="What many at once did"
      onClose={onClose}
    >
      {WORDS[action].done} {countOf(answer.acted.length, 'repository', 'repositories')}
      {answer.skipped.length > 0 ? `; ${countOf(answer.skipped.length, 'was', 'were')} skipped:` : '.'}
      {answer.skipped.length > 0 ? (
        <Typography component="ul" variant="body2" sx={{ m: 0, pl: 3, overflowWrap: 'anywhere' }}>
          {answer.skipped.slice(0, LISTED).map((skip) => (
            <li key={skip.name}>
              {skip.name}: {skip.reason}
            </li>
          ))}
          {answer.skipped.length > LISTED ? <li>and {answer.skipped.length - LISTED} more</li> : null}
        </Typography>
      ) : null}
    </Alert>
  );
}

/**
 * Many at once (issue 48): "Retry all failed", "Abort all stuck", "Unlock all", each with its count (off at 0) and
 * a confirmation that lists the repositories and what it sends to GitHub. The names listed are the names sent: a
 * repository no longer eligible when the gateway acts is skipped and said so.
 */
export function MoveBulkToolbar({ move, busy }: { move: Move; busy: boolean }) {
  const now = useNow(60_000);
  const bulk = useMoveBulkAction(move.id);
  const [asking, setAsking] = useState<{ action: MoveBulkAction; repos: MoveRepository[] }>();
  const [result, setResult] = useState<{ action: MoveBulkAction; answer: MoveBulkAnswer }>();
  const targets = bulkTargets(move, now);
  const confirm = () => {
    if (!asking) return;
    const { action, repos } = asking;
    setResult(undefined);
    bulk.mutate(
      { action, names: repos.map((repo) => repo.name) },
      {
        onSuccess: (answer) => setResult({ action, answer }),
        onSettled: () => setAsking(undefined),
      },
    );
  };
  const words = asking && WORDS[asking.action];
  return (
    <Stack spacing={1}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        role="toolbar"
        aria-label="Many at once"
        sx={{ alignItems: { sm: 'center' } }}
      >
        {(['retry', 'abort', 'unlock'] as const).map((action) => (
          <Button
            key={action}
            variant="outlined"
            size="small"
            color={action === 'retry' ? 'primary' : 'error'}
            disabled={busy || bulk.isPending || targets[action].length === 0}
            onClick={() => setAsking({ action, repos: targets[action] })}
          >
            {WORDS[action].button} ({targets[action].length})
          </Button>
        ))}
      </Stack>
      {result ? (
        <BulkResult action={result.action} answer={result.answer} onClose={() => setResult(undefined)} />
      ) : null}
      {bulk.error ? <ErrorAlert error={bulk.error} /> : null}
      <ConfirmDialog
        open={asking !== undefined}
        title={words?.title(countOf(asking?.repos.length ?? 0, 'repository', 'repositories')) ?? ''}
        confirmLabel={words?.confirm ?? ''}
        cancelLabel={words?.keep}
        destructive={asking?.action !== 'retry'}
        busy={bulk.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(undefined)}
      >
        {asking ? (
          <Stack spacing={1}>
            <NameList names={asking.repos.map((repo) => repo.name)} />
            {bulkCostWords(asking.action, asking.repos).map((line) => (
              <Typography key={line} variant="body2">
                {line}
              </Typography>
            ))}
          </Stack>
        ) : null}
      </ConfirmDialog>
    </Stack>
  );
}
