import type { Schedule } from '../../src/kernel/model/schedule';

/**
 * The wavelengths a step uses, and how a legend names them in a few words. The ring's and the star's
 * legends both list these (not every wavelength the fibre has).
 */

/** The wavelengths (channels) of step `step`'s transfers, each once, lowest first; none before step 1. */
export function channelsInStep(s: Schedule, step: number): number[] {
  if (step < 1 || step > s.stepCount) return [];
  const [a, b] = [s.stepStart[step - 1], s.stepStart[step]];
  let top = 0;
  for (let t = a; t < b; t++) if (s.channel[t] > top) top = s.channel[t];
  const seen = new Uint8Array(top + 1);
  for (let t = a; t < b; t++) seen[s.channel[t]] = 1;
  const out: number[] = [];
  for (let ch = 0; ch <= top; ch++) if (seen[ch] && b > a) out.push(ch);
  return out;
}

/** Wavelengths first, first + stride, …, last (count of them). */
export interface ChannelRun {
  first: number;
  last: number;
  stride: number;
  count: number;
}

/**
 * Sorted, distinct wavelengths as runs of equal steps, taken greedily from the lowest: 0, 1, 2, 3 is
 * one run (stride 1), 0, 3, 6, …, 765 another (stride 3). A run of fewer than three is kept as single
 * wavelengths, which a legend names one by one.
 */
export function channelRuns(sorted: readonly number[]): ChannelRun[] {
  const runs: ChannelRun[] = [];
  let i = 0;
  while (i < sorted.length) {
    const stride = i + 1 < sorted.length ? sorted[i + 1] - sorted[i] : 1;
    let j = i + 1;
    while (j < sorted.length && sorted[j] - sorted[j - 1] === stride) j++;
    if (j - i >= 3) {
      runs.push({ first: sorted[i], last: sorted[j - 1], stride, count: j - i });
      i = j;
    } else {
      runs.push({ first: sorted[i], last: sorted[i], stride: 1, count: 1 });
      i++;
    }
  }
  return runs;
}

/** One run in words: "λ5", "λ0–255", "λ0–765 every 3rd". */
export function runText(r: ChannelRun): string {
  if (r.count === 1) return `λ${r.first}`;
  const span = `λ${r.first}–${r.last}`;
  return r.stride === 1 ? span : `${span} every ${ordinal(r.stride)}`;
}

function ordinal(k: number): string {
  const tens = k % 100;
  if (tens >= 11 && tens <= 13) return `${k}th`;
  return `${k}${['th', 'st', 'nd', 'rd'][k % 10] ?? 'th'}`;
}

/**
 * The wavelengths in a few words: at most `maxRuns` runs, then how many wavelengths are left
 * ("λ0–3, λ8, λ12–15 and 40 more").
 */
export function describeChannels(sorted: readonly number[], maxRuns = 4): string {
  if (sorted.length === 0) return 'none';
  const runs = channelRuns(sorted);
  const shown = runs.slice(0, maxRuns);
  const rest = runs.slice(maxRuns).reduce((sum, r) => sum + r.count, 0);
  const text = shown.map(runText).join(', ');
  return rest > 0 ? `${text} and ${rest.toLocaleString('en-US')} more` : text;
}
