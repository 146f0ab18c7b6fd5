import { describe, expect, it } from 'vitest';
import {
  EAST,
  gridAxis,
  gridCell,
  gridChannel,
  gridChannels,
  gridEdges,
  gridHops,
  gridVertex,
  NORTH,
  SOUTH,
  WEST,
  xyChannels,
  type Grid,
} from './grid';

/** The vertices a channel joins, from the numbering's own definition. */
function ends(g: Grid, ch: number): [number, number] {
  for (const dir of [EAST, WEST, SOUTH, NORTH] as const)
    for (let r = 0; r < g.rows; r++)
      for (let c = 0; c < g.cols; c++) {
        const across = dir === EAST || dir === WEST;
        if (across ? c + 1 >= g.cols : r + 1 >= g.rows) continue;
        if (gridChannel(g, dir, r, c) !== ch) continue;
        const a = gridVertex(g, r, c);
        const b = across ? a + 1 : a + g.cols;
        return dir === EAST || dir === SOUTH ? [a, b] : [b, a];
      }
  throw new Error(`channel ${ch} is not numbered`);
}

describe('the one 2D grid (mesh family, NoC family, imported schedules)', () => {
  it('numbers vertices row-major and reads them back', () => {
    const g: Grid = { rows: 3, cols: 5 };
    expect(gridCell(g, 7)).toEqual([1, 2]);
    expect(gridVertex(g, 2, 4)).toBe(14);
    for (let v = 0; v < 15; v++) expect(gridVertex(g, ...gridCell(g, v))).toBe(v);
  });

  it('links neighbours east then south, and a torus wraps only sides over two', () => {
    expect(gridEdges({ rows: 2, cols: 2 })).toEqual([
      [0, 1],
      [0, 2],
      [1, 3],
      [2, 3],
    ]);
    const torus = gridEdges({ rows: 3, cols: 4, wrap: true });
    expect(torus).toHaveLength(3 * 3 + 2 * 4 + 3 + 4);
    expect(torus.slice(-7)).toEqual([
      [0, 3],
      [4, 7],
      [8, 11],
      [0, 8],
      [1, 9],
      [2, 10],
      [3, 11],
    ]);
    expect(gridEdges({ rows: 2, cols: 2, wrap: true })).toHaveLength(4);
  });

  it('gives each directed channel of a mesh one id, between neighbours, 0 … count − 1', () => {
    const g: Grid = { rows: 3, cols: 4 };
    const seen = new Set<string>();
    for (let ch = 0; ch < gridChannels(g); ch++) {
      const [a, b] = ends(g, ch);
      expect(gridHops(g, a, b)).toBe(1);
      seen.add(`${a}>${b}`);
    }
    expect(seen.size).toBe(gridChannels(g));
    expect(gridChannels(g)).toBe(2 * gridEdges(g).length);
  });

  it('routes XY: along the row first, then the column, as many hops as the distance', () => {
    const g: Grid = { rows: 4, cols: 5 };
    const out = new Uint32Array(16);
    for (const [a, b] of [
      [0, 19],
      [19, 0],
      [13, 2],
      [7, 7],
    ]) {
      const n = xyChannels(g, a, b, out);
      expect(n).toBe(gridHops(g, a, b));
      let at = a;
      for (const ch of out.subarray(0, n)) {
        const [from, to] = ends(g, ch);
        expect(from).toBe(at);
        at = to;
      }
      expect(at).toBe(b);
      // The row part comes first: once the route turns into the column it never runs along a row again.
      const axes = [...out.subarray(0, n)].map((ch) => gridAxis(g, ...ends(g, ch)));
      expect(axes).toEqual([...axes].sort());
    }
    // Offsets shift every id (a group's block of channels in the OTIS-Mesh).
    expect(xyChannels(g, 0, 1, out, 0, 100)).toBe(1);
    expect(out[0]).toBe(100 + gridChannel(g, EAST, 0, 0));
  });

  it('measures a torus the shorter way round each axis', () => {
    const t: Grid = { rows: 4, cols: 6, wrap: true };
    expect(gridHops(t, 0, 5)).toBe(1);
    expect(gridHops(t, 0, gridVertex(t, 3, 3))).toBe(1 + 3);
    expect(gridHops({ rows: 4, cols: 6 }, 0, 5)).toBe(5);
  });
});
