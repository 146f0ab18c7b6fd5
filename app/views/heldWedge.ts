import type { PathSink } from '../scene/primitives';
/**
 * Adds to `wedges` the filled part of a node's disc at (x, y): the whole disc when the node holds
 * everything it will (frac ≥ 1), else a pie slice from twelve o'clock, clockwise. Shared by the ring and
 * star views. No closePath: filling closes every subpath, and closePath on a long Path2D is slow.
 */
export function addHeldWedge(wedges: PathSink, x: number, y: number, r: number, frac: number): void {
  if (frac >= 1) {
    wedges.moveTo(x + r, y);
    wedges.arc(x, y, r, 0, 2 * Math.PI);
  } else if (frac > 0) {
    wedges.moveTo(x, y);
    wedges.arc(x, y, r, -Math.PI / 2, -Math.PI / 2 + 2 * Math.PI * frac);
  }
}
