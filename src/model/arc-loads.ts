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
    const { n, diff, diffBlocks } = this;
    diff.fill(0);
    diffBlocks?.fill(0);
    for (let t = t0; t < t1; t++) {
      const h = hops[t];
      // Counter-clockwise arcs are mirrored into the second array, so every arc runs forwards.
      const base = h > 0 ? 0 : n + 1;
      const start = h > 0 ? src[t] : n - 1 - src[t];
      const e = start + (h > 0 ? h : -h);
      const wrap = e > n;
      diff[base + start]++;
      diff[base + (wrap ? n : e)]--;
      if (wrap) {
        diff[base]++;
        diff[base + e - n]--;
      }
      if (diffBlocks && blockOffsets) {
        const w = blockOffsets[t + 1] - blockOffsets[t];
        diffBlocks[base + start] += w;
        diffBlocks[base + (wrap ? n : e)] -= w;
        if (wrap) {
          diffBlocks[base] += w;
          diffBlocks[base + e - n] -= w;
        }
      }
    }
    let load = 0;
    let blocks = 0;
    for (let base = 0; base <= n + 1; base += n + 1)
      for (let x = 0, run = 0, runBlocks = 0; x < n; x++) {
        run += diff[base + x];
        if (run > load) load = run;
        if (diffBlocks) {
          runBlocks += diffBlocks[base + x];
          if (runBlocks > blocks) blocks = runBlocks;
        }
      }
    this.load = load;
    this.blocks = diffBlocks ? blocks : load;
  }
}
