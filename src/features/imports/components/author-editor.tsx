import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { RefreshFailedAlert } from '@/components/refresh-failed-alert';
import { LoadingState } from '@/components/loading-state';
import { PausedWritesNote } from '@/components/paused-writes-note';
import { useGithubPause } from '@/hooks/use-github-pause';
import { useLatestSearchParams } from '@/hooks/use-latest-search-params';
import { formatNumber } from '@/lib/format';
import { nextTask } from '@/lib/next-task';
import { importQueries } from '../api/imports-queries';
import { useAuthorSave } from '../hooks/use-author-save';
import { useAuthorEdits } from '../hooks/use-author-edits';
import { DraftSyncNotices } from './draft-sync-notices';
import {
  applyEdit,
  applyEdits,
  buildRows,
  filterRows,
  pendingChanges,
  type AuthorEdits,
} from '../utils/author-edits';
import { readListState, writeListState, type AuthorListState } from '../utils/author-list-params';
import { authorsExpected, authorsVersion, mappingClosed } from '../utils/import-phase';
import type { CommitAuthor, SourceImport } from '@/contracts/github/source-import';
import { AuthorGrid } from './author-grid';
import { AuthorToolbar } from './author-toolbar';
import { CopyMappingDialog } from './copy-mapping-dialog';
import { MapByRuleDialog } from './map-by-rule-dialog';
import { MappingImportDialog } from './mapping-import-dialog';
import { MappingWindowNotice } from './mapping-window-notice';
import { SaveFailuresAlert } from './save-failures-alert';
import { SaveProgress } from './save-progress';

/** Bulk changes are applied this many at a time, a browser task each, so the page never freezes. */
const BULK_CHUNK = 2_000;

/** The author mapping editor: the list, its bulk steps, and saving at GitHub's pace. */
export function AuthorEditor({ owner, repo, item }: { owner: string; repo: string; item: SourceImport }) {
  const authorsQuery = importQueries.authors(owner, repo, authorsVersion(item), authorsExpected(item));
  const authors = useQuery(authorsQuery);
  const remoteNames = useMemo(
    () => new Map((authors.data ?? []).map((author) => [author.id, author.remoteName])),
    [authors.data],
  );
  const nameOf = useCallback((id: number) => remoteNames.get(id), [remoteNames]);
  const [edits, setEdits, draftSync] = useAuthorEdits(owner, repo, item.vcsUrl, nameOf);
  const [query, setQuery] = useState('');
  // Filter, scroll position and sort live in the address (see utils/author-list-params.ts).
  const [params, updateParams] = useLatestSearchParams();
  const list = useMemo(() => readListState(params), [params]);
  const { filter } = list;
  const setList = useCallback(
    (change: Partial<AuthorListState>) =>
      updateParams((current) => writeListState(current, { ...readListState(current), ...change })),
    [updateParams],
  );
  const [failures, setFailures] = useState<Record<string, string>>({});
  const [importOpen, setImportOpen] = useState(false);
  const [ruleOpen, setRuleOpen] = useState(false);
  const [copyOpen, setCopyOpen] = useState(false);
  /** The edits before the last bulk step (mapping file or rule), for its undo. */
  const [undo, setUndo] = useState<{ label: string; before: AuthorEdits } | undefined>();
  const [applying, setApplying] = useState<{ done: number; total: number } | undefined>();
  const readOnly = mappingClosed(item);
  const paused = useGithubPause();

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
      if (!author) return;
      setUndo(undefined);
      setEdits((current) => applyEdit(current, author, field, value));
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

  const saver = useAuthorSave(owner, repo, authorsQuery.queryKey, {
    onSaved: (id) => {
      setEdits((all) => {
        const next = { ...all };
        delete next[id];
        return next;
      });
      setFailures((all) => {
        const next = { ...all };
        delete next[id];
        return next;
      });
    },
    onFailed: (id, message) => setFailures((all) => ({ ...all, [id]: message })),
  });
  const { progress, stop } = saver;
  const saving = progress.status === 'saving' || progress.status === 'paused';
  // GitHub refuses every mapping once it pushes: end the queue instead of failing each remaining row.
  useEffect(() => {
    if (readOnly && saving) stop();
  }, [readOnly, saving, stop]);

  const applyBulk = async (
    label: string,
    changes: readonly { id: number; name: string; email: string }[],
  ) => {
    if (!data) return;
    setUndo({ label, before: edits });
    for (let start = 0; start < changes.length; start += BULK_CHUNK) {
      const chunk = changes.slice(start, start + BULK_CHUNK);
      setEdits((all) => applyEdits(all, data, chunk));
      setApplying({ done: Math.min(start + BULK_CHUNK, changes.length), total: changes.length });
      await nextTask();
    }
    setApplying(undefined);
  };

  if (!data) {
    return authors.isError ? (
      <ErrorAlert error={authors.error} onRetry={() => void authors.refetch()} />
    ) : (
      <LoadingState label="Loading commit authors" query={authors} />
    );
  }

  // Built on click, not on every render (at 100,000 authors it was a copy per keystroke).
  const exportRows = () =>
    rows.map((row) => ({
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
      {readOnly ? null : <MappingWindowNotice item={item} unsaved={valid.length} />}
      <RefreshFailedAlert query={authors} />
      {readOnly ? null : <DraftSyncNotices sync={draftSync} />}
      <AuthorToolbar
        repo={repo}
        query={query}
        onQuery={setQuery}
        filter={filter}
        onFilter={(value) => setList({ filter: value, row: 0 })}
        bulkDisabled={readOnly || applying !== undefined}
        onImport={() => setImportOpen(true)}
        onRule={() => setRuleOpen(true)}
        onCopy={() => setCopyOpen(true)}
        undo={
          undo && !applying
            ? {
                label: undo.label,
                disabled: readOnly || saving,
                onUndo: () => {
                  setEdits(() => undo.before);
                  setUndo(undefined);
                },
              }
            : undefined
        }
        exportRows={exportRows}
      />
      <Stack direction="row" sx={{ gap: 2, mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" role="status">
          Showing {formatNumber(shown.length)} of {formatNumber(rows.length)} authors ·{' '}
          {formatNumber(pending.length)} unsaved {pending.length === 1 ? 'change' : 'changes'}
          {pending.length > valid.length ? ` (${pending.length - valid.length} invalid, not saved)` : ''}
          {applying ? ` · applying ${formatNumber(applying.done)} of ${formatNumber(applying.total)}…` : ''}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <PausedWritesNote reason={paused?.reason} />
        {failedCount > 0 && !saving ? (
          <Button
            color="warning"
            onClick={() => void saver.start(valid.filter((change) => failures[change.id] !== undefined))}
            disabled={readOnly || paused !== undefined}
          >
            Retry failed ({failedCount})
          </Button>
        ) : null}
        <Button
          variant="contained"
          disabled={
            readOnly || saving || applying !== undefined || valid.length === 0 || paused !== undefined
          }
          onClick={() => {
            setUndo(undefined);
            void saver.start(valid);
          }}
        >
          Save {formatNumber(valid.length)} {valid.length === 1 ? 'change' : 'changes'}
        </Button>
      </Stack>
      <SaveProgress
        progress={progress}
        failed={failedCount}
        onPause={saver.pause}
        onResume={saver.resume}
        onStop={saver.stop}
      />
      {failedCount > 0 && !saving ? (
        <SaveFailuresAlert failures={failures} nameOf={(id) => byId.get(id)?.remoteName} />
      ) : null}
      <AuthorGrid
        rows={shown}
        readOnly={readOnly}
        failures={failures}
        onEdit={onEdit}
        firstRow={list.row}
        sort={list.sort}
        onListChange={setList}
        resetKey={`${filter}\n${deferredQuery}`}
      />
      {importOpen ? (
        <MappingImportDialog
          open
          authors={data}
          current={current}
          onClose={() => setImportOpen(false)}
          onApply={(changes) => {
            setImportOpen(false);
            void applyBulk('mapping file', changes);
          }}
        />
      ) : null}
      {copyOpen ? (
        <CopyMappingDialog
          rows={rows}
          current={`${owner}/${repo}`}
          onClose={() => setCopyOpen(false)}
          onApply={(changes) => {
            setCopyOpen(false);
            void applyBulk('copy', changes);
          }}
        />
      ) : null}
      {ruleOpen ? (
        <MapByRuleDialog
          rows={rows}
          onClose={() => setRuleOpen(false)}
          onApply={(changes) => {
            setRuleOpen(false);
            void applyBulk('rule', changes);
          }}
        />
      ) : null}
    </Paper>
  );
}
