import type { Topology } from '../../src/kernel/model/topology';
import { COLORS } from '../lib/colors';

/**
 * The marked links (markedLinks.ts) on a network picture: a wide translucent band in the highlight
 * colour from end to end, under the nodes, so the link stands out while the step's messages on it
 * stay readable. `at(v)`: where the picture draws vertex v.
 */
export function drawMarkedLinks(
  ctx: CanvasRenderingContext2D,
  topo: Topology,
  links: readonly number[],
  at: (v: number) => readonly [number, number],
  width: number,
): void {
  if (!links.length) return;
  const band = new Path2D();
  for (const l of links) {
    if (l < 0 || l >= topo.linkCount) continue;
    const [x0, y0] = at(topo.linkFrom[l]);
    const [x1, y1] = at(topo.linkTo[l]);
    band.moveTo(x0, y0);
    band.lineTo(x1, y1);
  }
  ctx.save();
  ctx.globalAlpha = 0.45;
  ctx.lineCap = 'round';
  ctx.lineWidth = width;
  ctx.strokeStyle = COLORS.highlight;
  ctx.stroke(band);
  ctx.restore();
}
