import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { gridLayout, isEditable, sortRows, type GridColumn, type GridSort } from './grid-columns';
import { moveCell, type CellPosition } from './grid-keys';
import { HEADER_HEIGHT, ROW_HEIGHT, virtualGridSx } from './virtual-grid-style';
import { VirtualGridHeader } from './virtual-grid-header';
import { VirtualGridRow } from './virtual-grid-row';

export interface GridListChange {
  row?: number;
  sort?: GridSort;
}

/**
 * `columns`, `rowKey`, `rowLabel`, `onEdit` and `onListChange` should keep their identity between renders
 * (module constants, useMemo, useCallback): the rows in view are memoised on them, and a row object that did
 * not change is not drawn again.
 */
export interface VirtualGridProps<Row, Key extends string | number> {
  /** The grid's accessible name. */
  'aria-label': string;
  columns: readonly GridColumn<Row>[];
  rows: readonly Row[];
  /** A row's stable identity: kept across sorts and edits (the row's `data-id`). */
  rowKey: (row: Row) => Key;
  /** Names a row in its editors' labels: "Email for jdoe". */
  rowLabel: (row: Row) => string;
  readOnly?: boolean;
  /** Why a row failed (a save, say), by row key: handed to the columns that draw their cells. */
  failures?: Readonly<Record<string, string>>;
  /** A committed edit that changed the cell's value. */
  onEdit?: (key: Key, field: string, value: string) => void;
  /** The list state (an address can keep it): the first row in view and the sort. */
  firstRow?: number;
  sort?: GridSort;
  /** Where the list came to rest (not on every scrolled pixel), or a header asked for another sort. */
  onListChange?: (change: GridListChange) => void;
  /** Changes when the rows are filtered anew: the list goes back to its top. */
  resetKey?: string;
  /** Shown under the header when there are no rows. */
  empty?: ReactNode;
  /** Added to the scrolling element's classes (tests and benchmarks find it by it). */
  className?: string;
}

/** Jsdom-like test DOMs have no layout: give the list a fixed viewport there, so it still virtualises. */
const NO_LAYOUT = import.meta.env.MODE === 'test';
const fixedRect = (
  _instance: Virtualizer<HTMLDivElement, Element>,
  onRect: (rect: { width: number; height: number }) => void,
) => {
  onRect({ width: 1200, height: 620 });
};

const NO_FAILURES: Readonly<Record<string, string>> = {};

/** Where a cell of the grid is, read from the element an event came from. */
function cellAt(target: EventTarget): CellPosition | undefined {
  if (!(target instanceof Element)) return undefined;
  const cell = target.closest<HTMLElement>('[role="gridcell"]');
  const row = cell?.closest<HTMLElement>('[role="row"]');
  if (!cell || !row) return undefined;
  return { row: Number(row.dataset.index), col: Number(cell.dataset.col) };
}

/**
 * Rows as one continuous list virtualised by TanStack Virtual: only the rows in view are in the page, so
 * 100,000 rows draw as fast as 12. It follows the ARIA grid pattern: one tab stop, arrows, Home/End and the
 * page keys move between cells; Enter, F2, a double-click or typing edits an editable cell.
 */
export function VirtualGrid<Row, Key extends string | number>({
  'aria-label': label,
  columns: allColumns,
  rows,
  rowKey,
  rowLabel,
  readOnly = false,
  failures = NO_FAILURES,
  onEdit,
  firstRow = 0,
  sort,
  onListChange,
  resetKey = '',
  empty,
  className,
}: VirtualGridProps<Row, Key>) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const columns = useMemo(() => allColumns.filter((column) => !column.hidden), [allColumns]);
  const { template, minWidth } = useMemo(() => gridLayout(columns), [columns]);
  // The sort's parts, not its object: a list state read again from the address is a new object with the same
  // sort, and must neither sort again nor move the list.
  const sortField = sort?.field;
  const sortDirection = sort?.direction;
  const sorted = useMemo(
    () =>
      sortRows(
        rows,
        allColumns,
        sortField && sortDirection ? { field: sortField, direction: sortDirection } : undefined,
      ),
    [rows, allColumns, sortField, sortDirection],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<CellPosition>({ row: Math.min(firstRow, rows.length), col: 0 });
  /** The cell being edited; `typed` is the character that started it (it replaces the value, as in a spreadsheet). */
  const [editing, setEditing] = useState<{ key: Key; field: string; typed?: string } | undefined>();
  /** Set when the keyboard moved the active cell: focus it once its row is drawn. */
  const focusPending = useRef(false);
  /** The focus is inside the grid: set by a focus within it, cleared when it leaves for another element. */
  const holdsFocus = useRef(false);
  const writtenRow = useRef(firstRow);
  const height = Math.min(phone ? 440 : 620, HEADER_HEIGHT + Math.max(sorted.length, 3) * ROW_HEIGHT + 2);

  // Ferry does not use the React Compiler; the virtualizer is read fresh on every render, as it expects.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: sorted.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    initialOffset: firstRow * ROW_HEIGHT,
    onChange: (instance, sync) => {
      // Where the list rests goes out (not on every scrolled pixel).
      if (sync) return;
      const row = Math.round((instance.scrollOffset ?? 0) / ROW_HEIGHT);
      if (row !== writtenRow.current) {
        writtenRow.current = row;
        onListChange?.({ row });
      }
    },
    ...(NO_LAYOUT ? { observeElementRect: fixedRect } : {}),
  });

  // A new sort, or new filtered rows, start at the top.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    virtualizer.scrollToOffset(0);
    setActive({ row: 0, col: 0 });
  }, [resetKey, sortField, sortDirection, virtualizer]);

  useEffect(() => {
    // A row drawn again (a measurement, a scroll's last adjustment) replaces its cells: a focused one removed takes
    // the focus to the page's body without a blur, so the grid still holds it (`holdsFocus`) and gives it back.
    const lost =
      holdsFocus.current && (document.activeElement === null || document.activeElement === document.body);
    if (!focusPending.current && !lost) return;
    const cell = scrollRef.current?.querySelector<HTMLElement>(
      `[data-index="${active.row}"] [data-col="${active.col}"]`,
    );
    if (cell) {
      focusPending.current = false;
      cell.focus({ preventScroll: true });
    }
  });

  const moveTo = useCallback(
    (position: CellPosition) => {
      focusPending.current = true;
      setActive(position);
      virtualizer.scrollToIndex(position.row, { align: 'auto' });
    },
    [virtualizer],
  );

  const onCommit = useCallback(
    (row: Row, index: number, column: GridColumn<Row>, value: string, then: 'next' | 'stay') => {
      if (value !== column.value(row)) onEdit?.(rowKey(row), column.field, value);
      setEditing(undefined);
      // Enter moves down a row in the same column, as in a spreadsheet.
      if (then === 'next')
        moveTo({ row: Math.min(index + 1, sorted.length - 1), col: columns.indexOf(column) });
    },
    [onEdit, rowKey, columns, sorted.length, moveTo],
  );
  const onCancel = useCallback(() => {
    setEditing(undefined);
    focusPending.current = true;
  }, []);

  const startEditing = (target: EventTarget, typed?: string) => {
    const cell = cellAt(target);
    const row = cell && sorted[cell.row];
    const column = cell && columns[cell.col];
    if (readOnly || row === undefined || !column || !isEditable(column, row)) return false;
    setEditing({ key: rowKey(row), field: column.field, typed });
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.key === 'Enter' || event.key === 'F2') && startEditing(event.target)) {
      event.preventDefault();
      return;
    }
    const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (printable && startEditing(event.target, event.key)) {
      event.preventDefault();
      return;
    }
    const pageRows = Math.max(1, Math.floor((virtualizer.scrollRect?.height ?? 0) / ROW_HEIGHT) - 1);
    const next = moveCell(
      active,
      event.key,
      { rows: sorted.length, cols: columns.length, pageRows },
      event.ctrlKey || event.metaKey,
    );
    if (!next) return;
    event.preventDefault();
    moveTo(next);
  };
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    holdsFocus.current = true;
    const cell = cellAt(event.target);
    if (cell && (cell.row !== active.row || cell.col !== active.col)) setActive(cell);
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || !event.currentTarget.contains(next)) holdsFocus.current = false;
  };
  const onDoubleClick = (event: MouseEvent<HTMLDivElement>) => {
    startEditing(event.target);
  };

  const items = virtualizer.getVirtualItems();
  // One tab stop: the active cell, or the first drawn row's when the active row has scrolled away.
  const tabRow = items.some((item) => item.index === active.row) ? active.row : items[0]?.index;

  return (
    <Box
      ref={scrollRef}
      sx={virtualGridSx}
      className={className ? `virtual-grid-scroll ${className}` : 'virtual-grid-scroll'}
      style={{ height }}
    >
      <div
        role="grid"
        aria-label={label}
        aria-rowcount={sorted.length + 1}
        aria-colcount={columns.length}
        aria-readonly={readOnly || undefined}
        style={{ minWidth }}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={onBlur}
        onDoubleClick={onDoubleClick}
      >
        <VirtualGridHeader
          columns={columns}
          template={template}
          sort={sort}
          onSort={(next) => onListChange?.({ sort: next, row: 0 })}
        />
        <div role="rowgroup" className="virtual-grid-body" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = sorted[item.index] as Row;
            const key = rowKey(row);
            const edited = editing?.key === key ? editing : undefined;
            return (
              <VirtualGridRow
                key={key}
                row={row}
                rowKey={key}
                label={rowLabel(row)}
                index={item.index}
                top={item.start - HEADER_HEIGHT}
                columns={columns}
                template={template}
                failure={failures[String(key)]}
                tabCol={item.index === tabRow ? active.col : undefined}
                editing={edited?.field}
                typed={edited?.typed}
                onCommit={onCommit}
                onCancel={onCancel}
              />
            );
          })}
        </div>
      </div>
      {sorted.length === 0 ? empty : null}
    </Box>
  );
}
