/**
 * The last index i in [lo, hi] whose value `sorted[i]` is at most x, by binary search (`sorted`
 * ascending over that range); lo when none is. It finds, for example, the snapshot a replay starts
 * from, the rank an op belongs to, or the step a transfer is in.
 */
export function lastAtMost(sorted: ArrayLike<number>, x: number, lo = 0, hi = sorted.length - 1): number {
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sorted[mid] <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
