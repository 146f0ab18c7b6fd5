import type { Topology } from '../../src/kernel/model/topology';
import { COLORS } from '../lib/colors';
import { PathOps, type PathPrimitive } from '../scene/primitives';

/**
 * How a marked link (markedLinks.ts) shows on a network picture. Each family's view says where a
 * link id lies on its picture as one or more of these shapes, and `markPrimitives` turns them into
 * primitives all alike:
 *
 * - `band`: a wide translucent stroke from end to end, under the nodes, so the step's messages on
 *   the link stay readable;
 * - `ring` and `box`: an opaque outline round a place (a node the link ends at, the star's coupler,
 *   a group of processors too small to draw one by one).
 */
export type MarkShape =
  | { kind: 'band'; x0: number; y0: number; x1: number; y1: number }
  | { kind: 'ring'; x: number; y: number; r: number }
  | { kind: 'box'; x: number; y: number; w: number; h: number };

/** The band of a straight link from (x0, y0) to (x1, y1). */
export const band = (x0: number, y0: number, x1: number, y1: number): MarkShape => ({
  kind: 'band',
  x0,
  y0,
  x1,
  y1,
});

/**
 * The marks as primitives in the theme's highlight colour (magenta, or cyan in high contrast): the
 * bands, then the outlines over them. `width`: the band's width; outlines are drawn at a third of
 * it, never under 2 (all in the picture's units).
 */
export function markPrimitives(shapes: readonly MarkShape[], width: number): PathPrimitive[] {
  if (!shapes.length) return [];
  const bands = new PathOps();
  const outlines = new PathOps();
  for (const s of shapes)
    if (s.kind === 'band') {
      bands.moveTo(s.x0, s.y0);
      bands.lineTo(s.x1, s.y1);
    } else if (s.kind === 'ring') outlines.circle(s.x, s.y, s.r);
    else outlines.rect(s.x, s.y, s.w, s.h);
  const style = { kind: 'path', stroke: COLORS.highlight, lineCap: 'round' } as const;
  return [
    { ...style, ops: bands.ops, alpha: 0.45, lineWidth: width },
    { ...style, ops: outlines.ops, lineWidth: Math.max(width / 3, Math.min(2, width)) },
  ];
}

/** The bands of `links` between the places `at(v)` gives their two ends (the links that exist). */
export function linkBands(
  topo: Topology,
  links: readonly number[],
  at: (v: number) => readonly [number, number],
): MarkShape[] {
  const out: MarkShape[] = [];
  for (const l of links) {
    if (l < 0 || l >= topo.linkCount) continue;
    const [x0, y0] = at(topo.linkFrom[l]);
    const [x1, y1] = at(topo.linkTo[l]);
    out.push(band(x0, y0, x1, y1));
  }
  return out;
}

/** The marked links as bands from end to end, `at(v)`: where the picture draws vertex v. */
export const markedLinkPrimitives = (
  topo: Topology,
  links: readonly number[],
  at: (v: number) => readonly [number, number],
  width: number,
) => markPrimitives(linkBands(topo, links, at), width);
