import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingState } from '@/components/loading-state';
import { migrationQueries } from '../api/migration-queries';
import { useUnlockRepos, type UnlockResult } from '../api/unlock-repo';
import type { Migration } from '@/contracts/github/migration';
import type { MigrationScope } from '../utils/scope';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageNavigation, usePageParam } from '@/components/page-navigation';

export interface MigrationReposProps {
  scope: MigrationScope;
  migration: Migration;
  /** Repository names known to be unlocked (this browser's memory). */
  unlocked: readonly string[];
  onUnlocked: (results: UnlockResult[]) => void;
}

const HIDE_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function describeUnlock(results: readonly UnlockResult[]): string {
  const done = results.filter((result) => result.outcome === 'unlocked').map((result) => result.name);
  const already = results.filter((result) => result.outcome === 'not-locked').map((result) => result.name);
  const parts: string[] = [];
  if (done.length > 0) parts.push(`Unlocked ${done.join(', ')}.`);
  if (already.length > 0)
    parts.push(`${already.join(', ')} ${already.length === 1 ? 'was' : 'were'} not locked.`);
  return parts.join(' ');
}

/** The migration's repositories (paginated, from the list endpoint) with their lock state and unlock actions. */
export function MigrationRepos({ scope, migration, unlocked, onUnlocked }: MigrationReposProps) {
  const [page, setPage] = usePageParam('repos');
  const query = useQuery(migrationQueries.repositories(scope, migration.id, page));
  const [confirm, setConfirm] = useState<readonly string[] | null>(null);
  const [message, setMessage] = useState<string>();
  const unlock = useUnlockRepos(scope, (_id, results) => {
    setMessage(describeUnlock(results));
    onUnlocked(results);
  });
  const isLocked = (name: string) =>
    migration.lockRepositories && !unlocked.some((other) => other.toLowerCase() === name.toLowerCase());
  const stillLocked = migration.repositories.map((repo) => repo.name).filter(isLocked);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="repos-heading" sx={{ p: 2 }}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2" id="repos-heading">
          Repositories
        </Typography>
        {stillLocked.length > 0 ? (
          <Button
            startIcon={<LockOpenOutlined />}
            onClick={() => setConfirm(stillLocked)}
            disabled={unlock.isPending}
          >
            Unlock all ({stillLocked.length})
          </Button>
        ) : null}
      </Stack>
      {message ? (
        <Alert severity="success" role="status" sx={{ my: 1 }} onClose={() => setMessage(undefined)}>
          {message}
        </Alert>
      ) : null}
      {unlock.isError ? <ErrorAlert error={unlock.error} context="Unlocking failed" /> : null}
      {query.data ? (
        <>
          {/* On a phone the table scrolls inside its box, never the page, and drops the visibility column. */}
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="repos-heading">
              <TableHead>
                <TableRow>
                  <TableCell>Repository</TableCell>
                  <TableCell sx={HIDE_ON_PHONE}>Visibility</TableCell>
                  <TableCell>Lock</TableCell>
                  <TableCell>Action</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {query.data.items.map((repo) => {
                  const locked = isLocked(repo.name);
                  return (
                    <TableRow key={repo.id}>
                      <TableCell>{repo.fullName}</TableCell>
                      <TableCell sx={HIDE_ON_PHONE}>{repo.private ? 'Private' : 'Public'}</TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          variant="outlined"
                          icon={locked ? <LockOutlined /> : <LockOpenOutlined />}
                          label={locked ? 'Locked' : 'Not locked'}
                          color={locked ? 'warning' : 'default'}
                          sx={{ '& .MuiChip-label': { color: 'text.primary' } }}
                        />
                      </TableCell>
                      <TableCell align="right">
                        {locked ? (
                          <Button
                            size="small"
                            onClick={() => setConfirm([repo.name])}
                            disabled={unlock.isPending}
                            aria-label={`Unlock ${repo.name}`}
                          >
                            Unlock
                          </Button>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
          <PageNavigation
            page={page}
            lastPage={query.data.lastPage}
            onPage={setPage}
            label="Repository pages"
          />
        </>
      ) : query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <LoadingState label="Loading repositories" query={query} />
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm?.length === 1 ? `Unlock ${confirm[0]}?` : `Unlock ${confirm?.length ?? 0} repositories?`
        }
        confirmLabel="Unlock"
        busy={unlock.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm) unlock.mutate({ id: migration.id, names: confirm });
          setConfirm(null);
        }}
      >
        {confirm?.join(', ')} will accept pushes, issues and other writes again. Unlock only once the data is
        safely migrated, or if you are abandoning this migration.
      </ConfirmDialog>
    </Paper>
  );
}
