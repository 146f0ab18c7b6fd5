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

/** A wavelength number written on its lane (see laneLabels). */
export interface LaneLabel {
  text: string;
  /** The lane's first wavelength. */
  ch: number;
  clockwise: boolean;
  x: number;
  y: number;
  /** Distance from the centre. */
  radius: number;
}

/**
 * Where the λ numbers of the lanes in `channels` (sorted) go when the user asks for them: one column
 * along the radius at `angle`, over each fibre's lanes, outside the node circle for the clockwise
 * fibre and inside it for the other. A number is written only where it clears the one before by
 * `fontPx` (the rest of a dense band is read off its neighbours). The last lane drawn carries every
 * wavelength from there up (laneRadius), and its label says so: "λ29–255".
 */
export function laneLabels(
  l: RingLayout,
  channels: readonly number[],
  w: number,
  fontPx: number,
  angle: number,
): LaneLabel[] {
  const out: LaneLabel[] = [];
  const shared = w > l.lanes;
  for (const clockwise of [true, false]) {
    const mine: LaneLabel[] = [];
    let lastLane = -1;
    for (const ch of channels) {
      const lane = Math.min(ch, l.lanes - 1);
      if (lane === lastLane) continue;
      lastLane = lane;
      const radius = laneRadius(l, lane, clockwise);
      const text = shared && lane === l.lanes - 1 ? `λ${lane}–${w - 1}` : `λ${ch}`;
      const label = {
        text,
        ch: lane,
        clockwise,
        radius,
        x: l.cx + radius * Math.cos(angle),
        y: l.cy + radius * Math.sin(angle),
      };
      const clears = (m: LaneLabel | undefined) => !m || Math.abs(radius - m.radius) >= fontPx;
      // The shared last lane is always named (it carries the most): the labels it crowds give way.
      if (text.includes('–')) while (!clears(mine[mine.length - 1])) mine.pop();
      if (clears(mine[mine.length - 1])) mine.push(label);
    }
    out.push(...mine);
  }
  return out;
}
