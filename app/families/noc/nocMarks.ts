import type { Topology } from '../../../src/kernel/model/topology';
import { band, type MarkShape } from '../../views/drawMarkedLinks';
import type { NocLayout } from './nocLayout';

/**
 * Where a marked link (markedLinks.ts) lies on the network-on-chip picture. Its links are a
 * processor's injection channels into its router, its ejection channels out of it, and the two
 * directed channels of each router link; the layout places processors and routers alike (vertex
 * P + r is router r), so a mark is a band between its two ends, moved a little to the right of its
 * direction (as the view's clash marks are) so that a → b and b → a are told apart, with both ends
 * ringed.
 */
export function nocMarkShapes(topo: Topology, l: NocLayout, links: readonly number[]): MarkShape[] {
  const out: MarkShape[] = [];
  const shift = nocMarkWidth(l) / 3;
  const ringOf = (v: number) => (v < l.processors ? l.processorRadius : l.routerRadius * 0.75) + 5;
  for (const link of links) {
    if (link < 0 || link >= topo.linkCount) continue;
    const [a, b] = [topo.linkFrom[link], topo.linkTo[link]];
    const [x0, y0, x1, y1] = [l.xy[2 * a], l.xy[2 * a + 1], l.xy[2 * b], l.xy[2 * b + 1]];
    const len = Math.hypot(x1 - x0, y1 - y0) || 1;
    // Right of the direction of travel, y pointing down: (−uy, ux).
    const [ox, oy] = [(-(y1 - y0) / len) * shift, ((x1 - x0) / len) * shift];
    out.push(band(x0 + ox, y0 + oy, x1 + ox, y1 + oy));
    for (const v of [a, b]) out.push({ kind: 'ring', x: l.xy[2 * v], y: l.xy[2 * v + 1], r: ringOf(v) });
  }
  return out;
}

/** The band's width on the NoC picture: over the bold message lines. */
export const nocMarkWidth = (l: NocLayout) => Math.max(8, Math.min(16, l.routerRadius * 0.8));
