import type { Topology } from '../../../src/kernel/model/topology';
import { COLORS } from '../../lib/colors';
import { drawMarkedLinks } from '../../views/drawMarkedLinks';
import { nodeAngle, type RingLayout } from '../../views/ringGeometry';

/**
 * What the ring view marks over its picture: the links marked elsewhere (the link-load view, a
 * verdict) as bands from node to node, and magenta rings round the hovered node or else the nodes
 * another view highlights (a tree node's members, a marked link's ends).
 */
export function drawRingMarks(
  ctx: CanvasRenderingContext2D,
  topo: Topology,
  l: RingLayout,
  hovered: number | null,
  highlight: readonly number[] | null,
  links: readonly number[],
): void {
  const n = topo.nodeCount;
  const nr = l.nodeRadius;
  const at = (i: number) => {
    const ang = nodeAngle(i, n);
    return [l.cx + l.r * Math.cos(ang), l.cy + l.r * Math.sin(ang)] as const;
  };
  drawMarkedLinks(ctx, topo, links, at, Math.max(6, Math.min(10, nr * 0.5)));
  const marked = hovered !== null ? [hovered] : (highlight ?? []);
  if (!marked.length) return;
  ctx.strokeStyle = COLORS.highlight;
  ctx.lineWidth = Math.max(2, Math.min(4, nr * 0.3));
  ctx.beginPath();
  for (const i of marked) {
    if (i < 0 || i >= n) continue;
    const [x, y] = at(i);
    ctx.moveTo(x + nr + 3, y);
    ctx.arc(x, y, nr + 3, 0, 2 * Math.PI);
  }
  ctx.stroke();
}
