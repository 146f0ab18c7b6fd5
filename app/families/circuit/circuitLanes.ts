/**
 * How the circuit view draws traffic so that both directions stay visible (pure, no canvas).
 *
 * Every direction keeps to the left-hand side of its circuit, as traffic does on a road: a block
 * going right (clockwise on screen) runs on the lane outside the chord, a block going left on the
 * lane inside it. The two lanes of one circuit are apart by at least a band's widest width plus a
 * gap, so neither can cover the other. When a phase has too many transfers to draw one by one, the
 * blocks crossing each circuit in each direction (counted in the worker: `circuit-loads.ts`) are
 * drawn as one band whose width says how many they are.
 */

/** Colours of the two directions blocks leave in. */
export const DIRECTION_COLORS = { right: '#ea580c', left: '#2563eb' };

/** Widths a band can take (in steps of the widest / BAND_LEVELS): one stroke per level and direction. */
export const BAND_LEVELS = 6;

export interface LaneSizes {
  /** Width of the widest band (CSS px). */
  maxWidth: number;
  /** Distance from the chord's centre line to the middle of each lane. */
  offset: number;
}

/**
 * Lane sizes for `n` nodes on a circle of radius `r` with node discs of radius `nodeRadius`: the
 * widest band takes about a third of the space between neighbours, but never less than 3 px (bands
 * of neighbouring circuits going the same way may touch: they then read as one lane) nor more than
 * 6 px, and each lane sits just clear of the node discs, so that the outer lane stays inside the
 * node labels.
 */
export function laneSizes(n: number, r: number, nodeRadius: number): LaneSizes {
  const spacing = (2 * Math.PI * r) / Math.max(1, n);
  const maxWidth = Math.max(3, Math.min(6, spacing * 0.3));
  const gap = Math.max(1, maxWidth * 0.4);
  // Never closer than half the widest band plus half the gap: the two lanes then cannot overlap.
  const offset = Math.max(maxWidth / 2 + gap / 2, Math.min(nodeRadius, 8) + maxWidth / 2 + 1);
  return { maxWidth, offset };
}

/**
 * A hop from (x0, y0) to (x1, y1) moved `offset` px to the left of the direction of travel (screen
 * coordinates, y pointing down), its ends pulled in by `trim` px (off the node discs).
 * Returns [xStart, yStart, xEnd, yEnd, ux, uy, ox, oy]: the ends, the unit direction and the shift.
 */
export function laneSegment(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  offset: number,
  trim = 0,
): [number, number, number, number, number, number, number, number] {
  const len = Math.hypot(x1 - x0, y1 - y0) || 1;
  const ux = (x1 - x0) / len;
  const uy = (y1 - y0) / len;
  // Left-hand normal with y down: (uy, −ux).
  const ox = uy * offset;
  const oy = -ux * offset;
  const t = Math.min(trim, len / 3);
  return [x0 + ux * t + ox, y0 + uy * t + oy, x1 - ux * t + ox, y1 - uy * t + oy, ux, uy, ox, oy];
}

/** The width level (1…levels) of a band carrying `load` blocks when the busiest carries `max`; 0 for none. */
export function bandLevel(load: number, max: number, levels = BAND_LEVELS): number {
  if (load <= 0 || max <= 0) return 0;
  return Math.max(1, Math.min(levels, Math.ceil((load / max) * levels)));
}
