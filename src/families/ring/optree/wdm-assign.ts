/**
 * Wavelength assignment on a WDM ring: every lightpath of one stage gets a colour, and colour c
 * becomes (step ⌊c/w⌋ of the stage, wavelength c mod w). Lightpaths of one colour never share a
 * directed link, so a step never puts two lightpaths on one wavelength of one link.
 *
 * The clockwise and counter-clockwise fibres are separate resources, so each direction is coloured
 * on its own (counter-clockwise arcs are mirrored onto the clockwise frame first).
 *
 * Per direction the colouring cuts the ring at the link N−1 → 0:
 * 1. Arcs crossing the cut get distinct colours. Such a colour is then free on the line only from the
 *    node where its crossing arc ends up to the node where it starts (its "deadline").
 * 2. The other arcs are intervals on the line 0 … N−1. A sweep from node 0 gives each interval (longest
 *    first among those starting at the same node) a free colour whose deadline it meets exactly, so
 *    that the colour's line is tiled without a gap; failing that, the free colour with the latest
 *    deadline, which leaves the most room; only when none is free does it open a new colour.
 * Without crossing arcs (a stage routed inside segments of the ring) this is the left-endpoint greedy
 * for interval graphs, which is optimal: the colours equal the largest link load. With crossing arcs
 * it is a heuristic; the link load stays the lower bound and callers report the ratio. On the
 * all-to-all of the one-stage model and the stages of OpTree it meets the load exactly in every case
 * the tests try (docs/models/one-stage.md).
 *
 * The same function serves building (colours written out) and counting (`countOnly`: only the totals),
 * so a search over trees measures exactly what the builder would construct.
 */

import { ArcLoads } from '../../../kernel/model/arc-loads';
import { resized } from '../../../kernel/model/columns';

/** Lightpath requests: bundles of identical arcs (same sender, same signed length). */
export interface ArcBundles {
  count: number;
  /** Sender node of each bundle. */
  src: Int32Array;
  /** Signed length: positive clockwise, negative counter-clockwise; never 0, |hops| < ring size. */
  hops: Int32Array;
  /** Lightpaths in each bundle (each needs its own colour). */
  mult: Int32Array;
}

export interface DirectionResult {
  /** Most lightpaths on one directed link of this direction: no assignment can use fewer colours. */
  load: number;
  /** Colours the assignment used. */
  colours: number;
}

export interface Assignment {
  cw: DirectionResult;
  ccw: DirectionResult;
  /** The colours, as runs per bundle (null when counting only). */
  runs: ColourRuns | null;
  lightpaths: number;
}

/**
 * Colours as runs of consecutive colours: bundle b's lightpaths take, in order, the colours of runs
 * from[b] … to[b] − 1, run r being the colours first[r] … first[r] + size[r] − 1. A bundle of a
 * thousand lightpaths usually needs a handful of runs, so the builder can write whole runs at once.
 */
export interface ColourRuns {
  from: Int32Array;
  to: Int32Array;
  first: Int32Array;
  size: Int32Array;
}

/** Colours the bundles of one stage on a ring of `n` nodes. */
export function assignWavelengths(n: number, arcs: ArcBundles, countOnly = false): Assignment {
  let lightpaths = 0;
  for (let b = 0; b < arcs.count; b++) lightpaths += arcs.mult[b];
  const runs = countOnly ? null : new RunsBuilder(arcs.count);
  const loads = linkLoads(n, arcs);
  const cw = colourDirection(n, arcs, runs, 1, loads);
  const ccw = colourDirection(n, arcs, runs, -1, loads);
  return { cw, ccw, runs: runs ? runs.done() : null, lightpaths };
}

/**
 * Every lightpath's colour, bundle after bundle (lightpath k of bundle b after those of bundles < b),
 * from a stage's pieces (`hops`: the bundles' signed lengths, for each piece's shift per direction).
 */
export function lightpathColours(pieces: readonly RunsPiece[], hops: Int32Array): Int32Array {
  const out: number[] = [];
  for (const p of [...pieces].sort((x, y) => x.at - y.at)) {
    const { from, to, first, size } = p.proto;
    for (let i = 0; i < p.count; i++) {
      const shift = hops[p.at + i] > 0 ? p.shiftCw : p.shiftCcw;
      for (let r = from[i]; r < to[i]; r++) for (let k = 0; k < size[r]; k++) out.push(first[r] + k + shift);
    }
  }
  return Int32Array.from(out);
}

/**
 * A stage's colours come as pieces: bundles [at, at + count) take the colours of bundles 0 … count − 1
 * of a prototype colouring (an identical set of arcs assigned on its own, possibly turned round the
 * ring), shifted by `shiftCw` on clockwise arcs and `shiftCcw` on counter-clockwise ones. The builder
 * reads the prototype's runs directly, so equal pieces of a stage are coloured, and stored, once.
 */
export interface RunsPiece {
  at: number;
  count: number;
  proto: ColourRuns;
  shiftCw: number;
  shiftCcw: number;
}

/** An assignment's colours as the one piece that covers all its bundles. */
export function piecesOf(runs: ColourRuns): RunsPiece[] {
  return [{ at: 0, count: runs.from.length, proto: runs, shiftCw: 0, shiftCcw: 0 }];
}

/**
 * The most lightpaths on one directed link, per direction (the assignment's lower bounds), in one pass
 * over the bundles.
 */
export function directionLoads(n: number, arcs: ArcBundles): { cw: number; ccw: number } {
  const loads = linkLoads(n, arcs);
  return { cw: loads.busiestIn(true), ccw: loads.busiestIn(false) };
}

/** The bundles' lightpaths per directed link (both directions, the assignment's frames). */
function linkLoads(n: number, arcs: ArcBundles): ArcLoads {
  const loads = new ArcLoads(n, false);
  const { src, hops, mult } = arcs;
  for (let b = 0; b < arcs.count; b++) loads.add(src[b], hops[b], mult[b], mult[b]);
  return loads;
}

/**
 * Collects colour runs bundle by bundle (a bundle's colours all come in one go); consecutive colours
 * of one bundle join one run.
 */
class RunsBuilder {
  readonly from: Int32Array;
  readonly to: Int32Array;
  first = new Int32Array(256);
  size = new Int32Array(256);
  count = 0;
  /** The bundle being collected, and where its runs start. */
  private bundle = -1;

  constructor(bundles: number) {
    this.from = new Int32Array(bundles);
    this.to = new Int32Array(bundles);
  }

  /** Appends `size` colours from `first` on to bundle b's runs. */
  push(b: number, first: number, size: number): void {
    if (b !== this.bundle) {
      this.bundle = b;
      this.from[b] = this.count;
    }
    const last = this.count - 1;
    if (last >= this.from[b] && this.first[last] + this.size[last] === first) this.size[last] += size;
    else {
      if (this.count === this.first.length) {
        this.first = resized(this.first, 2 * this.count);
        this.size = resized(this.size, 2 * this.count);
      }
      this.first[this.count] = first;
      this.size[this.count++] = size;
    }
    this.to[b] = this.count;
  }

  /** Takes over bundle b's runs from another builder (a better colouring found later). */
  copy(b: number, other: RunsBuilder): void {
    this.bundle = -1;
    for (let r = other.from[b]; r < other.to[b]; r++) this.push(b, other.first[r], other.size[r]);
  }

  done(): ColourRuns {
    return { from: this.from, to: this.to, first: this.first, size: this.size };
  }
}

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

/** A direction's bundles in the clockwise frame. */
interface Frame {
  /** Bundle ids, start node and length of the direction's arcs. */
  ids: Int32Array;
  start: Int32Array;
  len: Int32Array;
}

/** The direction's arcs in the clockwise frame, in one pass over the bundles (null: none). */
function directionFrame(n: number, arcs: ArcBundles, dir: 1 | -1): Frame | null {
  const frame = {
    ids: new Int32Array(arcs.count),
    start: new Int32Array(arcs.count),
    len: new Int32Array(arcs.count),
  };
  const m = fillFrame(n, arcs, dir, frame);
  if (m === 0) return null;
  const { ids, start, len } = frame;
  return { ids: ids.subarray(0, m), start: start.subarray(0, m), len: len.subarray(0, m) };
}

/**
 * The pass of directionFrame; returns how many arcs go the direction's way. Counter-clockwise arcs
 * are mirrored (node v at n − 1 − v, as ArcLoads mirrors them) by arithmetic rather than a branch,
 * so both directions run the same instructions (a branch first taken after the loop got optimised
 * would bail out).
 */
function fillFrame(n: number, arcs: ArcBundles, dir: 1 | -1, frame: Frame): number {
  const { ids, start, len } = frame;
  const mirror = dir > 0 ? 0 : n - 1;
  let m = 0;
  for (let b = 0; b < arcs.count; b++) {
    const h = arcs.hops[b] * dir;
    if (h <= 0) continue;
    ids[m] = b;
    start[m] = mirror + dir * arcs.src[b];
    len[m] = h;
    m++;
  }
  return m;
}

function colourDirection(
  n: number,
  arcs: ArcBundles,
  runs: RunsBuilder | null,
  dir: 1 | -1,
  loads: ArcLoads,
): DirectionResult {
  const frame = directionFrame(n, arcs, dir);
  if (!frame) return { load: 0, colours: 0 };
  const { ids, start, len } = frame;
  const m = ids.length;
  const { load, links: busiest } = loads.busiestLinks(dir > 0);
  let colours = sweep(n, arcs, runs, ids, start, len);
  // When the first cut falls short of the load, try cutting at a few of the busiest links (their arcs
  // then all start with colours of their own) and keep the best colouring.
  const tries = [
    busiest[0],
    busiest[busiest.length - 1],
    busiest[busiest.length >> 1],
    busiest[busiest.length >> 2],
  ];
  const tried = new Set<number>([n - 1]);
  const moved = new Int32Array(m);
  for (const cut of tries) {
    if (colours <= load || tried.has(cut)) continue;
    tried.add(cut);
    const shift = n - 1 - cut;
    for (let i = 0; i < m; i++) moved[i] = (start[i] + shift) % n;
    const trial = runs ? new RunsBuilder(arcs.count) : null;
    const again = sweep(n, arcs, trial, ids, moved, len);
    if (again < colours) {
      colours = again;
      if (runs && trial) for (let i = 0; i < m; i++) runs.copy(ids[i], trial);
    }
  }
  return { load, colours };
}

/**
 * One sweep of the colouring for arcs in the clockwise frame; returns the colours used.
 *
 * Each pass over the arcs is a function of its own: V8 optimises a long loop while it runs, and code
 * after such a loop in the same function would have no type feedback yet, so the optimised code would
 * bail out there and start over (a cold build paid tens of milliseconds for that).
 */
function sweep(
  n: number,
  arcs: ArcBundles,
  runs: RunsBuilder | null,
  ids: Int32Array,
  start: Int32Array,
  len: Int32Array,
): number {
  // 2. (below) visits the intervals ordered by start, longest first: two stable counting sorts.
  const order = intervalOrder(n, start, len);
  if (!anyCrossing(n, start, len)) return sweepLine(n, arcs, runs, ids, start, len, order);
  const table = new ColourTable();
  // Colours released at each node (linked through table.next): free again when the sweep gets there.
  const pendingHead = new Int32Array(n + 1).fill(-1);
  colourCrossings(n, arcs, runs, ids, start, len, table, pendingHead);
  colourIntervals(n, arcs, runs, ids, start, len, order, table, pendingHead);
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
  n: number,
  arcs: ArcBundles,
  runs: RunsBuilder | null,
  ids: Int32Array,
  start: Int32Array,
  len: Int32Array,
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
  n: number,
  arcs: ArcBundles,
  runs: RunsBuilder | null,
  ids: Int32Array,
  start: Int32Array,
  len: Int32Array,
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
  n: number,
  arcs: ArcBundles,
  out: RunsBuilder | null,
  ids: Int32Array,
  start: Int32Array,
  len: Int32Array,
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

/** Growable pool of colour runs [first, first + size) with a link each. */
class RunPool {
  first = new Int32Array(256);
  size = new Int32Array(256);
  next = new Int32Array(256);
  count = 0;
  add(first: number, size: number): number {
    if (this.count === this.first.length) {
      this.first = resized(this.first, 2 * this.count);
      this.size = resized(this.size, 2 * this.count);
      this.next = resized(this.next, 2 * this.count);
    }
    this.first[this.count] = first;
    this.size[this.count] = size;
    return this.count++;
  }
}
