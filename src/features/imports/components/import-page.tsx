import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { RefreshFailedAlert } from '@/components/refresh-failed-alert';
import { LazyPartBoundary } from '@/components/lazy-part-boundary';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { UpdatedAgo } from '@/components/updated-ago';
import { useCancelImport } from '../api/cancel-import';
import { importQueries } from '../api/imports-queries';
import { useUpdateImport } from '../api/update-import';
import { importPaths } from '../paths';
import type { SourceImport } from '@/contracts/github/source-import';
import { isRepositoryName } from '@/contracts/github/names';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AuthorEditor } from './author-editor';
import { ImportProgress } from './import-progress';
import { LargeFilesSection } from './large-files';
import { RemedyPanel } from './remedy-panel';
import { RetirementNotice } from './retirement-notice';
import { StartImportForm } from './start-import-form';

function ImportView({ owner, repo, item }: { owner: string; repo: string; item: SourceImport }) {
  const update = useUpdateImport(owner, repo);
  const cancel = useCancelImport(owner, repo);
  const [confirm, setConfirm] = useState<'restart' | 'cancel' | 'cancel-retry' | undefined>();
  const close = () => setConfirm(undefined);
  const hasAuthors = (item.authorsCount ?? 0) > 0;
  return (
    <Stack sx={{ gap: 2 }}>
      <ImportProgress item={item} />
      <RemedyPanel
        owner={owner}
        repo={repo}
        item={item}
        onRestart={() => setConfirm('restart')}
        onCancelAndRetry={() => setConfirm('cancel-retry')}
      />
      {update.isError ? <ErrorAlert error={update.error} context="The import was not restarted" /> : null}
      {cancel.isError ? <ErrorAlert error={cancel.error} context="The import was not cancelled" /> : null}
      {item.hasLargeFiles ? <LargeFilesSection owner={owner} repo={repo} item={item} /> : null}
      {hasAuthors ? (
        <LazyPartBoundary name="The author editor">
          <AuthorEditor owner={owner} repo={repo} item={item} />
        </LazyPartBoundary>
      ) : null}
      {/* Kept apart from the editor's Save: cancelling deletes the import and its mappings. */}
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="start-over-title"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h6" component="h2" id="start-over-title">
          Start over
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Restarting runs the import again from the beginning; cancelling deletes it. Both lose the author
          mappings already sent.
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => setConfirm('restart')} disabled={update.isPending}>
            Restart import
          </Button>
          <Button
            variant="outlined"
            color="error"
            onClick={() => setConfirm('cancel')}
            disabled={cancel.isPending}
          >
            Cancel import
          </Button>
        </Stack>
      </Paper>
      <ConfirmDialog
        open={confirm === 'restart'}
        title="Restart this import?"
        confirmLabel="Restart"
        cancelLabel="Keep it"
        busy={update.isPending}
        onClose={close}
        onConfirm={() => update.mutate({ kind: 'restart' }, { onSettled: close })}
      >
        The import starts over from the beginning. Author mappings already sent and the Git LFS choice are
        lost.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'cancel' || confirm === 'cancel-retry'}
        title="Cancel this import?"
        confirmLabel="Cancel import"
        cancelLabel="Keep it"
        destructive
        busy={cancel.isPending}
        onClose={close}
        onConfirm={() => cancel.mutate(undefined, { onSettled: close })}
      >
        The import stops and is deleted, with its progress and author mappings. You can start a new one
        afterwards.
      </ConfirmDialog>
    </Stack>
  );
}

/** One repository's import: start it, follow it, fix its problems, map its authors, decide about LFS. */
export function ImportPage({ owner, repo }: { owner: string; repo: string }) {
  const valid = isRepositoryName(owner, repo);
  const query = useQuery({ ...importQueries.status(owner, repo), enabled: valid });
  const [lastUrl, setLastUrl] = useState<string | undefined>();
  const item = query.data;
  useDocumentTitle(`Import ${owner}/${repo}`, item?.status ?? (query.isError ? 'not loaded' : undefined));
  if (item && item.vcsUrl !== lastUrl) setLastUrl(item.vcsUrl);

  const actions = (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
      <UpdatedAgo updatedAt={query.dataUpdatedAt} fetching={query.isFetching} />
      <Button onClick={() => void query.refetch()} disabled={query.isFetching || !valid}>
        Refresh
      </Button>
    </Stack>
  );

  return (
    <PageContainer
      title={`Import into ${owner}/${repo}`}
      subtitle={
        <Link component={RouterLink} to={importPaths.home}>
          Choose another repository
        </Link>
      }
      actions={actions}
    >
      <RetirementNotice />
      {!valid ? (
        <ErrorAlert error={new Error(`“${owner}/${repo}” is not a repository name (owner/repo).`)} />
      ) : item !== undefined ? (
        <Stack sx={{ gap: 2 }}>
          <RefreshFailedAlert query={query} />
          {item === null ? (
            <StartImportForm key={lastUrl ?? 'new'} owner={owner} repo={repo} initialUrl={lastUrl} />
          ) : (
            <ImportView owner={owner} repo={repo} item={item} />
          )}
        </Stack>
      ) : query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <LoadingState label="Loading the import" query={query} />
      )}
    </PageContainer>
  );
}
