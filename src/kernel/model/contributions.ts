/**
 * Sets of contributions, as sorted disjoint half-open ranges [lo, hi) of contribution ids (an
 * all-reduce's contribution b is processor b's value). A partial result is the combination of such
 * a set; the reductions we build keep them to a few ranges each (a row of a mesh, a group of an
 * OTIS-Mesh, everything), so a million processors' partials fit where lists of ids would not.
 *
 * A set is a flat array [lo0, hi0, lo1, hi1, …] with lo0 < hi0 < lo1 < hi1 …
 */
export type RangeSet = Uint32Array;

export const EMPTY: RangeSet = new Uint32Array(0);

/** The set {lo, …, hi − 1}. */
export const range = (lo: number, hi: number): RangeSet => Uint32Array.of(lo, hi);

/** Number of contributions in the set. */
export function sizeOf(a: RangeSet): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 2) n += a[i + 1] - a[i];
  return n;
}

/** Whether the set is exactly {0, …, n − 1}. */
export const isComplete = (a: RangeSet, n: number) => a.length === 2 && a[0] === 0 && a[1] === n;

/** The smallest id in both sets, or −1 when they are disjoint. */
export function firstCommon(a: RangeSet, b: RangeSet): number {
  return firstCommonIn(a, 0, a.length, b, 0, b.length);
}

/**
 * The smallest id both in the set written in words [i, ie) of `a` and in the one in words [j, je) of
 * `b` (sets kept inside larger arrays: a schedule's bounds, an arena of partials), or −1.
 */
export function firstCommonIn(
  a: ArrayLike<number>,
  i: number,
  ie: number,
  b: ArrayLike<number>,
  j: number,
  je: number,
): number {
  while (i < ie && j < je) {
    const lo = Math.max(a[i], b[j]);
    const hi = Math.min(a[i + 1], b[j + 1]);
    if (lo < hi) return lo;
    if (a[i + 1] <= b[j + 1]) i += 2;
    else j += 2;
  }
  return -1;
}

/** The smallest id of `a` that is not in `b`, or −1 when a ⊆ b. */
export function firstMissing(a: RangeSet, b: RangeSet): number {
  let j = 0;
  for (let i = 0; i < a.length; i += 2) {
    let lo = a[i];
    const hi = a[i + 1];
    while (lo < hi) {
      while (j < b.length && b[j + 1] <= lo) j += 2;
      if (j >= b.length || b[j] > lo) return lo;
      lo = b[j + 1];
    }
  }
  return -1;
}

export function equal(a: RangeSet, b: RangeSet): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** a ∪ b, with touching ranges merged. */
export function union(a: RangeSet, b: RangeSet): RangeSet {
  if (!a.length) return b;
  if (!b.length) return a;
  const out = new Uint32Array(a.length + b.length);
  return out.slice(0, unionInto(a, 0, a.length, b, 0, b.length, out));
}

/**
 * Writes into `out` the union of the set in words [i, ie) of `a` and the one in words [j, je) of `b`,
 * touching ranges merged, and returns the words written (`out` must have room for both sets).
 */
export function unionInto(
  a: ArrayLike<number>,
  i: number,
  ie: number,
  b: ArrayLike<number>,
  j: number,
  je: number,
  out: Uint32Array,
): number {
  let k = 0;
  while (i < ie || j < je) {
    let lo: number;
    let hi: number;
    if (j >= je || (i < ie && a[i] <= b[j])) {
      lo = a[i];
      hi = a[i + 1];
      i += 2;
    } else {
      lo = b[j];
      hi = b[j + 1];
      j += 2;
    }
    if (k > 0 && lo <= out[k - 1]) out[k - 1] = Math.max(out[k - 1], hi);
    else {
      out[k++] = lo;
      out[k++] = hi;
    }
  }
  return k;
}

/** The set of a list of ids (any order, repeats allowed). */
export function fromIds(ids: ArrayLike<number>): RangeSet {
  const sorted = Uint32Array.from(ids).sort();
  const out: number[] = [];
  for (const v of sorted) {
    if (out.length && v <= out[out.length - 1]) {
      if (v === out[out.length - 1]) out[out.length - 1] = v + 1;
      continue;
    }
    out.push(v, v + 1);
  }
  return Uint32Array.from(out);
}

/** The ids of a set, in order. */
export function idsOf(a: RangeSet): Uint32Array {
  const out = new Uint32Array(sizeOf(a));
  let k = 0;
  for (let i = 0; i < a.length; i += 2) for (let v = a[i]; v < a[i + 1]; v++) out[k++] = v;
  return out;
}

/**
 * The set in its canonical form (sorted, disjoint, touching ranges merged), whatever order and
 * overlaps `a` came with (ranges read from a file); `a` itself when it already is.
 */
export function canonical(a: RangeSet): RangeSet {
  let ok = true;
  for (let i = 0; i < a.length && ok; i += 2) ok = a[i] < a[i + 1] && (i === 0 || a[i] > a[i - 1]);
  if (ok) return a;
  const pairs: [number, number][] = [];
  for (let i = 0; i < a.length; i += 2) if (a[i] < a[i + 1]) pairs.push([a[i], a[i + 1]]);
  pairs.sort((x, y) => x[0] - y[0]);
  let out: RangeSet = EMPTY;
  for (const [lo, hi] of pairs) out = union(out, range(lo, hi));
  return out;
}
