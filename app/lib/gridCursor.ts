/** A cell of a grid that the keyboard moves over (a heatmap, a timeline). */
export interface GridCell {
  row: number;
  col: number;
}

/**
 * Where a key moves a grid's cursor, or null for a key that is not a move: the arrows one cell (ten
 * with Shift), Home and End to the row's ends, PageUp and PageDown `page` rows when the grid pages.
 * The first move of a grid with no cursor yet (`placed` false) only shows it at `at`; the cursor
 * stays within rows 0 … rows − 1 and columns 0 … lastCol.
 */
export function movedCursor(
  key: string,
  shift: boolean,
  at: GridCell,
  placed: boolean,
  grid: { rows: number; lastCol: number; page?: number },
): GridCell | null {
  const jump = shift ? 10 : 1;
  const ends = grid.lastCol + 1;
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [0, -jump],
    ArrowRight: [0, jump],
    ArrowUp: [-jump, 0],
    ArrowDown: [jump, 0],
    Home: [0, -ends],
    End: [0, ends],
    ...(grid.page ? { PageUp: [-grid.page, 0], PageDown: [grid.page, 0] } : {}),
  };
  if (!Object.hasOwn(moves, key)) return null;
  const [dr, dc] = placed ? moves[key] : [0, 0];
  return {
    row: Math.max(0, Math.min(grid.rows - 1, at.row + dr)),
    col: Math.max(0, Math.min(grid.lastCol, at.col + dc)),
  };
}
