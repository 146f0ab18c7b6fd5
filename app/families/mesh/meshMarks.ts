import type { Topology } from '../../../src/kernel/model/topology';
import { band, type MarkShape } from '../../views/drawMarkedLinks';
import { centreOf, type MeshLayout } from './meshLayout';
import { blockAt, showsTiles } from './meshScene';

/** Below this length on screen (px) a link's band alone is a speck: a box is drawn round it too. */
export const SEEN_FROM_PX = 12;

/**
 * Where a marked link (markedLinks.ts) lies on the mesh picture, in layout coordinates, at zoom `k`.
 * A link of the grid runs between the centres of its two processors' cells (the XY routes' hops); an
 * OTIS optical link (G, N) → (N, G) from its processor in group G to its transpose in group N. Zoomed
 * out until groups are tiles, a grid link is an outline round its group, and an optical link a band
 * from tile to tile with both groups outlined; on a plain mesh too big to see a link, a box of at least
 * SEEN_FROM_PX round its middle.
 */
export function meshMarkShapes(
  topo: Topology,
  l: MeshLayout,
  groups: number,
  links: readonly number[],
  k: number,
): MarkShape[] {
  const out: MarkShape[] = [];
  const p = l.side * l.side;
  const blockSize = l.side * l.cell;
  const pad = Math.max(l.gap / 3, 3 / k);
  const tiles = showsTiles(l, groups, k);
  const groupBox = (g: number): MarkShape => {
    const [x, y] = blockAt(l, g);
    return { kind: 'box', x: x - pad, y: y - pad, w: blockSize + 2 * pad, h: blockSize + 2 * pad };
  };
  for (const link of links) {
    if (link < 0 || link >= topo.linkCount) continue;
    const [from, to] = [topo.linkFrom[link], topo.linkTo[link]];
    if (tiles) {
      const [gFrom, gTo] = [Math.floor(from / p), Math.floor(to / p)];
      out.push(groupBox(gFrom));
      if (gTo !== gFrom) {
        const [x0, y0] = blockAt(l, gFrom);
        const [x1, y1] = blockAt(l, gTo);
        out.push(band(x0 + blockSize / 2, y0 + blockSize / 2, x1 + blockSize / 2, y1 + blockSize / 2));
        out.push(groupBox(gTo));
      }
      continue;
    }
    const [x0, y0] = centreOf(l, from);
    const [x1, y1] = centreOf(l, to);
    out.push(band(x0, y0, x1, y1));
    if (Math.hypot(x1 - x0, y1 - y0) * k < SEEN_FROM_PX) {
      const half = Math.max(SEEN_FROM_PX / k, l.cell);
      out.push({ kind: 'box', x: (x0 + x1) / 2 - half, y: (y0 + y1) / 2 - half, w: 2 * half, h: 2 * half });
    }
  }
  return out;
}

/** The band's width on the mesh picture at zoom `k` (layout units): wide enough across a room. */
export const meshMarkWidth = (l: MeshLayout, k: number) => Math.max(6, Math.min(14, l.cell * k * 0.45)) / k;
