/**
 * An imported schedule on the WDM ring: each message takes the shorter arc, and each step's arcs are
 * coloured by the ring family's wavelength assignment (wdm-assign.ts: interval colouring per fibre
 * direction, within one colour of the busiest link's load on what it is given), so the user sees how
 * many wavelengths each step of a real schedule needs. With W wavelengths a colour c is wavelength
 * c mod W; stretched, it goes in sub-step ⌊c / W⌋ of its step (as the ring family's stages do).
 */
import { assignWavelengths } from '../families/ring/optree/wdm-assign';
import { arcLinks, shorterArc, type Placed } from './network';

export interface RingColouring {
  /** Each message's colour within its step. */
  colour: Uint32Array;
  /** Wavelengths each step needs (index s − 1 for step s). */
  perStep: Uint32Array;
  /** The most any step needs. */
  most: number;
}

/** Colours every step's arcs; `step[m]` is message m's step (1-based; below 1: never sent). */
export function colourRingSteps(
  n: number,
  src: ArrayLike<number>,
  dst: ArrayLike<number>,
  step: ArrayLike<number>,
  steps: number,
): RingColouring {
  const count = src.length;
  const byStep: number[][] = Array.from({ length: steps }, () => []);
  for (let m = 0; m < count; m++) if (step[m] >= 1) byStep[step[m] - 1].push(m);
  const colour = new Uint32Array(count);
  const perStep = new Uint32Array(steps);
  let most = 0;
  byStep.forEach((ms, s) => {
    if (ms.length === 0) return;
    const arcs = {
      count: ms.length,
      src: Int32Array.from(ms, (m) => src[m]),
      hops: Int32Array.from(ms, (m) => shorterArc(n, src[m], dst[m])),
      mult: new Int32Array(ms.length).fill(1),
    };
    const a = assignWavelengths(n, arcs);
    const runs = a.runs!;
    ms.forEach((m, b) => (colour[m] = runs.first[runs.from[b]]));
    perStep[s] = Math.max(a.cw.colours, a.ccw.colours);
    most = Math.max(most, perStep[s]);
  });
  return { colour, perStep, most };
}

/** Route and wavelength of each message with W wavelengths (colours beyond W wrap and clash). */
export function ringPlacements(
  n: number,
  src: ArrayLike<number>,
  dst: ArrayLike<number>,
  c: RingColouring,
  wavelengths: number,
): Placed[] {
  return Array.from(c.colour, (colour, m) => ({
    links: arcLinks(n, src[m], shorterArc(n, src[m], dst[m])),
    channel: colour % wavelengths,
  }));
}

/**
 * The stretched steps: step s becomes ⌈needed(s) / W⌉ sub-steps, message m going in sub-step
 * ⌊colour / W⌋ of its step. Returns each message's new step and the new step count.
 */
export function ringStretch(
  step: ArrayLike<number>,
  c: RingColouring,
  wavelengths: number,
): { step: Int32Array; steps: number } {
  const base = new Uint32Array(c.perStep.length + 1);
  for (let s = 0; s < c.perStep.length; s++)
    base[s + 1] = base[s] + Math.max(1, Math.ceil(c.perStep[s] / wavelengths));
  const out = new Int32Array(step.length);
  for (let m = 0; m < step.length; m++)
    out[m] = step[m] >= 1 ? base[step[m] - 1] + Math.floor(c.colour[m] / wavelengths) + 1 : step[m];
  return { step: out, steps: base[c.perStep.length] };
}
