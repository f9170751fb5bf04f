import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useState } from 'react';

/** Test DOMs have no layout (every row would measure 0 px high and all be drawn): rows keep their estimate there. */
const NO_LAYOUT = import.meta.env.MODE === 'test';

/** Lists shorter than this are drawn whole (the browser's find and every row's buttons in the tab order). */
export const WINDOW_ROWS_FROM = 150;

/**
 * Rows of a long list drawn only near the page's view, scrolled with the page itself (no inner scroll box, so a
 * table keeps its header and a phone its one scroll). Rows may differ in height: each drawn row is measured
 * (`measure` as its ref, with `data-index`). Below `WINDOW_ROWS_FROM` every row is drawn and nothing is measured.
 * Returns the indexes to draw and the space to leave before and after them.
 */
export function useWindowRows<E extends HTMLElement>(count: number, estimatePx: number) {
  // A callback ref (the list's element as state): the rows' positions are computed while drawing.
  const [list, setList] = useState<E | null>(null);
  const virtual = count >= WINDOW_ROWS_FROM;
  // Where the list starts in the page, read at each drawing (what is above it — filters, notices — changes): the
  // virtualizer measures the window's scroll from there.
  const top = virtual && list ? list.getBoundingClientRect().top + window.scrollY : 0;
  const virtualizer = useWindowVirtualizer<HTMLElement>({
    count: virtual ? count : 0,
    estimateSize: () => estimatePx,
    overscan: 6,
    scrollMargin: top,
  });
  if (!virtual) {
    return {
      setList,
      indexes: Array.from({ length: count }, (_, index) => index),
      before: 0,
      after: 0,
      measure: undefined,
    };
  }
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  return {
    setList,
    indexes: items.map((item) => item.index),
    before: first ? first.start - top : 0,
    after: last ? virtualizer.getTotalSize() - (last.end - top) : 0,
    measure: NO_LAYOUT ? undefined : virtualizer.measureElement,
  };
}
