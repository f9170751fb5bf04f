import type { AuthorColumn } from '../utils/author-columns';
import type { AuthorSort, SortableField } from '../utils/author-edits';

export interface AuthorGridHeaderProps {
  columns: readonly AuthorColumn[];
  template: string;
  sort?: AuthorSort;
  onSort: (sort: AuthorSort | undefined) => void;
}

/** Ascending, then descending, then the server's order again. */
function nextSort(field: SortableField, sort: AuthorSort | undefined): AuthorSort | undefined {
  if (sort?.field !== field) return { field, direction: 'asc' };
  return sort.direction === 'asc' ? { field, direction: 'desc' } : undefined;
}

/** The grid's header row, kept in view while the rows scroll; a sortable column's header is a button. */
export function AuthorGridHeader({ columns, template, sort, onSort }: AuthorGridHeaderProps) {
  return (
    <div role="rowgroup" className="author-grid-head">
      <div
        role="row"
        aria-rowindex={1}
        className="author-grid-header-row"
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
              className="author-grid-cell"
            >
              {column.sortable && column.field !== 'state' ? (
                <button
                  type="button"
                  className="author-grid-sort"
                  onClick={() => onSort(nextSort(column.field as SortableField, sort))}
                >
                  {column.header}
                  <span aria-hidden="true" className="author-grid-sort-mark">
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
