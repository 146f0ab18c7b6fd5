import type { Topology } from '../kernel/model/topology';

/**
 * Where the Try it page draws each vertex of an exercise's network, in a unit square (x right, y
 * down): a ring, a star's nodes and a circuit switch's nodes on a circle (the star's coupler in the
 * middle); a mesh's processors on a grid; a chip's routers on a grid (rows × cols given) or a
 * circle, each router's processors close around it. Plain numbers, so the page draws without the core.
 */
export interface TryLayout {
  x: number[];
  y: number[];
}

const TAU = 2 * Math.PI;

function circle(k: number, r: number, cx = 0.5, cy = 0.5): { x: number[]; y: number[] } {
  const x: number[] = [];
  const y: number[] = [];
  for (let i = 0; i < k; i++) {
    const a = -Math.PI / 2 + (TAU * i) / k;
    x.push(cx + r * Math.cos(a));
    y.push(cy + r * Math.sin(a));
  }
  return { x, y };
}

function grid(k: number, cols: number, margin = 0.1): { x: number[]; y: number[] } {
  const rows = Math.ceil(k / cols);
  const x: number[] = [];
  const y: number[] = [];
  const span = (i: number, m: number) => (m <= 1 ? 0.5 : margin + ((1 - 2 * margin) * i) / (m - 1));
  for (let i = 0; i < k; i++) {
    x.push(span(i % cols, cols));
    y.push(span(Math.floor(i / cols), rows));
  }
  return { x, y };
}

export function tryLayout(t: Topology, params: Readonly<Record<string, unknown>> = {}): TryLayout {
  const n = t.nodeCount;
  if (t.kind === 'mesh') return grid(n, Math.ceil(Math.sqrt(n)));
  if (t.kind === 'star') {
    const c = circle(n, 0.4);
    for (let a = 0; a < t.auxCount; a++) {
      c.x.push(0.5 + (a - (t.auxCount - 1) / 2) * 0.08);
      c.y.push(0.5);
    }
    return c;
  }
  if (t.kind === 'noc' && t.auxCount > 0) {
    const R = t.auxCount;
    const rows = Number(params.rows);
    const cols = Number(params.cols);
    const routers =
      Number.isInteger(rows) && Number.isInteger(cols) && rows * cols === R
        ? grid(R, cols, 0.16)
        : circle(R, 0.34);
    // Each processor next to the router it injects into, spread around it, away from the middle.
    const routerOf = new Array<number>(n).fill(-1);
    for (let l = 0; l < t.linkCount; l++)
      if (t.linkFrom[l] < n && t.linkTo[l] >= n && routerOf[t.linkFrom[l]] < 0)
        routerOf[t.linkFrom[l]] = t.linkTo[l] - n;
    const around = new Map<number, number[]>();
    routerOf.forEach((r, p) => around.set(r, [...(around.get(r) ?? []), p]));
    const x = new Array<number>(n + R).fill(0.5);
    const y = new Array<number>(n + R).fill(0.5);
    const near = Math.min(0.09, 0.5 / Math.max(2, Math.sqrt(R) + 1));
    for (const [r, ps] of around) {
      const rx = r >= 0 ? routers.x[r] : 0.5;
      const ry = r >= 0 ? routers.y[r] : 0.5;
      const out = Math.atan2(ry - 0.5, rx - 0.5) || -Math.PI / 2;
      ps.forEach((p, i) => {
        const a = out + ((i - (ps.length - 1) / 2) * Math.PI) / 3;
        x[p] = rx + near * Math.cos(a);
        y[p] = ry + near * Math.sin(a);
      });
    }
    for (let r = 0; r < R; r++) [x[n + r], y[n + r]] = [routers.x[r], routers.y[r]];
    return { x, y };
  }
  const c = circle(n, 0.4);
  for (let a = 0; a < t.auxCount; a++) [c.x[n + a], c.y[n + a]] = [0.5, 0.5];
  return c;
}
