import { resized } from '../../../kernel/model/columns';
import { RunPool, RunsBuilder, type ArcBundles } from './colour-runs';

/** Growable per-colour state. */
class ColourTable {
  deadline = new Int32Array(64);
  next = new Int32Array(64);
  size = 0;
  add(deadline: number): number {
    if (this.size === this.deadline.length) {
      this.deadline = resized(this.deadline, 2 * this.size);
      this.next = resized(this.next, 2 * this.size);
    }
    this.deadline[this.size] = deadline;
    return this.size++;
  }
}

/**
 * A direction's arcs cut open at node n − 1 onto a line: arc i is bundle ids[i] of `arcs`, starting at
 * start[i] and going len[i] links on (past n − 1 when it crosses the cut).
 */
export interface ArcsOnLine {
  n: number;
  arcs: ArcBundles;
  ids: Int32Array;
  start: Int32Array;
  len: Int32Array;
}

/**
 * One sweep of the colouring for arcs in the clockwise frame; returns the colours used.
 *
 * Each pass over the arcs is a function of its own: V8 optimises a long loop while it runs, and code
 * after such a loop in the same function would have no type feedback yet, so the optimised code would
 * bail out there and start over (a cold build paid tens of milliseconds for that).
 */
export function sweep(line: ArcsOnLine, runs: RunsBuilder | null): number {
  const { n, start, len } = line;
  // 2. (below) visits the intervals ordered by start, longest first: two stable counting sorts.
  const order = intervalOrder(n, start, len);
  if (!anyCrossing(n, start, len)) return sweepLine(line, runs, order);
  const table = new ColourTable();
  // Colours released at each node (linked through table.next): free again when the sweep gets there.
  const pendingHead = new Int32Array(n + 1).fill(-1);
  colourCrossings(line, runs, table, pendingHead);
  colourIntervals(line, runs, order, table, pendingHead);
  return table.size;
}

/** Arcs by start node, the longest first among those starting at one node. */
function intervalOrder(n: number, start: Int32Array, len: Int32Array): Int32Array {
  const byLen = countingOrder(n, len, true, null);
  return countingOrder(n, start, false, byLen);
}

function anyCrossing(n: number, start: Int32Array, len: Int32Array): boolean {
  for (let i = 0; i < start.length; i++) if (start[i] + len[i] >= n) return true;
  return false;
}

/** 1. Arcs over the cut: one new colour per lightpath, free again on the line past the arc's end. */
function colourCrossings(
  { n, arcs, ids, start, len }: ArcsOnLine,
  runs: RunsBuilder | null,
  table: ColourTable,
  pendingHead: Int32Array,
): void {
  for (let i = 0; i < ids.length; i++) {
    const s = start[i];
    const e = s + len[i];
    if (e < n) continue;
    const b = ids[i];
    for (let k = 0; k < arcs.mult[b]; k++) {
      const c = table.add(s);
      runs?.push(b, c, 1);
      table.next[c] = pendingHead[e - n];
      pendingHead[e - n] = c;
    }
  }
}

/** 2. The intervals on the line, in order, each taking the best free colour (or a new one). */
function colourIntervals(
  { n, arcs, ids, start, len }: ArcsOnLine,
  runs: RunsBuilder | null,
  order: Int32Array,
  table: ColourTable,
  pendingHead: Int32Array,
): void {
  const m = ids.length;
  const free = new FreeColours(n);
  let p = 0;
  for (let x = 0; x < n; x++) {
    for (let c = pendingHead[x]; c >= 0;) {
      const nx = table.next[c];
      if (table.deadline[c] > x) free.add(c, table.deadline[c]);
      c = nx;
    }
    while (p < m && start[order[p]] === x) {
      const i = order[p++];
      if (start[i] + len[i] >= n) continue;
      const b = ids[i];
      const e = x + len[i];
      for (let k = 0; k < arcs.mult[b]; k++) {
        let c = free.take(e);
        if (c < 0) c = table.add(n - 1);
        runs?.push(b, c, 1);
        if (e < n - 1) {
          table.next[c] = pendingHead[e];
          pendingHead[e] = c;
        }
      }
    }
  }
}

/**
 * Free colours bucketed by deadline (the node up to which the colour is free on the line), with a
 * two-level bitmap of the non-empty buckets for finding the latest deadline at or after a node.
 */
class FreeColours {
  private readonly head: Int32Array;
  private readonly words: Uint32Array;
  private readonly summary: Uint32Array;
  private next = new Int32Array(64);

  constructor(n: number) {
    this.head = new Int32Array(n).fill(-1);
    this.words = new Uint32Array((n + 31) >>> 5);
    this.summary = new Uint32Array((this.words.length + 31) >>> 5);
  }

  add(c: number, deadline: number): void {
    if (c >= this.next.length) this.next = resized(this.next, Math.max(2 * this.next.length, c + 1));
    this.next[c] = this.head[deadline];
    this.head[deadline] = c;
    const w = deadline >>> 5;
    this.words[w] |= 1 << (deadline & 31);
    this.summary[w >>> 5] |= 1 << (w & 31);
  }

  /** A free colour whose deadline is exactly e, else the one with the latest deadline ≥ e, else −1. */
  take(e: number): number {
    if (this.head[e] >= 0) return this.takeFrom(e);
    const { words, summary } = this;
    const ew = e >>> 5;
    for (let sw = summary.length - 1; sw >= ew >>> 5; sw--) {
      let sbits = summary[sw];
      while (sbits !== 0) {
        const w = (sw << 5) + 31 - Math.clz32(sbits);
        if (w < ew) return -1;
        const bits = w === ew ? words[w] & (~0 << (e & 31)) : words[w];
        if (bits !== 0) return this.takeFrom((w << 5) + 31 - Math.clz32(bits));
        sbits &= ~(1 << (w & 31));
      }
    }
    return -1;
  }

  private takeFrom(a: number): number {
    const c = this.head[a];
    this.head[a] = this.next[c];
    if (this.head[a] < 0) {
      const w = a >>> 5;
      this.words[w] &= ~(1 << (a & 31));
      if (this.words[w] === 0) this.summary[w >>> 5] &= ~(1 << (w & 31));
    }
    return c;
  }
}

/**
 * Stable counting sort of 0 … m−1 (m = key.length) by key[i] ∈ [0, range], or by range − key[i]
 * when `descending`, optionally starting from an order.
 */
function countingOrder(
  range: number,
  key: Int32Array,
  descending: boolean,
  from: Int32Array | null,
): Int32Array {
  const count = bucketStarts(range, key, descending);
  return placeInBuckets(key, descending ? range : -1, count, from ?? identity(key.length));
}

function bucketStarts(range: number, key: Int32Array, descending: boolean): Int32Array {
  const count = new Int32Array(range + 2);
  for (let i = 0; i < key.length; i++) count[(descending ? range - key[i] : key[i]) + 1]++;
  for (let k = 1; k < count.length; k++) count[k] += count[k - 1];
  return count;
}

/** Places from[j] in key order (keys read as flip − key when flip ≥ 0). */
function placeInBuckets(key: Int32Array, flip: number, count: Int32Array, from: Int32Array): Int32Array {
  const out = new Int32Array(key.length);
  for (let j = 0; j < from.length; j++) {
    const i = from[j];
    out[count[flip >= 0 ? flip - key[i] : key[i]]++] = i;
  }
  return out;
}

function identity(m: number): Int32Array {
  const out = new Int32Array(m);
  for (let i = 0; i < m; i++) out[i] = i;
  return out;
}

/**
 * Step 2 of the sweep when no arc crosses the cut (a stage inside segments of the ring): every free
 * colour then has the same deadline, so the bucket structure reduces to one stack. Same choices, same
 * colours as the general sweep, but the stack holds runs of consecutive colours: a bundle of k
 * lightpaths takes and releases whole runs instead of k single colours, so the work follows the
 * bundles, not the lightpaths (a large OpTree stage has a million lightpaths in a thousand bundles).
 *
 * A run [a, a+len) on the stack stands for the colours a, a+1, … with a on top, which is the order in
 * which the one-colour-at-a-time sweep would hold them: it pops a bundle's colours in that order and
 * releases them onto a last-in-first-out list, so they come back with the first one on top again.
 */
function sweepLine(
  { n, arcs, ids, start, len }: ArcsOnLine,
  out: RunsBuilder | null,
  order: Int32Array,
): number {
  const m = ids.length;
  const runs = new RunPool();
  // Runs released at each node (linked through runs.next, last released first).
  const pendingHead = new Int32Array(n + 1).fill(-1);
  // Stack of free runs (run ids; a run's first colour is the next one popped).
  let stack = new Int32Array(64);
  let top = 0;
  let opened = 0;
  let p = 0;
  for (let x = 0; x < n; x++) {
    for (let r = pendingHead[x]; r >= 0; r = runs.next[r]) {
      if (top === stack.length) stack = resized(stack, 2 * top);
      stack[top++] = r;
    }
    while (p < m && start[order[p]] === x) {
      const i = order[p++];
      const b = ids[i];
      const e = x + len[i];
      let left = arcs.mult[b];
      while (left > 0) {
        let first: number;
        let take: number;
        if (top > 0) {
          const r = stack[top - 1];
          first = runs.first[r];
          take = Math.min(left, runs.size[r]);
          if (take === runs.size[r]) top--;
          else {
            runs.first[r] += take;
            runs.size[r] -= take;
          }
        } else {
          first = opened;
          take = left;
          opened += take;
        }
        out?.push(b, first, take);
        if (e < n - 1) {
          const r = runs.add(first, take);
          runs.next[r] = pendingHead[e];
          pendingHead[e] = r;
        }
        left -= take;
      }
    }
  }
  return opened;
}
