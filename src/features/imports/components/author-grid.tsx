import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
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
} from 'react';
import { authorColumns } from '../utils/author-columns';
import { sortRows, type AuthorRow, type AuthorSort } from '../utils/author-edits';
import { moveCell, type CellPosition } from '../utils/grid-keys';
import { authorGridSx, HEADER_HEIGHT, ROW_HEIGHT } from './author-grid-style';
import { AuthorGridHeader } from './author-grid-header';
import { AuthorGridRow } from './author-grid-row';

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

/** Jsdom-like test DOMs have no layout: give the list a fixed viewport there, so it still virtualises. */
const NO_LAYOUT = import.meta.env.MODE === 'test';
const fixedRect = (
  _instance: Virtualizer<HTMLDivElement, Element>,
  onRect: (rect: { width: number; height: number }) => void,
) => {
  onRect({ width: 1200, height: 620 });
};

/** Where a cell of the grid is, read from the element an event came from. */
function cellAt(target: EventTarget): { position: CellPosition; field: string } | undefined {
  if (!(target instanceof Element)) return undefined;
  const cell = target.closest<HTMLElement>('[role="gridcell"]');
  const row = cell?.closest<HTMLElement>('[role="row"]');
  if (!cell || !row) return undefined;
  return {
    position: { row: Number(row.dataset.index), col: Number(cell.dataset.col) },
    field: cell.dataset.field ?? '',
  };
}

/**
 * The commit authors as one continuous, virtualised list (TanStack Virtual): only the rows in view are in the
 * page, so 100,000 authors draw as fast as 12. It follows the ARIA grid pattern: one tab stop, arrows, Home/End
 * and the page keys move between cells; Enter, F2, a double-click or typing edits Name or Email.
 */
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
  const { columns, template, minWidth } = useMemo(() => authorColumns(phone), [phone]);
  const sorted = useMemo(() => (sort ? sortRows(rows, sort) : rows), [rows, sort]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<CellPosition>({ row: Math.min(firstRow, rows.length), col: 0 });
  /** The cell being edited; `typed` is the character that started it (it replaces the value, as in a spreadsheet). */
  const [editing, setEditing] = useState<
    { id: number; field: 'name' | 'email'; typed?: string } | undefined
  >();
  /** Set when the keyboard moved the active cell: focus it once its row is drawn. */
  const focusPending = useRef(false);
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
      // Where the list rests goes into the address (not on every scrolled pixel).
      if (sync) return;
      const row = Math.round((instance.scrollOffset ?? 0) / ROW_HEIGHT);
      if (row !== writtenRow.current) {
        writtenRow.current = row;
        onListChange({ row });
      }
    },
    ...(NO_LAYOUT ? { observeElementRect: fixedRect } : {}),
  });

  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    virtualizer.scrollToOffset(0);
    setActive({ row: 0, col: 0 });
  }, [resetKey, sort, virtualizer]);

  useEffect(() => {
    if (!focusPending.current) return;
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
    (row: AuthorRow, index: number, field: 'name' | 'email', value: string, then: 'next' | 'stay') => {
      if (value !== row[field]) onEdit(row.id, field, value);
      setEditing(undefined);
      // Enter moves down a row in the same column, as in a spreadsheet.
      if (then === 'next') {
        const col = columns.findIndex((column) => column.field === field);
        moveTo({ row: Math.min(index + 1, sorted.length - 1), col });
      }
    },
    [onEdit, columns, sorted.length, moveTo],
  );
  const onCancel = useCallback(() => {
    setEditing(undefined);
    focusPending.current = true;
  }, []);

  const startEditing = (target: EventTarget, typed?: string) => {
    const cell = cellAt(target);
    const row = cell && sorted[cell.position.row];
    if (readOnly || !row || (cell.field !== 'name' && cell.field !== 'email')) return false;
    setEditing({ id: row.id, field: cell.field, typed });
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
    const cell = cellAt(event.target);
    if (cell && (cell.position.row !== active.row || cell.position.col !== active.col))
      setActive(cell.position);
  };
  const onDoubleClick = (event: MouseEvent<HTMLDivElement>) => {
    startEditing(event.target);
  };

  const items = virtualizer.getVirtualItems();
  // One tab stop: the active cell, or the first drawn row's when the active row has scrolled away.
  const tabRow = items.some((item) => item.index === active.row) ? active.row : items[0]?.index;

  return (
    <Box sx={authorGridSx}>
      <div ref={scrollRef} className="author-grid-scroll" style={{ height }}>
        <div
          role="grid"
          aria-label="Commit authors"
          aria-rowcount={sorted.length + 1}
          aria-colcount={columns.length}
          aria-readonly={readOnly || undefined}
          style={{ minWidth }}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
          onDoubleClick={onDoubleClick}
        >
          <AuthorGridHeader
            columns={columns}
            template={template}
            sort={sort}
            onSort={(next) => onListChange({ sort: next, row: 0 })}
          />
          <div role="rowgroup" className="author-grid-body" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const row = sorted[item.index] as AuthorRow;
              return (
                <AuthorGridRow
                  key={row.id}
                  row={row}
                  index={item.index}
                  top={item.start - HEADER_HEIGHT}
                  columns={columns}
                  template={template}
                  failure={failures[row.id]}
                  tabCol={item.index === tabRow ? active.col : undefined}
                  editing={editing?.id === row.id ? editing.field : undefined}
                  typed={editing?.id === row.id ? editing.typed : undefined}
                  onCommit={onCommit}
                  onCancel={onCancel}
                />
              );
            })}
          </div>
        </div>
        {sorted.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            No authors match. Clear the search or show all authors.
          </Typography>
        ) : null}
      </div>
    </Box>
  );
}
