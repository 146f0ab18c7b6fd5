import type { IndexArray, SignedArray } from './columns';

/**
 * The busiest directed link under a set of ring arcs: how many arcs cross it (`load`) and, when the
 * arcs carry block sets, how many blocks (`blocks`; equal to `load` for one block per arc). Counted
 * with one difference array per fibre direction in time O(arcs + ring size); the arrays are reused
 * from call to call.
 */
export class ArcLoads {
  load = 0;
  blocks = 0;
  private readonly diff: Int32Array;
  private readonly diffBlocks: Float64Array | null;

  constructor(
    private readonly n: number,
    weighted: boolean,
  ) {
    this.diff = new Int32Array(2 * n + 2);
    this.diffBlocks = weighted ? new Float64Array(2 * n + 2) : null;
  }

  /** Measures arcs t0 … t1 − 1 (blockOffsets: the schedule's per-transfer block ranges, or null). */
  measure(
    src: IndexArray,
    hops: SignedArray,
    t0: number,
    t1: number,
    blockOffsets: Uint32Array | null,
  ): void {
    this.reset();
    for (let t = t0; t < t1; t++)
      this.add(src[t], hops[t], 1, blockOffsets ? blockOffsets[t + 1] - blockOffsets[t] : 1);
    this.finish();
  }

  /** Starts a new set of arcs. */
  reset(): void {
    this.diff.fill(0);
    this.diffBlocks?.fill(0);
  }

  /** Adds `arcs` arcs from node u over h links (signed: clockwise > 0) carrying `blocks` blocks in all. */
  add(u: number, h: number, arcs: number, blocks: number): void {
    const { n, diff, diffBlocks } = this;
    // Counter-clockwise arcs are mirrored into the second array, so every arc runs forwards.
    const base = h > 0 ? 0 : n + 1;
    const start = h > 0 ? u : n - 1 - u;
    const end = start + (h > 0 ? h : -h);
    addSpan(diff, base, n, start, end, arcs);
    if (diffBlocks) addSpan(diffBlocks, base, n, start, end, blocks);
  }

  /** Sets `load` and `blocks` for the arcs added since the last reset. */
  finish(): void {
    const { n, diff, diffBlocks } = this;
    this.load = Math.max(busiest(diff, 0, n), busiest(diff, n + 1, n));
    this.blocks = diffBlocks ? Math.max(busiest(diffBlocks, 0, n), busiest(diffBlocks, n + 1, n)) : this.load;
  }

  /** The most arcs on one link of one direction (clockwise or not) since the last reset. */
  busiestIn(clockwise: boolean): number {
    return busiest(this.diff, clockwise ? 0 : this.n + 1, this.n);
  }

  /**
   * The most arcs on one link of one direction and the links that carry that many, as positions in
   * the direction's frame (counter-clockwise arcs mirrored: node v at n − 1 − v; link x runs from
   * position x to x + 1).
   */
  busiestLinks(clockwise: boolean): { load: number; links: number[] } {
    const { n, diff } = this;
    const base = clockwise ? 0 : n + 1;
    const load = busiest(diff, base, n);
    const links: number[] = [];
    for (let x = 0, run = 0; x < n; x++) {
      run += diff[base + x];
      if (run === load) links.push(x);
    }
    return { load, links };
  }
}

/**
 * Adds `amount` to links start … end − 1 of the frame at `base` (end ≤ 2n), in the difference array:
 * an arc over the cut (end > n) counts on both pieces of the line.
 */
function addSpan(
  diff: Int32Array | Float64Array,
  base: number,
  n: number,
  start: number,
  end: number,
  amount: number,
): void {
  diff[base + start] += amount;
  if (end > n) {
    diff[base + n] -= amount;
    diff[base] += amount;
    diff[base + end - n] -= amount;
  } else diff[base + end] -= amount;
}

/** The largest running total of diff[base] … diff[base + n − 1]. */
function busiest(diff: Int32Array | Float64Array, base: number, n: number): number {
  let most = 0;
  for (let x = 0, run = 0; x < n; x++) {
    run += diff[base + x];
    if (run > most) most = run;
  }
  return most;
}
