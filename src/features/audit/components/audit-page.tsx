import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { toApiError } from '@/lib/api-error';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { auditQueries } from '../api/audit-queries';
import { auditDownloadHref, hasFilters, NO_FILTERS, type AuditFilters } from '../utils/audit-filters';
import { AuditFilterForm } from './audit-filter-form';
import { AuditTable } from './audit-table';
import { VerifyChain } from './verify-chain';

const FORBIDDEN_HINT =
  'The audit log is for admins (owners of the source organization): ask one to look, or to grant you the role.';

/** `/audit`: every write made through Ferry, who made it and how it ended, in a chain an edit cannot hide in. */
export function AuditPage() {
  useDocumentTitle('Audit log');
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  // The cursors of the pages before this one: "Older" pushes, "Newest" empties.
  const [cursors, setCursors] = useState<number[]>([]);
  const before = cursors.at(-1);
  const page = useQuery(auditQueries.page(filters, before));
  const apply = (next: AuditFilters) => {
    setFilters(next);
    setCursors([]);
  };
  const forbidden = page.error ? toApiError(page.error).status === 403 : false;

  return (
    <PageContainer
      title="Audit log"
      subtitle="Every change made through Ferry — who made it, when, on what, and how it ended — chained so that an edited or removed entry is found. Request bodies, query strings and tokens are never recorded."
      actions={
        <>
          <Button component="a" href={auditDownloadHref('csv', filters)} download>
            Download CSV
          </Button>
          <Button component="a" href={auditDownloadHref('json', filters)} download>
            Download JSON
          </Button>
        </>
      }
    >
      <Stack spacing={3}>
        <Paper variant="outlined" component="section" aria-labelledby="audit-filters-heading" sx={{ p: 2 }}>
          <Typography id="audit-filters-heading" variant="h6" component="h2" gutterBottom>
            Filters
          </Typography>
          <AuditFilterForm applied={filters} onApply={apply} />
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="audit-entries-heading" sx={{ p: 2 }}>
          <Typography id="audit-entries-heading" variant="h6" component="h2" gutterBottom>
            Entries
          </Typography>
          {page.data ? (
            page.data.entries.length === 0 ? (
              <Typography color="text.secondary">
                {hasFilters(filters) || before !== undefined
                  ? 'No entry matches these filters.'
                  : 'No write has been recorded yet: each change made through Ferry (a move, a wave, an alert target, a draft…) will be listed here with who made it.'}
              </Typography>
            ) : (
              <Stack spacing={2}>
                <AuditTable entries={page.data.entries} />
                <Stack direction="row" spacing={1}>
                  <Button disabled={cursors.length === 0} onClick={() => setCursors([])}>
                    Newest
                  </Button>
                  <Button
                    disabled={page.data.next === null}
                    onClick={() => {
                      const next = page.data?.next;
                      if (next !== null && next !== undefined) setCursors([...cursors, next]);
                    }}
                  >
                    Older
                  </Button>
                </Stack>
              </Stack>
            )
          ) : page.error ? (
            <ErrorAlert
              error={page.error}
              onRetry={() => void page.refetch()}
              {...(forbidden ? { hint: FORBIDDEN_HINT } : {})}
            />
          ) : (
            <LoadingState label="Loading the audit log" />
          )}
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="audit-verify-heading" sx={{ p: 2 }}>
          <Typography id="audit-verify-heading" variant="h6" component="h2" gutterBottom>
            The chain
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Each entry holds a hash of the one before it: a changed field, a removed entry or a reordered log
            breaks the chain at that entry.
          </Typography>
          <VerifyChain />
        </Paper>
      </Stack>
    </PageContainer>
  );
}
