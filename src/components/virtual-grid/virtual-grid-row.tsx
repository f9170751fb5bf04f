import { memo } from 'react';
import { CellEditor } from './cell-editor';
import type { GridColumn } from './grid-columns';

export interface VirtualGridRowProps<Row> {
  row: Row;
  rowKey: string | number;
  /** Names the row in an editor's label ("Email for jdoe"). */
  label: string;
  /** Position in the sorted list. */
  index: number;
  top: number;
  columns: readonly GridColumn<Row>[];
  template: string;
  failure?: string;
  /** The column whose cell is the grid's one tab stop, when it is in this row. */
  tabCol?: number;
  /** The field being edited in this row. */
  editing?: string;
  /** The character that started the edit, which replaces the value. */
  typed?: string;
  onCommit: (row: Row, index: number, column: GridColumn<Row>, value: string, then: 'next' | 'stay') => void;
  onCancel: () => void;
}

function VirtualGridRowCells<Row>({
  row,
  rowKey,
  label,
  index,
  top,
  columns,
  template,
  failure,
  tabCol,
  editing,
  typed,
  onCommit,
  onCancel,
}: VirtualGridRowProps<Row>) {
  return (
    <div
      role="row"
      className="virtual-grid-row"
      data-id={rowKey}
      data-index={index}
      aria-rowindex={index + 2}
      style={{ transform: `translateY(${top}px)`, gridTemplateColumns: template }}
    >
      {columns.map((column, col) => {
        const common = {
          role: 'gridcell',
          'data-field': column.field,
          'data-col': col,
          'aria-colindex': col + 1,
        } as const;
        if (column.field === editing) {
          const { validate } = column;
          return (
            <div key={column.field} {...common} className="virtual-grid-cell editing">
              <CellEditor
                initial={typed ?? column.value(row)}
                label={`${column.header} for ${label}`}
                validate={(value) => validate?.(value, row)}
                onCommit={(value, then) => onCommit(row, index, column, value, then)}
                onCancel={onCancel}
              />
            </div>
          );
        }
        const error = column.problem?.(row);
        return (
          <div
            key={column.field}
            {...common}
            className={column.render ? 'virtual-grid-cell drawn' : 'virtual-grid-cell'}
            tabIndex={tabCol === col ? 0 : -1}
            aria-invalid={error ? true : undefined}
            title={error}
          >
            {column.render ? column.render(row, failure) : column.value(row)}
          </div>
        );
      })}
    </div>
  );
}

/**
 * One row of the grid: plain elements styled by the grid's one class, so the few dozen rows in view are cheap
 * to draw. Memoised: a row whose object is unchanged (keep row objects of unchanged data) is not redrawn.
 */
export const VirtualGridRow = memo(VirtualGridRowCells) as typeof VirtualGridRowCells;
