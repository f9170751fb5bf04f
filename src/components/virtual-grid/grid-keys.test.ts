import { describe, expect, it } from 'vitest';
import { moveCell } from './grid-keys';

const extent = { rows: 100, cols: 4, pageRows: 15 };

describe('moving the focused grid cell', () => {
  it('moves by one with the arrows and stops at the edges', () => {
    expect(moveCell({ row: 5, col: 1 }, 'ArrowDown', extent)).toEqual({ row: 6, col: 1 });
    expect(moveCell({ row: 5, col: 1 }, 'ArrowRight', extent)).toEqual({ row: 5, col: 2 });
    expect(moveCell({ row: 0, col: 0 }, 'ArrowUp', extent)).toEqual({ row: 0, col: 0 });
    expect(moveCell({ row: 0, col: 0 }, 'ArrowLeft', extent)).toEqual({ row: 0, col: 0 });
    expect(moveCell({ row: 99, col: 3 }, 'ArrowDown', extent)).toEqual({ row: 99, col: 3 });
    expect(moveCell({ row: 99, col: 3 }, 'ArrowRight', extent)).toEqual({ row: 99, col: 3 });
  });

  it('jumps with Home, End and the page keys', () => {
    expect(moveCell({ row: 5, col: 2 }, 'Home', extent)).toEqual({ row: 5, col: 0 });
    expect(moveCell({ row: 5, col: 1 }, 'End', extent)).toEqual({ row: 5, col: 3 });
    expect(moveCell({ row: 5, col: 2 }, 'Home', extent, true)).toEqual({ row: 0, col: 0 });
    expect(moveCell({ row: 5, col: 1 }, 'End', extent, true)).toEqual({ row: 99, col: 3 });
    expect(moveCell({ row: 5, col: 1 }, 'PageDown', extent)).toEqual({ row: 20, col: 1 });
    expect(moveCell({ row: 5, col: 1 }, 'PageUp', extent)).toEqual({ row: 0, col: 1 });
    expect(moveCell({ row: 95, col: 1 }, 'PageDown', extent)).toEqual({ row: 99, col: 1 });
  });

  it('leaves other keys to the page, and copes with an empty list', () => {
    expect(moveCell({ row: 5, col: 1 }, 'a', extent)).toBeUndefined();
    expect(moveCell({ row: 0, col: 0 }, 'ArrowDown', { rows: 0, cols: 4, pageRows: 10 })).toEqual({
      row: 0,
      col: 0,
    });
  });
});
