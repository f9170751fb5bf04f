/**
 * Where a key moves the focused cell of a virtual grid (the ARIA grid pattern): arrows by one, Home/End to
 * the row's ends (with Ctrl, the grid's), PageUp/PageDown by a screenful. Pure, so the grid only scrolls and
 * focuses; `undefined` means the key is not the grid's.
 */
export interface CellPosition {
  row: number;
  col: number;
}

export interface GridExtent {
  rows: number;
  cols: number;
  /** Rows in one screenful, for PageUp/PageDown. */
  pageRows: number;
}

const clamp = (value: number, max: number) => Math.min(Math.max(0, value), Math.max(0, max));

export function moveCell(
  from: CellPosition,
  key: string,
  extent: GridExtent,
  ctrl = false,
): CellPosition | undefined {
  const lastRow = extent.rows - 1;
  const lastCol = extent.cols - 1;
  const at = (row: number, col: number) => ({ row: clamp(row, lastRow), col: clamp(col, lastCol) });
  switch (key) {
    case 'ArrowUp':
      return at(from.row - 1, from.col);
    case 'ArrowDown':
      return at(from.row + 1, from.col);
    case 'ArrowLeft':
      return at(from.row, from.col - 1);
    case 'ArrowRight':
      return at(from.row, from.col + 1);
    case 'Home':
      return ctrl ? at(0, 0) : at(from.row, 0);
    case 'End':
      return ctrl ? at(lastRow, lastCol) : at(from.row, lastCol);
    case 'PageUp':
      return at(from.row - Math.max(1, extent.pageRows), from.col);
    case 'PageDown':
      return at(from.row + Math.max(1, extent.pageRows), from.col);
    default:
      return undefined;
  }
}
