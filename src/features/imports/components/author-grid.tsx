import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useCallback, useMemo } from 'react';
import { VirtualGrid, type GridListChange } from '@/components/virtual-grid/virtual-grid';
import type { AuthorRow, AuthorSort } from '../utils/author-edits';
import { authorColumns, authorSort } from './author-columns';

export interface AuthorGridProps {
  rows: AuthorRow[];
  readOnly: boolean;
  failures: Record<string, string>;
  onEdit: (id: number, field: 'name' | 'email', value: string) => void;
  /** The list state (kept in the address by the editor): the first row in view and the sort. */
  firstRow: number;
  sort?: AuthorSort;
  onListChange: (change: { row?: number; sort?: AuthorSort }) => void;
  /** Changes when the search or filter does: the list goes back to its top. */
  resetKey: string;
}

const rowKey = (row: AuthorRow) => row.id;
const rowLabel = (row: AuthorRow) => row.remoteName;
const NO_MATCH = (
  <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
    No authors match. Clear the search or show all authors.
  </Typography>
);

/** The commit authors in the shared virtual grid: Name and Email edit in place (see author-columns). */
export function AuthorGrid({
  rows,
  readOnly,
  failures,
  onEdit,
  firstRow,
  sort,
  onListChange,
  resetKey,
}: AuthorGridProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const columns = useMemo(() => authorColumns(phone), [phone]);
  const onCellEdit = useCallback(
    (id: number, field: string, value: string) => {
      if (field === 'name' || field === 'email') onEdit(id, field, value);
    },
    [onEdit],
  );
  // Only the parts that changed: a sort cleared is `sort: undefined`, a row not given is left as it is.
  const onGridListChange = useCallback(
    (change: GridListChange) => {
      const { sort, ...rest } = change;
      onListChange('sort' in change ? { ...rest, sort: authorSort(sort) } : rest);
    },
    [onListChange],
  );
  return (
    <VirtualGrid
      aria-label="Commit authors"
      className="author-grid-scroll"
      columns={columns}
      rowKey={rowKey}
      rowLabel={rowLabel}
      onEdit={onCellEdit}
      onListChange={onGridListChange}
      rows={rows}
      readOnly={readOnly}
      failures={failures}
      firstRow={firstRow}
      sort={sort}
      resetKey={resetKey}
      empty={NO_MATCH}
    />
  );
}
