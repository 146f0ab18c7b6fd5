import { gridCol, gridRow, squareGrid } from '../../../src/kernel/model/grid';

/**
 * Where the mesh view puts things: groups on a √P × √P grid of blocks (group G at block row ⌊G/√P⌋,
 * column G mod √P, so the transpose links draw a visible pattern), each block a side × side grid of
 * processors, with a gap between blocks. A plain mesh is one block.
 */
export interface MeshLayout {
  /** Processor cell size (px) and the gap between blocks. */
  cell: number;
  gap: number;
  x0: number;
  y0: number;
  side: number;
  /** Blocks per row of the block grid. */
  across: number;
}

export function meshLayout(
  width: number,
  height: number,
  side: number,
  groups: number,
  margin = 12,
): MeshLayout {
  const across = Math.max(1, Math.round(Math.sqrt(groups)));
  const room = Math.max(1, Math.min(width, height) - 2 * margin);
  // The gap between blocks is a third of a cell, so blocks read as blocks, and at least 3 px, but
  // never more than a quarter of a block's share of the room: the whole network always fits, even a
  // million processors in 32 × 32 groups at 1280 × 720 (a processor is then a fraction of a pixel,
  // and the view draws each group as a tile).
  let gap = 0;
  if (across > 1) {
    const cellIfThird = room / (across * side + (across - 1) / 3);
    gap = Math.max(cellIfThird / 3, Math.min(3, room / across / 4));
  }
  const cell = (room - (across - 1) * gap) / (across * side);
  const total = across * side * cell + (across - 1) * gap;
  return { cell, gap, x0: (width - total) / 2, y0: (height - total) / 2, side, across };
}

/** Width (and height) of the whole network in a layout, px. */
export const meshExtent = (l: MeshLayout) => l.across * l.side * l.cell + (l.across - 1) * l.gap;

/** Top-left corner of processor v's cell (v = G·side² + N). */
export function cellAt(l: MeshLayout, v: number): [number, number] {
  // Two grids: the blocks (groups, `across` a row) and the processors inside a block.
  const p = l.side * l.side;
  const [g, n] = [Math.floor(v / p), v % p];
  const [blocks, inside] = [{ rows: l.across, cols: l.across }, squareGrid(l.side)];
  const block = l.side * l.cell + l.gap;
  return [
    l.x0 + gridCol(blocks, g) * block + gridCol(inside, n) * l.cell,
    l.y0 + gridRow(blocks, g) * block + gridRow(inside, n) * l.cell,
  ];
}

/** Centre of processor v's cell. */
export function centreOf(l: MeshLayout, v: number): [number, number] {
  const [x, y] = cellAt(l, v);
  return [x + l.cell / 2, y + l.cell / 2];
}
