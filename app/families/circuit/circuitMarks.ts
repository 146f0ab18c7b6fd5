import type { Topology } from '../../../src/kernel/model/topology';
import { band, type MarkShape } from '../../views/drawMarkedLinks';
import type { RingLayout } from '../../views/ringGeometry';
import { laneSegment, laneSizes } from './circuitLanes';

/**
 * Where a marked link (markedLinks.ts) lies on the circuit picture. A circuit link of configuration c
 * runs from node i to its peer at ±offset; the view draws the blocks going over it on the lane left
 * of their direction (circuitLanes.ts), so the mark is a band on that lane — the circuit in the
 * marked direction, not its twin — with both its nodes ringed.
 */
export function circuitMarkShapes(
  topo: Topology,
  l: RingLayout,
  xy: Float64Array,
  links: readonly number[],
): MarkShape[] {
  const out: MarkShape[] = [];
  const nr = Math.max(2, l.nodeRadius);
  const { offset } = laneSizes(topo.nodeCount, l.r, nr);
  for (const link of links) {
    if (link < 0 || link >= topo.linkCount) continue;
    const [u, v] = [topo.linkFrom[link], topo.linkTo[link]];
    const [x0, y0, x1, y1] = laneSegment(xy[2 * u], xy[2 * u + 1], xy[2 * v], xy[2 * v + 1], offset, nr);
    out.push(band(x0, y0, x1, y1));
    for (const w of [u, v]) out.push({ kind: 'ring', x: xy[2 * w], y: xy[2 * w + 1], r: nr + 5 });
  }
  return out;
}

/** The band's width on the circuit picture: over the widest traffic band, under the node spacing. */
export const circuitMarkWidth = (l: RingLayout) => Math.max(6, Math.min(12, l.nodeRadius * 0.9));
