import type { GridColumn, GridSort } from '@/components/virtual-grid/grid-columns';
import { GridChip } from '@/components/virtual-grid/grid-chip';
import { emailProblem, nameProblem } from '../utils/author-rules';
import type { AuthorRow, AuthorSort, SortableField } from '../utils/author-edits';

interface AuthorColumn extends GridColumn<AuthorRow> {
  /** The track and narrowest width on a phone, when they differ. */
  phoneTrack?: string;
  phoneMinWidth?: number;
  /** On a phone the ids and state chips would push Name and Email out of view; the remote name identifies the row. */
  onPhone: boolean;
}

function StateChips({ row, failure }: { row: AuthorRow; failure?: string }) {
  return (
    <>
      {failure ? (
        <GridChip tone="failed" title={failure}>
          Save failed
        </GridChip>
      ) : null}
      {row.nameError || row.emailError ? <GridChip tone="invalid">Invalid</GridChip> : null}
      {row.changed ? <GridChip tone="changed">Changed</GridChip> : null}
      {row.synthesised ? <GridChip>Synthesised</GridChip> : null}
    </>
  );
}

const ALL: readonly AuthorColumn[] = [
  {
    field: 'id',
    header: 'ID',
    track: '90px',
    minWidth: 90,
    value: (row) => String(row.id),
    compare: (a, b) => a.id - b.id,
    sortable: true,
    onPhone: false,
  },
  {
    field: 'remoteId',
    header: 'Remote id',
    track: 'minmax(200px, 1.2fr)',
    minWidth: 200,
    value: (row) => row.remoteId,
    sortable: true,
    onPhone: false,
  },
  {
    field: 'remoteName',
    header: 'Remote name',
    track: 'minmax(140px, 0.8fr)',
    phoneTrack: 'minmax(80px, 0.8fr)',
    minWidth: 140,
    phoneMinWidth: 80,
    value: (row) => row.remoteName,
    sortable: true,
    onPhone: true,
  },
  {
    field: 'name',
    header: 'Name',
    track: 'minmax(160px, 1fr)',
    phoneTrack: 'minmax(100px, 1fr)',
    minWidth: 160,
    phoneMinWidth: 100,
    value: (row) => row.name,
    editable: true,
    validate: nameProblem,
    problem: (row) => row.nameError,
    sortable: true,
    onPhone: true,
  },
  {
    field: 'email',
    header: 'Email',
    track: 'minmax(220px, 1.3fr)',
    phoneTrack: 'minmax(110px, 1.3fr)',
    minWidth: 220,
    phoneMinWidth: 110,
    value: (row) => row.email,
    editable: true,
    validate: emailProblem,
    problem: (row) => row.emailError,
    sortable: true,
    onPhone: true,
  },
  {
    field: 'state',
    header: 'State',
    track: '230px',
    minWidth: 230,
    value: () => '',
    render: (row, failure) => <StateChips row={row} failure={failure} />,
    onPhone: false,
  },
];

const WIDE: readonly GridColumn<AuthorRow>[] = ALL;
/** A phone's columns: narrower tracks, and the others hidden (a sort by them still applies). */
const PHONE: readonly GridColumn<AuthorRow>[] = ALL.map((column) => ({
  ...column,
  track: column.phoneTrack ?? column.track,
  minWidth: column.phoneMinWidth ?? column.minWidth,
  hidden: !column.onPhone,
}));

export function authorColumns(phone: boolean): readonly GridColumn<AuthorRow>[] {
  return phone ? PHONE : WIDE;
}

const SORTABLE: readonly SortableField[] = ['id', 'remoteId', 'remoteName', 'name', 'email'];

/** The grid's sort as the author list state has it (only the author fields sort). */
export function authorSort(sort: GridSort | undefined): AuthorSort | undefined {
  const field = SORTABLE.find((candidate) => candidate === sort?.field);
  return sort && field ? { field, direction: sort.direction } : undefined;
}
