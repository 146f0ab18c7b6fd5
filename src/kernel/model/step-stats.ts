import { pathLength } from './paths';
import { blocksMovedIn, type Schedule } from './schedule';

/**
 * What the narration says of each step, counted once per schedule (in the worker, with the build):
 * at a million processors a step has a quarter of a million transfers, too many to count on the
 * page's main thread every time a step is shown. Index s − 1 for step s.
 */
export interface StepStats {
  /** Links on the step's longest route. */
  longestRoute: Uint32Array;
  /** Blocks (contributions) the step's transfers carry, summed. */
  blocksMoved: Float64Array;
  /** Distinct channels (wavelengths, circuits) the step uses. */
  channelsUsed: Uint32Array;
}

export function stepStats(s: Schedule): StepStats {
  const n = s.stepCount;
  const out: StepStats = {
    longestRoute: new Uint32Array(n),
    blocksMoved: new Float64Array(n),
    channelsUsed: new Uint32Array(n),
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

const cache = new WeakMap<Schedule, StepStats>();

/** stepStats of a schedule, counted on first use (results that did not bring theirs). */
export function stepStatsCached(s: Schedule): StepStats {
  let stats = cache.get(s);
  if (!stats) cache.set(s, (stats = stepStats(s)));
  return stats;
}
