/**
 * The one 2D grid of the Lab: the OTIS-Mesh's groups (mesh family), the network-on-chip's meshes and
 * tori (NoC family) and the meshes an imported schedule is placed on all number, link, route and draw
 * their vertices through these functions.
 *
 * Vertices are numbered row-major: vertex v sits in row ⌊v / cols⌋, column v mod cols (the numbering
 * of the OTIS paper's figures and of the NoC paper's Fig. 4). A torus (`wrap`) adds a link from the
 * end of every row and column back to its start, when that side has more than two vertices (with
 * two, the ends are already neighbours).
 */
export interface Grid {
  readonly rows: number;
  readonly cols: number;
  readonly wrap?: boolean;
}

/** A side × side mesh. */
export const squareGrid = (side: number): Grid => ({ rows: side, cols: side });

export const gridRow = (g: Grid, v: number) => Math.floor(v / g.cols);
export const gridCol = (g: Grid, v: number) => v % g.cols;
/** Row and column of vertex v. */
export const gridCell = (g: Grid, v: number): [number, number] => [gridRow(g, v), gridCol(g, v)];
export const gridVertex = (g: Grid, row: number, col: number) => row * g.cols + col;

/**
 * The undirected links [a, b], a < b: every vertex to its east and then its south neighbour, in
 * vertex order; then, on a torus, the row wraps (row by row) and the column wraps (column by column).
 * Families number their directed channels from this order, so it never changes.
 */
export function gridEdges(g: Grid): [number, number][] {
  const edges: [number, number][] = [];
  for (let r = 0; r < g.rows; r++)
    for (let c = 0; c < g.cols; c++) {
      const v = gridVertex(g, r, c);
      if (c + 1 < g.cols) edges.push([v, v + 1]);
      if (r + 1 < g.rows) edges.push([v, v + g.cols]);
    }
  if (g.wrap) {
    if (g.cols > 2)
      for (let r = 0; r < g.rows; r++) edges.push([gridVertex(g, r, 0), gridVertex(g, r, g.cols - 1)]);
    if (g.rows > 2) for (let c = 0; c < g.cols; c++) edges.push([c, gridVertex(g, g.rows - 1, c)]);
  }
  return edges;
}

/** The axis a link between neighbours a and b runs along: 0 a row, 1 a column. */
export const gridAxis = (g: Grid, a: number, b: number): 0 | 1 => (gridRow(g, a) === gridRow(g, b) ? 0 : 1);

/** Hops of a shortest route from a to b (on a torus, each axis the shorter way round). */
export function gridHops(g: Grid, a: number, b: number): number {
  const along = (x: number, y: number, n: number) => {
    const d = Math.abs(x - y);
    return g.wrap && n > 2 ? Math.min(d, n - d) : d;
  };
  return along(gridCol(g, a), gridCol(g, b), g.cols) + along(gridRow(g, a), gridRow(g, b), g.rows);
}

/** Directions of a mesh's directed channels, in the order of their blocks of ids (`gridChannel`). */
export const EAST = 0;
export const WEST = 1;
export const SOUTH = 2;
export const NORTH = 3;
export type GridDirection = typeof EAST | typeof WEST | typeof SOUTH | typeof NORTH;

/** Directed channels of a mesh (no wrap): a pair per link. */
export const gridChannels = (g: Grid) => 2 * g.rows * (g.cols - 1) + 2 * g.cols * (g.rows - 1);

/**
 * A mesh's directed channel ids, in four blocks: east (r, c)→(r, c+1) at r·(cols−1) + c; west
 * (r, c+1)→(r, c) after all east ones; south (r, c)→(r+1, c) at c·(rows−1) + r after those; north
 * (r+1, c)→(r, c) last. (r, c) is always the link's upper-left end.
 */
export function gridChannel(g: Grid, direction: GridDirection, r: number, c: number): number {
  const across = g.rows * (g.cols - 1);
  const down = g.cols * (g.rows - 1);
  switch (direction) {
    case EAST:
      return r * (g.cols - 1) + c;
    case WEST:
      return across + r * (g.cols - 1) + c;
    case SOUTH:
      return 2 * across + c * (g.rows - 1) + r;
    default:
      return 2 * across + down + c * (g.rows - 1) + r;
  }
}

/**
 * Writes the dimension-order (XY) route from a to b on a mesh into out[k …] as channel ids offset by
 * `base`, and returns the new length: along a's row to b's column first, then along that column to
 * b's row — the deterministic routing of the OTIS paper and of the NoC paper's XY model.
 */
export function xyChannels(g: Grid, a: number, b: number, out: Uint32Array, k = 0, base = 0): number {
  const [ra, ca, rb, cb] = [gridRow(g, a), gridCol(g, a), gridRow(g, b), gridCol(g, b)];
  for (let c = ca; c < cb; c++) out[k++] = base + gridChannel(g, EAST, ra, c);
  for (let c = ca - 1; c >= cb; c--) out[k++] = base + gridChannel(g, WEST, ra, c);
  for (let r = ra; r < rb; r++) out[k++] = base + gridChannel(g, SOUTH, r, cb);
  for (let r = ra - 1; r >= rb; r--) out[k++] = base + gridChannel(g, NORTH, r, cb);
  return k;
}
