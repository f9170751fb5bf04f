import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { UpdatedAgo } from '@/components/updated-ago';
import { useNow } from '@/hooks/use-now';
import { useRateLimitSnapshot } from '@/hooks/use-rate-limits';
import { onLocalClock, timesOnLocalClock } from '@/lib/local-clock';
import { useDeleteArchive } from '../api/delete-archive';
import { migrationQueries } from '../api/migration-queries';
import { useMigrationMemory } from '../hooks/use-migration-memory';
import { archiveView } from '../utils/archive-view';
import {
  archiveFilename,
  archiveHref,
  listHref,
  migrationPageHref,
  scopeLabel,
  type MigrationScope,
} from '../utils/scope';
import { formFromMigration } from '../utils/start-form';
import { AccessAlert } from './access-alert';
import { ArchivePanel } from './archive-panel';
import { FailedGuidance } from './failed-guidance';
import { MigrationRepos } from './migration-repos';
import { MigrationSettings } from './migration-settings';
import { MigrationStepper } from './migration-stepper';
import { StartExportDialog } from './start-export-dialog';
import { StateTimeline } from './state-timeline';

/** One migration: state (polled until exported or failed), timeline, archive, settings, repositories and locks. */
export function MigrationPage({ scope, id }: { scope: MigrationScope; id: number }) {
  const query = useQuery(migrationQueries.detail(scope, id));
  const latest = query.data;
  useDocumentTitle(`Export ${id}`, latest?.state ?? (query.isError ? 'not loaded' : undefined));
  const { memory, update } = useMigrationMemory(scope, id, latest);
  // Drawn in a background render React can slice: the whole page appearing at once was one ~75 ms task.
  const deferred = useDeferredValue(latest);
  // GitHub's times on this browser's clock, as "updated … ago" beside them (the simulator's may run ahead).
  const { clockOffsetMs } = useRateLimitSnapshot();
  const migration = useMemo(
    () => deferred && timesOnLocalClock(deferred, clockOffsetMs),
    [deferred, clockOffsetMs],
  );
  const now = useNow(30_000);
  const navigate = useNavigate();
  const [retrying, setRetrying] = useState(false);
  const remove = useDeleteArchive(scope, id, () =>
    update((current) => ({ ...current, archiveDeleted: true })),
  );

  const back = (
    <Button component={RouterLink} to={listHref(scope)}>
      All {scope.kind === 'org' ? `${scope.org} ` : ''}migrations
    </Button>
  );

  return (
    <PageContainer
      title={`Migration #${id}`}
      subtitle={
        // The same words before and after the answer; the guid on a line of its own when it arrives.
        <>
          Export of {scopeLabel(scope)}: follow its progress, download its archive and unlock the repositories
          it locked.
          {migration?.guid ? (
            <Box component="span" sx={{ display: 'block' }}>
              {migration.guid}
            </Box>
          ) : null}
        </>
      }
      actions={
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <UpdatedAgo updatedAt={query.dataUpdatedAt} fetching={query.isFetching} />
          {back}
        </Stack>
      }
    >
      {migration ? (
        <Stack sx={{ gap: 2 }}>
          {query.isError ? (
            <AccessAlert error={query.error} scope={scope} onRetry={() => void query.refetch()} />
          ) : null}
          <Paper variant="outlined" sx={{ p: 2 }}>
            <MigrationStepper state={migration.state} />
          </Paper>
          {migration.state === 'failed' ? (
            <FailedGuidance migration={migration} onRetry={() => setRetrying(true)} />
          ) : null}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 7 }}>
              <Stack sx={{ gap: 2 }}>
                <ArchivePanel
                  view={archiveView(migration, now, memory.archiveDeleted)}
                  href={archiveHref(scope, id)}
                  filename={archiveFilename(scope, id)}
                  onDelete={() => remove.mutate()}
                  deleting={remove.isPending}
                  deleteError={remove.isError ? remove.error : undefined}
                />
                <MigrationRepos
                  scope={scope}
                  migration={migration}
                  unlocked={memory.unlocked}
                  onUnlocked={(results) =>
                    update((current) => ({
                      ...current,
                      unlocked: [...new Set([...current.unlocked, ...results.map((result) => result.name)])],
                    }))
                  }
                />
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <Stack sx={{ gap: 2 }}>
                <MigrationSettings migration={migration} />
                <Paper variant="outlined" sx={{ p: 2 }}>
                  <StateTimeline
                    states={memory.states.map((seen) => ({
                      ...seen,
                      at: onLocalClock(seen.at, clockOffsetMs),
                    }))}
                  />
                </Paper>
              </Stack>
            </Grid>
          </Grid>
          {retrying ? (
            <StartExportDialog
              scope={scope}
              open
              initial={formFromMigration(migration)}
              onClose={() => setRetrying(false)}
              onStarted={(started) => {
                setRetrying(false);
                void navigate(migrationPageHref(scope, started.id));
              }}
            />
          ) : null}
        </Stack>
      ) : query.isError ? (
        <AccessAlert error={query.error} scope={scope} onRetry={() => void query.refetch()} />
      ) : (
        <LoadingState label="Loading the migration" query={query} />
      )}
    </PageContainer>
  );
}
