import { describe, expect, it } from 'vitest';
import { movedCursor } from './gridCursor';

const grid = { rows: 30, lastCol: 20 };

describe('movedCursor', () => {
  it('moves one cell by an arrow, ten with Shift, and stays inside the grid', () => {
    expect(movedCursor('ArrowRight', false, { row: 2, col: 3 }, true, grid)).toEqual({ row: 2, col: 4 });
    expect(movedCursor('ArrowDown', true, { row: 2, col: 3 }, true, grid)).toEqual({ row: 12, col: 3 });
    expect(movedCursor('ArrowUp', true, { row: 2, col: 3 }, true, grid)).toEqual({ row: 0, col: 3 });
    expect(movedCursor('ArrowRight', true, { row: 2, col: 15 }, true, grid)).toEqual({ row: 2, col: 20 });
  });

  it('goes to the row ends with Home and End, and pages only a grid that pages', () => {
    expect(movedCursor('Home', false, { row: 5, col: 7 }, true, grid)).toEqual({ row: 5, col: 0 });
    expect(movedCursor('End', false, { row: 5, col: 7 }, true, grid)).toEqual({ row: 5, col: 20 });
    expect(movedCursor('PageDown', false, { row: 5, col: 7 }, true, grid)).toBeNull();
    expect(movedCursor('PageDown', false, { row: 5, col: 7 }, true, { ...grid, page: 8 })).toEqual({
      row: 13,
      col: 7,
    });
  });

  it('only shows the cursor on the first move, and ignores keys that are not moves', () => {
    expect(movedCursor('ArrowRight', false, { row: 0, col: 4 }, false, grid)).toEqual({ row: 0, col: 4 });
    expect(movedCursor('Enter', false, { row: 0, col: 4 }, true, grid)).toBeNull();
    expect(movedCursor('toString', false, { row: 0, col: 4 }, true, grid)).toBeNull();
  });
});
