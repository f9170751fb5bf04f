import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { RefreshFailedAlert } from '@/components/refresh-failed-alert';
import { LoadingState } from '@/components/loading-state';
import { isApiError } from '@/lib/api-error';
import { formatNumber } from '@/lib/format';
import { importQueries } from '../api/imports-queries';
import { mapCommitAuthor } from '../api/map-commit-author';
import { useAuthorEdits } from '../hooks/use-author-edits';
import { DraftSyncNotices } from './draft-sync-notices';
import {
  applyEdit,
  applyEdits,
  buildRows,
  filterRows,
  pendingChanges,
  type AuthorFilter,
  type PendingChange,
} from '../utils/author-edits';
import { authorsVersion, mappingClosed } from '../utils/import-phase';
import type { CommitAuthor, SourceImport } from '../utils/import-model';
import { writeAuthorsCsv, writeAuthorsFile } from '../utils/mapping-files';
import { SAVE_SPACING_MS } from '../utils/save-spacing';
import { saveSerially } from '../utils/serial-save';
import { AuthorGrid } from './author-grid';
import { MappingImportDialog } from './mapping-import-dialog';

function download(name: string, type: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function errorText(error: unknown): string {
  if (isApiError(error)) {
    const fields = error.fieldErrors.map(
      (field) => field.message ?? `${field.field ?? 'request'} ${field.code}`,
    );
    return fields.length > 0 ? fields.join('; ') : error.message;
  }
  return error instanceof Error ? error.message : 'The save failed.';
}

interface SaveState {
  running: boolean;
  done: number;
  total: number;
}

/** The author mapping editor. Loaded lazily: only the import page pulls in the data grid. */
export function AuthorEditor({ owner, repo, item }: { owner: string; repo: string; item: SourceImport }) {
  const queryClient = useQueryClient();
  const authorsQuery = importQueries.authors(owner, repo, authorsVersion(item));
  const authors = useQuery(authorsQuery);
  const [edits, setEdits, draftSync] = useAuthorEdits(owner, repo, item.vcsUrl);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<AuthorFilter>('all');
  const [failures, setFailures] = useState<Record<string, string>>({});
  const [save, setSave] = useState<SaveState>({ running: false, done: 0, total: 0 });
  const [importOpen, setImportOpen] = useState(false);
  const readOnly = mappingClosed(item);

  const data = authors.data;
  const rows = useMemo(() => buildRows(data ?? [], edits), [data, edits]);
  const deferredQuery = useDeferredValue(query);
  const shown = useMemo(() => filterRows(rows, deferredQuery, filter), [rows, deferredQuery, filter]);
  const pending = useMemo(() => pendingChanges(rows), [rows]);
  const valid = pending.filter((change) => change.valid);
  const failedCount = Object.keys(failures).length;

  const byId = useMemo(() => new Map((data ?? []).map((author) => [author.id, author])), [data]);
  const onEdit = useCallback(
    (id: number, field: 'name' | 'email', value: string) => {
      const author = byId.get(id);
      if (author) setEdits((current) => applyEdit(current, author, field, value));
    },
    [byId, setEdits],
  );
  const current = useCallback(
    (author: CommitAuthor) => ({
      name: edits[author.id]?.name ?? author.name,
      email: edits[author.id]?.email ?? author.email,
    }),
    [edits],
  );

  const runSave = async (changes: PendingChange[]) => {
    if (changes.length === 0) return;
    setSave({ running: true, done: 0, total: changes.length });
    await saveSerially(
      changes,
      (change) => change.id,
      async (change) => {
        try {
          const saved = await mapCommitAuthor(owner, repo, change);
          queryClient.setQueryData<CommitAuthor[]>(authorsQuery.queryKey, (list) =>
            list?.map((author) => (author.id === saved.id ? saved : author)),
          );
          setEdits((all) => {
            const next = { ...all };
            delete next[change.id];
            return next;
          });
          setFailures((all) => {
            const next = { ...all };
            delete next[change.id];
            return next;
          });
        } catch (error) {
          setFailures((all) => ({ ...all, [change.id]: errorText(error) }));
          throw error;
        }
      },
      { spacingMs: SAVE_SPACING_MS, onProgress: (done, total) => setSave({ running: true, done, total }) },
    );
    setSave((state) => ({ ...state, running: false }));
  };

  if (!data) {
    return authors.isError ? (
      <ErrorAlert error={authors.error} onRetry={() => void authors.refetch()} />
    ) : (
      <LoadingState label="Loading commit authors" />
    );
  }

  const exportRows = rows.map((row) => ({
    remoteId: row.remoteId,
    remoteName: row.remoteName,
    name: row.name,
    email: row.email,
  }));

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      aria-labelledby="authors-title"
    >
      <Typography variant="h6" component="h2" id="authors-title">
        Commit authors
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The importer makes every author valid but not necessarily right: a bare username becomes “username
        &lt;username@opaque-id&gt;”. Map each to the person’s name and email so commits are attributed on
        GitHub.
      </Typography>
      {readOnly ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          <AlertTitle>Read-only: the import is pushing or has pushed</AlertTitle>
          GitHub accepts author mappings only until new commits are pushed to the repository. The authors
          below are how they were imported.
        </Alert>
      ) : null}
      <RefreshFailedAlert query={authors} />
      {readOnly ? null : <DraftSyncNotices sync={draftSync} />}
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, mb: 2, alignItems: { md: 'center' } }}>
        <TextField
          size="small"
          label="Search authors"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          sx={{ minWidth: 260 }}
        />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filter}
          onChange={(_event, value: AuthorFilter | null) => value && setFilter(value)}
          aria-label="Show"
        >
          <ToggleButton value="all">All</ToggleButton>
          <ToggleButton value="changed">Changed</ToggleButton>
          <ToggleButton value="synthesised">Still synthesised</ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={() => setImportOpen(true)} disabled={readOnly}>
            Import mapping…
          </Button>
          <Button onClick={() => download(`${repo}-authors.txt`, 'text/plain', writeAuthorsFile(exportRows))}>
            Export authors file
          </Button>
          <Button onClick={() => download(`${repo}-authors.csv`, 'text/csv', writeAuthorsCsv(exportRows))}>
            Export CSV
          </Button>
        </Stack>
      </Stack>
      <Stack direction="row" sx={{ gap: 2, mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" role="status">
          Showing {formatNumber(shown.length)} of {formatNumber(rows.length)} authors ·{' '}
          {formatNumber(pending.length)} unsaved {pending.length === 1 ? 'change' : 'changes'}
          {pending.length > valid.length ? ` (${pending.length - valid.length} invalid, not saved)` : ''}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {failedCount > 0 && !save.running ? (
          <Button
            color="warning"
            onClick={() => void runSave(valid.filter((change) => failures[change.id] !== undefined))}
            disabled={readOnly}
          >
            Retry failed ({failedCount})
          </Button>
        ) : null}
        <Button
          variant="contained"
          disabled={readOnly || save.running || valid.length === 0}
          onClick={() => void runSave(valid)}
        >
          Save {formatNumber(valid.length)} {valid.length === 1 ? 'change' : 'changes'}
        </Button>
      </Stack>
      {save.running || save.total > 0 ? (
        <Box sx={{ mb: 2 }}>
          <Typography variant="body2">
            {save.running ? 'Saving one at a time' : 'Saved'}: {save.done} of {save.total}
            {failedCount > 0 ? ` · ${failedCount} failed` : ''}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={save.total === 0 ? 0 : (save.done / save.total) * 100}
            aria-label="Saving author changes"
          />
        </Box>
      ) : null}
      {failedCount > 0 && !save.running ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          <AlertTitle>
            {failedCount} {failedCount === 1 ? 'change was' : 'changes were'} not saved
          </AlertTitle>
          Your edits are kept. Rows marked “Save failed” say why; fix them or retry.
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {Object.entries(failures)
              .slice(0, 5)
              .map(([id, message]) => (
                <li key={id}>
                  {byId.get(Number(id))?.remoteName ?? id}: {message}
                </li>
              ))}
          </Box>
        </Alert>
      ) : null}
      <AuthorGrid rows={shown} readOnly={readOnly} failures={failures} onEdit={onEdit} />
      {importOpen ? (
        <MappingImportDialog
          open
          authors={data}
          current={current}
          onClose={() => setImportOpen(false)}
          onApply={(changes) => {
            setEdits((all) => applyEdits(all, data, changes));
            setImportOpen(false);
          }}
        />
      ) : null}
    </Paper>
  );
}
