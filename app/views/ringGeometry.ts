import { MIN_DRAW_PX } from './drawable';

/** Layout of the ring view: where nodes sit and where each wavelength lane runs (pure math). */
export interface RingLayout {
  cx: number;
  cy: number;
  /** Radius of the node circle. */
  r: number;
  nodeRadius: number;
  /** Radial distance between neighbouring wavelength lanes. */
  lane: number;
  /** Lanes drawn (min(w, what fits)). */
  lanes: number;
}

/**
 * The ring's layout in a width × height box. Every radius it leads to is positive whatever the box
 * (views draw nothing below MIN_DRAW_PX, but a layout is still asked for before the box is measured).
 */
export function ringLayout(width: number, height: number, n: number, w: number): RingLayout {
  const size = Math.max(MIN_DRAW_PX, Math.min(width, height));
  const band = size * 0.09; // room for the lanes of each fibre
  const lane = Math.max(1.5, Math.min(9, band / Math.max(1, w)));
  const lanes = Math.min(w, Math.floor(band / lane));
  // Node size from the spacing on a first estimate of the radius, then the radius that leaves room
  // outside for the clockwise lanes and the labels.
  const nodeRadius = Math.max(1.5, Math.min(22, ((Math.PI * (size / 2 - lanes * lane - 60)) / n) * 0.6));
  // Room for the labels outside; in a small box the labels give way before the circle does.
  const r = Math.max(size * 0.2, size / 2 - (nodeRadius + 6 + lanes * lane + 26));
  return { cx: width / 2, cy: height / 2, r, nodeRadius, lane, lanes };
}

/** Angle of node i (radians, screen coordinates): node 0 at the top, numbering clockwise. */
export function nodeAngle(i: number, n: number): number {
  return -Math.PI / 2 + (2 * Math.PI * i) / n;
}

/** Radius of wavelength lane `ch`: clockwise fibre outside the nodes, counter-clockwise inside. */
export function laneRadius(l: RingLayout, ch: number, clockwise: boolean): number {
  const offset = l.nodeRadius + 6 + (Math.min(ch, l.lanes - 1) + 0.5) * l.lane;
  return clockwise ? l.r + offset : Math.max(0.5, l.r - offset);
}

/** The node under a point, if any (within the node circle band). */
export function nodeAt(l: RingLayout, n: number, x: number, y: number): number | null {
  const dx = x - l.cx;
  const dy = y - l.cy;
  const dist = Math.hypot(dx, dy);
  if (Math.abs(dist - l.r) > Math.max(l.nodeRadius, 8)) return null;
  const a = Math.atan2(dy, dx) + Math.PI / 2;
  const i = Math.round(((((a / (2 * Math.PI)) * n) % n) + n) % n) % n;
  return i;
}
