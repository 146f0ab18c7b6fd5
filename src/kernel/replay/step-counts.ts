import type { Holdings } from './holdings';
import { snapshotAtOrBefore } from './holding-queries';

/** What every node holds after a step, and its extremes: what views and narration ask of each step. */
export interface StepCounts {
  /** Blocks (or, for a reduction, contributions) each node holds. Shared: read it, never write it. */
  readonly counts: Uint32Array;
  readonly min: number;
  readonly max: number;
  /** Nodes that hold every block. */
  readonly full: number;
}

/**
 * Steps remembered per result: the one shown and the four counted ahead of a step (the next, the
 * last, the first and the one before: what →, End, Home and ← ask for next).
 */
const KEPT = 6;
/** How far ahead of a remembered step the counts are replayed from it rather than from a snapshot. */
const FORWARD_STEPS = 4;
/** Nodes copied or scanned, or changes replayed, between two pauses of a count made in pieces. */
export const COUNT_PIECE = 1 << 16;

type Kept = { step: number; value: StepCounts }[];
const cache = new WeakMap<Holdings, Kept>();

const keptOf = (h: Holdings): Kept => {
  let kept = cache.get(h);
  if (!kept) cache.set(h, (kept = []));
  return kept;
};
const clampStep = (h: Holdings, step: number) => Math.max(0, Math.min(step, h.stepCount));

/** A remembered step's counts, moved to the front of the remembered ones; undefined if not kept. */
function recall(h: Holdings, st: number): StepCounts | undefined {
  const kept = keptOf(h);
  const i = kept.findIndex((e) => e.step === st);
  if (i < 0) return undefined;
  const [hit] = kept.splice(i, 1);
  kept.unshift(hit);
  return hit.value;
}

function remember(h: Holdings, st: number, value: StepCounts): StepCounts {
  const kept = keptOf(h);
  const had = kept.find((e) => e.step === st);
  if (had) return had.value;
  kept.unshift({ step: st, value });
  if (kept.length > KEPT) kept.pop();
  return value;
}

/**
 * heldCounts (holding-queries.ts) after step `st` with its extremes, made in pieces of `piece`
 * nodes or changes with a pause (yield) after each: from a remembered step a few steps before
 * (playing forward: the changes of those steps only), else from the last snapshot at or before it.
 */
function* countPieces(h: Holdings, st: number, piece: number): Generator<void, StepCounts, void> {
  const n = h.nodeCount;
  const everyStep = h.kind !== 'counts' && h.snapshotStep.length === h.stepCount + 1;
  const prev = everyStep ? undefined : keptOf(h).find((e) => e.step < st && st - e.step <= FORWARD_STEPS);
  let base: Uint32Array;
  let from: number;
  if (prev) [base, from] = [prev.value.counts, prev.step];
  else {
    const lo = snapshotAtOrBefore(h, st);
    [base, from] = [h.snapshotCounts.subarray(lo * n, lo * n + n), h.snapshotStep[lo]];
  }
  const counts = new Uint32Array(n);
  for (let i = 0; i < n; i += piece) {
    counts.set(base.subarray(i, Math.min(n, i + piece)), i);
    yield;
  }
  // The changes of steps from + 1 … st: a reduction's new counts, else one arrival per event.
  if (h.kind === 'counts')
    for (let i = h.changeStart[from]; i < h.changeStart[st];) {
      const end = Math.min(h.changeStart[st], i + piece);
      for (; i < end; i++) counts[h.changeNode[i]] = h.changeCount[i];
      yield;
    }
  else
    for (let e = h.eventStart[from + 1]; e < h.eventStart[st + 1];) {
      const end = Math.min(h.eventStart[st + 1], e + piece);
      for (; e < end; e++) counts[h.eventNode[e]]++;
      yield;
    }
  let min = n ? Infinity : 0;
  let max = 0;
  let full = 0;
  const all = h.blockCount;
  for (let i = 0; i < n;) {
    const end = Math.min(n, i + piece);
    for (; i < end; i++) {
      const c = counts[i];
      if (c < min) min = c;
      if (c > max) max = c;
      if (c === all) full++;
    }
    yield;
  }
  return { counts, min, max, full };
}

/** Whether the counts after `step` are remembered (counted already: stepCounts returns them at once). */
export const isCounted = (h: Holdings, step: number) => keptOf(h).some((e) => e.step === clampStep(h, step));

/**
 * heldCounts after `step` with its minimum, maximum and number of full nodes, computed once per
 * step for all who ask (the network view, the holdings panel and the narration read the same step:
 * at a million processors each pass over the nodes costs milliseconds).
 */
export function stepCounts(h: Holdings, step: number): StepCounts {
  const st = clampStep(h, step);
  const hit = recall(h, st);
  if (hit) return hit;
  const pieces = countPieces(h, st, COUNT_PIECE);
  let r = pieces.next();
  while (!r.done) r = pieces.next();
  return remember(h, st, r.value);
}

/**
 * The counts of the steps a viewer of `step` is likely to ask for next (the next, the last, the first,
 * the one before), made in pieces of `piece` with a pause (yield) after each, and remembered for
 * stepCounts: the page runs it in short tasks between steps (app/views/useStepCountsAhead.ts), so
 * that a step at a million processors does not count them in the task that moves it.
 */
export function* countAhead(h: Holdings, step: number, piece = COUNT_PIECE): Generator<void, void, void> {
  const st = clampStep(h, step);
  for (const next of [st + 1, h.stepCount, 0, st - 1]) {
    if (next < 0 || next > h.stepCount || keptOf(h).some((e) => e.step === next)) continue;
    const value = yield* countPieces(h, next, piece);
    remember(h, next, value);
  }
}
