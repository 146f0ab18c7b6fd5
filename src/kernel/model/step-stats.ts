import { pathLength } from './paths';
import { blocksMovedIn, type Schedule } from './schedule';
import { spectrumCounts, type SpectrumCounts } from './spectrum-counts';
import type { Topology } from './topology';

/**
 * What the narration and the spectrum say of each step, counted once per schedule (in the worker,
 * with the build): at a million processors a step has a quarter of a million transfers, too many to
 * count on the page's main thread every time a step is shown. Index s − 1 for step s.
 */
export interface StepStats {
  /** Links on the step's longest route. */
  longestRoute: Uint32Array;
  /** Blocks (contributions) the step's transfers carry, summed. */
  blocksMoved: Float64Array;
  /** Distinct channels (wavelengths, circuits) the step uses. */
  channelsUsed: Uint32Array;
  /** Busy (link, channel) slots: what the spectrum view states. */
  spectrum: SpectrumCounts;
}

export function stepStats(s: Schedule, topo: Topology): StepStats {
  const n = s.stepCount;
  const out: StepStats = {
    longestRoute: new Uint32Array(n),
    blocksMoved: new Float64Array(n),
    channelsUsed: new Uint32Array(n),
    spectrum: spectrumCounts(s, topo),
  };
  const channels = new Set<number>();
  for (let step = 1; step <= n; step++) {
    const [a, b] = [s.stepStart[step - 1], s.stepStart[step]];
    let longest = 0;
    let last = -1;
    channels.clear();
    for (let t = a; t < b; t++) {
      if (s.channel[t] !== last) channels.add((last = s.channel[t]));
      const length = pathLength(s, t);
      if (length > longest) longest = length;
    }
    out.longestRoute[step - 1] = longest;
    out.blocksMoved[step - 1] = blocksMovedIn(s, a, b);
    out.channelsUsed[step - 1] = channels.size;
  }
  return out;
}
