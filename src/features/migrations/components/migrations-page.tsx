import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { RefreshFailedAlert } from '@/components/refresh-failed-alert';
import { LoadingState } from '@/components/loading-state';
import { PausedWritesNote } from '@/components/paused-writes-note';
import { useGithubPause } from '@/hooks/use-github-pause';
import { PageContainer } from '@/components/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { UpdatedAgo } from '@/components/updated-ago';
import { migrationQueries } from '../api/migration-queries';
import { rememberOrg } from '../utils/local-memory';
import { countByState, isMigrationFinished } from '@/contracts/github/migration';
import { migrationPageHref, type MigrationScope } from '../utils/scope';
import { AccessAlert } from './access-alert';
import { FindLockedRepo } from './find-locked-repo';
import { MigrationsTable } from './migrations-table';
import { waveAttempts } from '../utils/wave-attempts';
import { StartExportDialog } from './start-export-dialog';
import { PageNavigation, usePageParam } from '@/components/page-navigation';

/** One scope's migrations: counts per state, the list (refreshing itself while any runs), start, find-and-unlock. */
export function MigrationsPage({
  scope,
  waveHref,
}: {
  scope: MigrationScope;
  /** The address of a wave's page (the app's router knows it). */
  waveHref: (id: string) => string;
}) {
  const [page, setPage] = usePageParam();
  const [starting, setStarting] = useState(false);
  const navigate = useNavigate();
  const query = useQuery(migrationQueries.list(scope, page));
  const waves = useQuery(migrationQueries.waves());
  const attempts = waveAttempts(scope, waves.data ?? []);
  const org = scope.kind === 'org' ? scope.org : undefined;

  useEffect(() => {
    if (org && query.isSuccess) rememberOrg(org);
  }, [org, query.isSuccess]);

  const paused = useGithubPause();
  const items = query.data?.items ?? [];
  const counts = countByState(items);
  const running = items.some((migration) => !isMigrationFinished(migration.state));
  useDocumentTitle(
    scope.kind === 'org' ? `${scope.org} exports` : 'Your exports',
    running ? 'running' : undefined,
  );
  const title = scope.kind === 'org' ? `${scope.org} migrations` : 'Your migrations';

  return (
    <PageContainer
      title={title}
      subtitle={
        scope.kind === 'org'
          ? 'Organization exports: archives of repositories with their issues, pull requests and releases.'
          : 'Exports of the repositories your account owns.'
      }
      actions={
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <UpdatedAgo updatedAt={query.dataUpdatedAt} fetching={query.isFetching} />
          <PausedWritesNote reason={paused?.reason} />
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setStarting(true)}
            disabled={paused !== undefined}
          >
            Start export
          </Button>
        </Stack>
      }
    >
      <Stack sx={{ gap: 2 }}>
        {query.data ? (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack
              direction="row"
              sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}
              aria-label="Migrations per state"
              role="group"
            >
              {Object.entries(counts).map(([state, count]) => (
                <Chip key={state} size="small" label={`${state}: ${count}`} variant="outlined" />
              ))}
              {query.data.lastPage > 1 ? (
                <Typography variant="caption" color="text.secondary">
                  (this page)
                </Typography>
              ) : null}
              <Typography variant="caption" color="text.secondary" role="status" sx={{ ml: 'auto' }}>
                {running
                  ? 'Refreshing automatically while exports run.'
                  : 'No export running: not refreshing.'}
              </Typography>
            </Stack>
            <RefreshFailedAlert query={query} />
            {items.length === 0 ? (
              <Alert severity="info" role="status">
                No migrations yet. Start an export to create one.
              </Alert>
            ) : (
              <MigrationsTable scope={scope} migrations={items} attempts={attempts} waveHref={waveHref} />
            )}
            <PageNavigation
              page={page}
              lastPage={query.data.lastPage}
              onPage={setPage}
              label="Migration pages"
            />
          </Paper>
        ) : query.isError ? (
          <AccessAlert error={query.error} scope={scope} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingState label="Loading migrations" query={query} />
        )}
        {query.data ? <FindLockedRepo scope={scope} /> : null}
      </Stack>
      {starting ? (
        <StartExportDialog
          scope={scope}
          open
          onClose={() => setStarting(false)}
          onStarted={(migration) => void navigate(migrationPageHref(scope, migration.id))}
        />
      ) : null}
    </PageContainer>
  );
}
