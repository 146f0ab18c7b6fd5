import { blockCountOf, type Schedule } from '../../../src/kernel/model/schedule';
import type { Topology } from '../../../src/kernel/model/topology';

/**
 * How the circuit view draws traffic so that both directions stay visible (pure, no canvas).
 *
 * Every direction keeps to the left-hand side of its circuit, as traffic does on a road: a block
 * going right (clockwise on screen) runs on the lane outside the chord, a block going left on the
 * lane inside it. The two lanes of one circuit are apart by at least a band's widest width plus a
 * gap, so neither can cover the other. When a phase has too many transfers to draw one by one, the
 * blocks crossing each circuit in each direction are added up and drawn as one band whose width
 * says how many they are.
 */

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

/** Blocks crossing each directed circuit in one phase. */
export interface CircuitLoads {
  /** Per link id: blocks that cross it in this phase (0 for links not used). */
  blocks: Float64Array;
  /** The most blocks over one link (0 when none moves). */
  max: number;
  /** Links used, going right (kind 0) and going left (kind 1). */
  usedRight: number;
  usedLeft: number;
  /** Blocks × circuits crossed, summed over the phase. */
  crossings: number;
}

/**
 * Adds up the blocks crossing every link in step `step` of a link-list schedule (a transfer of b
 * blocks over h circuits adds b to each of its h links). Static all-to-all on 256 nodes crosses
 * about 4 million links in its one phase: one pass over them, made once per step shown.
 */
export function circuitLoads(s: Schedule, topo: Topology, step: number): CircuitLoads {
  const blocks = new Float64Array(topo.linkFrom.length);
  const out: CircuitLoads = { blocks, max: 0, usedRight: 0, usedLeft: 0, crossings: 0 };
  if (step < 1 || step > s.stepCount || s.path.kind !== 'link-list') return out;
  const { offsets, links } = s.path;
  // Block lists read straight from their offsets (null: one block each); other forms ask blockCountOf.
  const tb = s.transferBlocks;
  const lists = tb.kind === 'pairs' || tb.kind === 'ranges' ? undefined : tb.offsets;
  let crossings = 0;
  for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) {
    const b = lists === undefined ? blockCountOf(s, t) : lists === null ? 1 : lists[t + 1] - lists[t];
    const [k0, k1] = [offsets[t], offsets[t + 1]];
    for (let k = k0; k < k1; k++) blocks[links[k]] += b;
    crossings += b * (k1 - k0);
  }
  out.crossings = crossings;
  for (let l = 0; l < blocks.length; l++) {
    if (blocks[l] === 0) continue;
    if (blocks[l] > out.max) out.max = blocks[l];
    if (topo.linkKind[l] === 0) out.usedRight++;
    else out.usedLeft++;
  }
  return out;
}

/** Transfers in the phase shown at `step` (none before the first). */
export function transfersInStep(s: Schedule, step: number): number {
  return step >= 1 && step <= s.stepCount ? s.stepStart[step] - s.stepStart[step - 1] : 0;
}

/** Most transfers of a phase drawn one by one with arrowheads; beyond it, bands (see above). */
export const MAX_TRANSFERS_DRAWN = 400;

/**
 * Whether a phase is drawn as bands: more transfers than MAX_TRANSFERS_DRAWN, or more than two per
 * node (then several share each circuit and lines drawn one over another would hide how many).
 */
export function drawsBands(transfers: number, n: number): boolean {
  return transfers > MAX_TRANSFERS_DRAWN || transfers > 2 * n;
}
