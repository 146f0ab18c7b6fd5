/**
 * Hit targets of nodes on a circle (the ring, the star, the circuit switch): node i at the angle
 * nodeAngle(i, n) gives it, its target the slice of the band `reach` px either side of the circle
 * that lies nearer to it than to its neighbours.
 */
import { nodeAngle } from '../views/ringGeometry';
import type { GroupPrimitive, HitTarget } from './primitives';

/** The n nodes' targets on the circle of radius r round (cx, cy). */
export function circleNodeHits(cx: number, cy: number, r: number, reach: number, n: number): HitTarget[] {
  const half = Math.PI / n;
  return Array.from({ length: n }, (_, i) => ({
    kind: 'node',
    id: i,
    shape: {
      kind: 'sector',
      cx,
      cy,
      r0: r - reach,
      r1: r + reach,
      a0: nodeAngle(i, n) - half,
      a1: nodeAngle(i, n) + half,
    },
  }));
}

/** Hit targets as a group that draws nothing (the last item of a picture, so that it is on top). */
export const hitGroup = (hits: HitTarget[]): GroupPrimitive => ({ kind: 'group', items: [], hits });
