import { memo } from 'react';
import { emailProblem, nameProblem } from '../utils/author-rules';
import { cellText, type AuthorColumn } from '../utils/author-columns';
import type { AuthorRow } from '../utils/author-edits';
import { AuthorCellEditor } from './author-cell-editor';

export interface AuthorGridRowProps {
  row: AuthorRow;
  /** Position in the sorted, filtered list. */
  index: number;
  top: number;
  columns: readonly AuthorColumn[];
  template: string;
  failure?: string;
  /** The column whose cell is the grid's one tab stop, when it is in this row. */
  tabCol?: number;
  editing?: 'name' | 'email';
  /** The character that started the edit, which replaces the value. */
  typed?: string;
  onCommit: (
    row: AuthorRow,
    index: number,
    field: 'name' | 'email',
    value: string,
    then: 'next' | 'stay',
  ) => void;
  onCancel: () => void;
}

function StateChips({ row, failure }: { row: AuthorRow; failure?: string }) {
  return (
    <>
      {failure ? (
        <span className="author-grid-chip failed" title={failure}>
          Save failed
        </span>
      ) : null}
      {row.nameError || row.emailError ? <span className="author-grid-chip invalid">Invalid</span> : null}
      {row.changed ? <span className="author-grid-chip changed">Changed</span> : null}
      {row.synthesised ? <span className="author-grid-chip">Synthesised</span> : null}
    </>
  );
}

/**
 * One author in the grid: plain elements styled by the grid's one class, so the few dozen rows in view are
 * cheap to draw. Memoised: rows of unchanged authors keep their object (see buildRows) and are not redrawn.
 */
export const AuthorGridRow = memo(function AuthorGridRow({
  row,
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
}: AuthorGridRowProps) {
  return (
    <div
      role="row"
      className="author-grid-row"
      data-id={row.id}
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
          const field = editing;
          return (
            <div key={column.field} {...common} className="author-grid-cell editing">
              <AuthorCellEditor
                initial={typed ?? row[field]}
                label={`${column.header} for ${row.remoteName}`}
                validate={field === 'name' ? nameProblem : emailProblem}
                onCommit={(value, then) => onCommit(row, index, field, value, then)}
                onCancel={onCancel}
              />
            </div>
          );
        }
        const error =
          column.field === 'name' ? row.nameError : column.field === 'email' ? row.emailError : undefined;
        return (
          <div
            key={column.field}
            {...common}
            className={column.field === 'state' ? 'author-grid-cell chips' : 'author-grid-cell'}
            tabIndex={tabCol === col ? 0 : -1}
            aria-invalid={error ? true : undefined}
            title={error}
          >
            {column.field === 'state' ? (
              <StateChips row={row} failure={failure} />
            ) : (
              cellText(row, column.field)
            )}
          </div>
        );
      })}
    </div>
  );
});
