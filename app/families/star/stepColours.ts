import { stepRange } from '../../../src/kernel/model/schedule';
import type { RunResult } from '../../../src/result';
import { wavelengthColor } from '../../lib/colors';

/** Most distinct colours one step gets; beyond that, wavelengths share colour buckets. */
const MAX_STEP_COLOURS = 48;

export interface StepColours {
  /** Colour of each wavelength used in the step (undefined for the others). */
  of: { get(w: number): string | undefined };
  /** The first LEGEND_SHOWN (wavelength, colour) pairs in wavelength order, for the legend. */
  legend: [number, string][];
  /** How many wavelengths the step uses, the lowest and the highest. */
  count: number;
  first: number;
  last: number;
  /** Colours sampled evenly over the step's palette, lowest wavelength first (the legend's strip). */
  strip: string[];
}

/** Wavelengths named in the legend. */
export const LEGEND_SHOWN = 8;

/**
 * Distinct colours for the wavelengths of one step (ranked, so a step's few wavelengths never look
 * alike). A gossip step on 4096 processors uses 28 672 wavelengths: they are ranked with a typed
 * sort and looked up in a typed table, not a map of strings.
 */
export function stepColours(r: RunResult, step: number): StepColours {
  if (step < 1) return { of: { get: () => undefined }, legend: [], count: 0, first: 0, last: 0, strip: [] };
  const [a, b] = stepRange(r.schedule, step);
  const all = r.schedule.channel.slice(a, b).sort();
  let count = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) count++;
  const buckets = Math.min(count, MAX_STEP_COLOURS);
  // At most MAX_STEP_COLOURS colours, each worked out once; bucket + 1 per wavelength (0: unused).
  const palette = Array.from({ length: buckets }, (_, j) => wavelengthColor(j, buckets));
  const bucket = new Uint8Array(all.length ? all[all.length - 1] + 1 : 0);
  const legend: [number, string][] = [];
  for (let i = 0, rank = 0; i < all.length; i++) {
    if (i > 0 && all[i] === all[i - 1]) continue;
    const k = Math.floor((rank * buckets) / count);
    bucket[all[i]] = k + 1;
    if (rank < LEGEND_SHOWN) legend.push([all[i], palette[k]]);
    rank++;
  }
  return {
    of: { get: (w) => (w < bucket.length && bucket[w] ? palette[bucket[w] - 1] : undefined) },
    legend,
    count,
    first: all.length ? all[0] : 0,
    last: all.length ? all[all.length - 1] : 0,
    strip: evenSamples(palette, STRIP_SAMPLES),
  };
}

/** Colours in the legend's strip. */
const STRIP_SAMPLES = 12;

/** At most `k` entries of `xs`, evenly spaced, the first and the last included. */
function evenSamples<T>(xs: readonly T[], k: number): T[] {
  const m = Math.min(xs.length, k);
  return Array.from({ length: m }, (_, j) => xs[Math.round((j * (xs.length - 1)) / Math.max(1, m - 1))]);
}
