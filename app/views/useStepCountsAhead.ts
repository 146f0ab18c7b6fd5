import { useEffect } from 'react';
import type { Holdings } from '../../src/kernel/replay/holdings';
import { countAhead } from '../../src/kernel/replay/step-counts';
import { runInSlices } from '../worker/slices';

/** Longest task of counting ahead, in ms: well under the 50 ms a task may take, beside the painter's. */
export const COUNT_AHEAD_SLICE_MS = 4;

/**
 * Counts the steps a viewer of `step` is likely to ask for next (countAhead) in tasks of about
 * COUNT_AHEAD_SLICE_MS, starting in a later task than the one that showed `step`; the returned
 * function stops it (a newer step or result). Stepping then finds its counts made: at a million
 * processors, counting them in the task that moves the step took tens of milliseconds.
 */
export function countAheadSoon(h: Holdings, step: number): () => void {
  let stopped = false;
  const start = setTimeout(() =>
    runInSlices(
      countAhead(h, step),
      () => stopped,
      () => undefined,
      { sliceMs: COUNT_AHEAD_SLICE_MS },
    ),
  );
  return () => {
    stopped = true;
    clearTimeout(start);
  };
}

/** countAheadSoon for the holdings and step on screen, restarted when either changes. */
export function useStepCountsAhead(holdings: Holdings, step: number): void {
  useEffect(() => countAheadSoon(holdings, step), [holdings, step]);
}
