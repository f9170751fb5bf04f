import { nextSort, type GridColumn, type GridSort } from './grid-columns';

export interface VirtualGridHeaderProps<Row> {
  columns: readonly GridColumn<Row>[];
  template: string;
  sort?: GridSort;
  onSort: (sort: GridSort | undefined) => void;
}

/** The grid's header row, kept in view while the rows scroll; a sortable column's header is a button. */
export function VirtualGridHeader<Row>({ columns, template, sort, onSort }: VirtualGridHeaderProps<Row>) {
  return (
    <div role="rowgroup" className="virtual-grid-head">
      <div
        role="row"
        aria-rowindex={1}
        className="virtual-grid-header-row"
        style={{ gridTemplateColumns: template }}
      >
        {columns.map((column, col) => {
          const direction = sort?.field === column.field ? sort.direction : undefined;
          return (
            <div
              key={column.field}
              role="columnheader"
              data-field={column.field}
              aria-colindex={col + 1}
              aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
              className="virtual-grid-cell"
            >
              {column.sortable ? (
                <button
                  type="button"
                  className="virtual-grid-sort"
                  onClick={() => onSort(nextSort(column.field, sort))}
                >
                  {column.header}
                  <span aria-hidden="true" className="virtual-grid-sort-mark">
                    {direction === 'asc' ? '↑' : direction === 'desc' ? '↓' : ''}
                  </span>
                </button>
              ) : (
                column.header
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
