import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DataGrid, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { emailProblem, nameProblem } from '../utils/author-rules';
import {
  pageOf,
  sortRows,
  withFlags,
  type AuthorRow,
  type AuthorSort,
  type SortableField,
} from '../utils/author-edits';
import { ValidatingEditCell } from './validating-edit-cell';

export interface AuthorGridProps {
  rows: AuthorRow[];
  readOnly: boolean;
  failures: Record<string, string>;
  onEdit: (id: number, field: 'name' | 'email', value: string) => void;
  /** The list state (kept in the address by the editor). */
  page: number;
  sort?: AuthorSort;
  onListChange: (change: { page?: number; sort?: AuthorSort }) => void;
}

/** Jsdom-like test DOMs have no layout, so virtualisation would render no rows there. */
const NO_LAYOUT = import.meta.env.MODE === 'test';

function StateCell({ row, failure }: { row: AuthorRow; failure?: string }) {
  return (
    <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', height: '100%', flexWrap: 'wrap' }}>
      {failure ? <Chip size="small" color="error" label="Save failed" title={failure} /> : null}
      {row.nameError || row.emailError ? (
        <Chip size="small" color="error" variant="outlined" label="Invalid" />
      ) : null}
      {row.changed ? <Chip size="small" color="primary" variant="outlined" label="Changed" /> : null}
      {row.synthesised ? <Chip size="small" variant="outlined" label="Synthesised" /> : null}
    </Stack>
  );
}

const SORTABLE: readonly string[] = ['id', 'remoteId', 'remoteName', 'name', 'email'];

/**
 * The commit authors in a virtualised grid (MUI X Data Grid, MIT: pages of up to 100 rows). Sorting and paging
 * run in pure functions over all rows and the grid only ever holds one page, so 10,000 authors stay smooth.
 */
export function AuthorGrid({
  rows,
  readOnly,
  failures,
  onEdit,
  page: wanted,
  sort,
  onListChange,
}: AuthorGridProps) {
  const [pageSize, setPageSize] = useState(100);
  const sortModel = useMemo<GridSortModel>(
    () => (sort ? [{ field: sort.field, sort: sort.direction }] : []),
    [sort],
  );
  // On a phone the ids and the state chips would push Name and Email out of view: the remote name identifies
  // the row there, and the filters still find changed and synthesised rows.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const sorted = useMemo(() => (sort ? sortRows(rows, sort) : rows), [rows, sort]);
  const page = pageOf(sorted, wanted, pageSize);
  const columns = useMemo<GridColDef<AuthorRow>[]>(
    () => [
      { field: 'id', headerName: 'ID', width: 100, type: 'number' },
      { field: 'remoteId', headerName: 'Remote id', flex: 1.2, minWidth: 200 },
      { field: 'remoteName', headerName: 'Remote name', flex: 0.8, minWidth: phone ? 80 : 140 },
      {
        field: 'name',
        headerName: 'Name',
        flex: 1,
        minWidth: phone ? 100 : 160,
        editable: !readOnly,
        preProcessEditCellProps: (params) => ({
          ...params.props,
          error: nameProblem(String(params.props.value ?? '')) !== undefined,
        }),
        renderEditCell: (params) => (
          <ValidatingEditCell params={params} label="Name" validate={nameProblem} />
        ),
      },
      {
        field: 'email',
        headerName: 'Email',
        flex: 1.3,
        minWidth: phone ? 110 : 220,
        editable: !readOnly,
        preProcessEditCellProps: (params) => ({
          ...params.props,
          error: emailProblem(String(params.props.value ?? '')) !== undefined,
        }),
        renderEditCell: (params) => (
          <ValidatingEditCell params={params} label="Email" validate={emailProblem} />
        ),
      },
      {
        field: 'state',
        headerName: 'State',
        width: 230,
        sortable: false,
        filterable: false,
        valueGetter: (_value, row) =>
          [
            failures[row.id] ? 'failed' : '',
            row.changed ? 'changed' : '',
            row.synthesised ? 'synthesised' : '',
          ]
            .filter(Boolean)
            .join(' '),
        renderCell: (params) => <StateCell row={params.row} failure={failures[params.row.id]} />,
      },
    ],
    [readOnly, failures, phone],
  );

  return (
    <div style={{ height: 620, width: '100%' }}>
      <DataGrid
        rows={page.rows}
        rowCount={sorted.length}
        columns={columns}
        columnVisibilityModel={phone ? { id: false, remoteId: false, state: false } : {}}
        paginationMode="server"
        sortingMode="server"
        paginationModel={{ page: page.page, pageSize }}
        onPaginationModelChange={(model) => {
          if (model.pageSize !== pageSize) setPageSize(model.pageSize);
          if (model.page !== page.page) onListChange({ page: model.page });
        }}
        sortModel={sortModel}
        onSortModelChange={(model) => {
          const [first] = model;
          onListChange({
            page: 0,
            sort:
              first && SORTABLE.includes(first.field)
                ? { field: first.field as SortableField, direction: first.sort === 'desc' ? 'desc' : 'asc' }
                : undefined,
          });
        }}
        label="Commit authors"
        disableVirtualization={NO_LAYOUT}
        disableRowSelectionOnClick
        disableColumnFilter
        pageSizeOptions={[25, 50, 100]}
        processRowUpdate={(next, previous) => {
          if (next.name !== previous.name) onEdit(next.id, 'name', next.name);
          if (next.email !== previous.email) onEdit(next.id, 'email', next.email);
          return withFlags(next);
        }}
        density="compact"
      />
    </div>
  );
}
