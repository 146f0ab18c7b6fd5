import type { NocExtras } from '../../../src/families/noc/noc-picture';
import { gridCol, gridRow } from '../../../src/kernel/model/grid';

/** Where the NoC view puts things: x, y of processors 0 … P − 1, then of routers (vertex P + r). */
export interface NocLayout {
  xy: Float64Array;
  processors: number;
  routerRadius: number;
  processorRadius: number;
}

/**
 * Routers on a grid (mesh, torus), on a circle (Octagon, hypercube: its links cross inside), each
 * router's processors on a small circle around it, facing outwards on a ring.
 */
export function nocLayout(x: NocExtras, width: number, height: number, top = 0): NocLayout {
  const R = x.routers;
  const P = x.procRouter.length;
  const xy = new Float64Array(2 * (P + R));
  const h = height - top;
  const perRouter = Math.max(1, Math.ceil(P / R));
  let spacing: number;
  const centre = [width / 2, top + h / 2];
  if (x.shape === 'grid') {
    const grid = { rows: Math.ceil(R / x.cols), cols: x.cols };
    spacing = Math.min(width / (grid.cols + 0.6), h / (grid.rows + 0.6));
    for (let r = 0; r < R; r++) {
      xy[2 * (P + r)] = centre[0] + (gridCol(grid, r) - (grid.cols - 1) / 2) * spacing;
      xy[2 * (P + r) + 1] = centre[1] + (gridRow(grid, r) - (grid.rows - 1) / 2) * spacing;
    }
  } else {
    const radius = Math.max(10, Math.min(width, h) / 2 - 56);
    spacing = (2 * Math.PI * radius) / R;
    for (let r = 0; r < R; r++) {
      const a = -Math.PI / 2 + (2 * Math.PI * r) / R;
      xy[2 * (P + r)] = centre[0] + radius * Math.cos(a);
      xy[2 * (P + r) + 1] = centre[1] + radius * Math.sin(a);
    }
  }
  const routerRadius = Math.max(3, Math.min(22, spacing * 0.18));
  const processorRadius = Math.max(2, Math.min(12, spacing * 0.09));
  const seen = new Uint32Array(R);
  for (let p = 0; p < P; p++) {
    const r = x.procRouter[p];
    const [rx, ry] = [xy[2 * (P + r)], xy[2 * (P + r) + 1]];
    // Outwards from the centre on a ring; up-left to down-right round the router on a grid.
    const out = x.shape === 'grid' ? -Math.PI / 4 : Math.atan2(ry - centre[1], rx - centre[0]);
    const spread = perRouter === 1 ? 0 : Math.PI / 2.2;
    const a = out - spread / 2 + (perRouter === 1 ? 0 : (spread * seen[r]++) / (perRouter - 1));
    const d = routerRadius + processorRadius * 1.9;
    xy[2 * p] = rx + d * Math.cos(a);
    xy[2 * p + 1] = ry + d * Math.sin(a);
  }
  return { xy, processors: P, routerRadius, processorRadius };
}
