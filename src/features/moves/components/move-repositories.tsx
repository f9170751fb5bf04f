import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import type { Move } from '@/contracts/move-run';
import type { MoveAction } from '../api/move-queries';
import { useNow } from '@/hooks/use-now';
import { filterRepositories, NO_FILTER } from '../utils/move-bulk';
import { repositoryWaits } from '../utils/move-waits';
import { MoveBulkToolbar } from './move-bulk-toolbar';
import { MoveRepositoryFilters } from './move-repository-filters';
import { MoveRunTable } from './move-run-table';

/**
 * The move's repositories: the actions on many at once, the filters, and the table of the rows they keep (a long
 * move's rows drawn near the view only), each saying what it waits for.
 */
export function MoveRepositories({
  move,
  busy,
  onAction,
}: {
  move: Move;
  busy: boolean;
  onAction: (action: MoveAction) => void;
}) {
  const [filter, setFilter] = useState(NO_FILTER);
  const shown = filterRepositories(move.repositories, filter);
  const now = useNow(60_000);
  const waits = useMemo(() => repositoryWaits(move, now), [move, now]);
  return (
    <Stack spacing={1.5} component="section" aria-label="The move’s repositories">
      <MoveBulkToolbar move={move} busy={busy} />
      <MoveRepositoryFilters
        filter={filter}
        shown={shown.length}
        total={move.repositories.length}
        onChange={setFilter}
      />
      {shown.length === 0 && move.repositories.length > 0 ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => setFilter(NO_FILTER)}>
              Clear filters
            </Button>
          }
        >
          No repository matches these filters.
        </Alert>
      ) : (
        <MoveRunTable
          moveId={move.id}
          repositories={shown}
          running={move.state === 'running'}
          {...(move.state === 'running' && move.waiting ? { waiting: move.waiting } : {})}
          waits={waits}
          trial={move.trial !== undefined}
          busy={busy}
          onAction={onAction}
        />
      )}
    </Stack>
  );
}
