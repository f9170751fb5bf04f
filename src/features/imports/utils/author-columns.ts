import type { AuthorRow, SortableField } from './author-edits';

export type AuthorColumnField = SortableField | 'state';

export interface AuthorColumn {
  field: AuthorColumnField;
  header: string;
  /** The CSS grid track on a wide screen and on a phone. */
  track: string;
  phoneTrack?: string;
  /** The narrowest the column gets (the grid scrolls sideways below the sum), on a wide screen and a phone. */
  minWidth: number;
  phoneMinWidth?: number;
  editable: boolean;
  sortable: boolean;
  /** On a phone the ids and state chips would push Name and Email out of view; the remote name identifies the row. */
  onPhone: boolean;
}

const ALL: readonly AuthorColumn[] = [
  { field: 'id', header: 'ID', track: '90px', minWidth: 90, editable: false, sortable: true, onPhone: false },
  {
    field: 'remoteId',
    header: 'Remote id',
    track: 'minmax(200px, 1.2fr)',
    minWidth: 200,
    editable: false,
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
    editable: false,
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
    editable: true,
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
    editable: true,
    sortable: true,
    onPhone: true,
  },
  {
    field: 'state',
    header: 'State',
    track: '230px',
    minWidth: 230,
    editable: false,
    sortable: false,
    onPhone: false,
  },
];

export interface AuthorColumnLayout {
  columns: readonly AuthorColumn[];
  /** `grid-template-columns` shared by the header and every row, so they line up without measuring. */
  template: string;
  minWidth: number;
}

export function authorColumns(phone: boolean): AuthorColumnLayout {
  const columns = phone ? ALL.filter((column) => column.onPhone) : ALL;
  const tracks = columns.map((column) => (phone ? (column.phoneTrack ?? column.track) : column.track));
  const minWidth = columns.reduce(
    (sum, column) => sum + (phone ? (column.phoneMinWidth ?? column.minWidth) : column.minWidth),
    0,
  );
  return { columns, template: tracks.join(' '), minWidth };
}

/** A cell's text (the state column is drawn as chips, not text). */
export function cellText(row: AuthorRow, field: AuthorColumnField): string {
  return field === 'state' ? '' : String(row[field]);
}
