import { advanceCounts, heldCounts } from './holding-queries';
import type { Holdings } from './holdings';

/** What every node holds after a step, and its extremes: what views and narration ask of each step. */
export interface StepCounts {
  /** Blocks (or, for a reduction, contributions) each node holds. Shared: read it, never write it. */
  readonly counts: Uint32Array;
  readonly min: number;
  readonly max: number;
  /** Nodes that hold every block. */
  readonly full: number;
}

/** Steps remembered per result (stepping back and forth, the picture and the narration of one step). */
const KEPT = 3;
/** How far ahead of a remembered step the counts are replayed from it rather than from a snapshot. */
const FORWARD_STEPS = 4;
const cache = new WeakMap<Holdings, { step: number; value: StepCounts }[]>();

/**
 * heldCounts after `step` with its minimum, maximum and number of full nodes, computed once per
 * step for all who ask (the network view, the holdings panel and the narration read the same step:
 * at a million processors each pass over the nodes costs milliseconds).
 */
export function stepCounts(h: Holdings, step: number): StepCounts {
  const st = Math.max(0, Math.min(step, h.stepCount));
  const kept = cache.get(h) ?? [];
  const hit = kept.find((e) => e.step === st);
  if (hit) return hit.value;
  // Playing forward: from the step before (the changes of one step), not from the last snapshot.
  const prev = kept.find((e) => e.step < st && st - e.step <= FORWARD_STEPS);
  const counts = prev ? advanceCounts(h, prev.value.counts, prev.step, st) : heldCounts(h, st);
  let min = counts.length ? Infinity : 0;
  let max = 0;
  let full = 0;
  for (let i = 0; i < counts.length; i++) {
    const c = counts[i];
    if (c < min) min = c;
    if (c > max) max = c;
    if (c === h.blockCount) full++;
  }
  const value: StepCounts = { counts, min, max, full };
  kept.unshift({ step: st, value });
  if (kept.length > KEPT) kept.pop();
  cache.set(h, kept);
  return value;
}
