import type { ReactNode } from 'react';

/**
 * A virtual grid's columns as data: what a cell reads, shows and accepts. Pure (no React state), so the
 * layout and the sort are unit-tested without drawing anything.
 */
export interface GridColumn<Row> {
  /** Names the column in the list state (the sort) and in `onEdit`; also the cell's `data-field`. */
  field: string;
  header: string;
  /** The CSS grid track, e.g. `minmax(160px, 1fr)`. */
  track: string;
  /** The narrowest the column gets: below the sum of these the grid scrolls sideways. */
  minWidth: number;
  /** The cell's text: what is shown, sorted on, and what an edit starts from. */
  value: (row: Row) => string;
  /** Draws the cell instead of its text (chips, say); `failure` is the row's failure text, if any. */
  render?: (row: Row, failure: string | undefined) => ReactNode;
  /** Whether Enter, F2, a double-click or typing edits the cell (per row when a function). */
  editable?: boolean | ((row: Row) => boolean);
  /** What is wrong with an edited value (the editor stays open and says so), or undefined when it is fine. */
  validate?: (value: string, row: Row) => string | undefined;
  /** What is wrong with the cell's current value, shown as the cell's invalid state and its title. */
  problem?: (row: Row) => string | undefined;
  sortable?: boolean;
  /** Not drawn (a phone keeps the few columns that identify and edit a row), but the list still sorts by it. */
  hidden?: boolean;
  /** The sort's order for this column; by default the values compared as words with numbers in them. */
  compare?: (a: Row, b: Row) => number;
}

export interface GridSort {
  field: string;
  direction: 'asc' | 'desc';
}

export interface GridLayout {
  /** `grid-template-columns` shared by the header and every row, so they line up without measuring. */
  template: string;
  minWidth: number;
}

export function gridLayout(columns: readonly GridColumn<never>[]): GridLayout {
  return {
    template: columns.map((column) => column.track).join(' '),
    minWidth: columns.reduce((sum, column) => sum + column.minWidth, 0),
  };
}

export function isEditable<Row>(column: GridColumn<Row>, row: Row): boolean {
  return typeof column.editable === 'function' ? column.editable(row) : column.editable === true;
}

/** Ascending, then descending, then the rows' own order again. */
export function nextSort(field: string, sort: GridSort | undefined): GridSort | undefined {
  if (sort?.field !== field) return { field, direction: 'asc' };
  return sort.direction === 'asc' ? { field, direction: 'desc' } : undefined;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** The rows (a copy) sorted by one column; ties keep the rows' own order. An unknown column leaves it as is. */
export function sortRows<Row>(
  rows: readonly Row[],
  columns: readonly GridColumn<Row>[],
  sort: GridSort | undefined,
): Row[] {
  const column = sort && columns.find((candidate) => candidate.field === sort.field && candidate.sortable);
  if (!sort || !column) return rows.slice();
  const sign = sort.direction === 'asc' ? 1 : -1;
  const compare = column.compare ?? ((a: Row, b: Row) => collator.compare(column.value(a), column.value(b)));
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => compare(a.row, b.row) * sign || a.index - b.index)
    .map(({ row }) => row);
}
