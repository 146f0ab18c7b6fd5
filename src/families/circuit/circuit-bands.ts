import type { Schedule } from '../../kernel/model/schedule';

/**
 * When the circuit view draws a phase as bands (one per circuit and direction, as wide as the blocks
 * it carries) instead of one line per transfer, and where it finds those blocks: counted in the
 * worker (`circuit-loads.ts`) and carried in the result's extras.
 */

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

/** The loads of a result's step from its extras (`loads`), or null when the step is drawn one by one. */
export function loadsOf(
  extras: Readonly<Record<string, unknown>> | undefined,
  step: number,
): CircuitLoads | null {
  const all = extras?.loads as (CircuitLoads | null)[] | undefined;
  return (step >= 1 && all?.[step - 1]) || null;
}
