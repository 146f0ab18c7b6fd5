/**
 * Fast checks of whole steps of ring arcs on exclusive WDM-ring links (one-stage, OpTree, WRHT, …),
 * used by the verifier before its link-by-link check.
 *
 * Checking wavelength clashes link by link costs the sum of the route lengths: hundreds of millions of
 * link uses for the one-stage model on 1024 nodes. Here the step's total route length picks one of two
 * checks, and each vets every transfer (ids, channel range) and counts its link loads on the way:
 * - a step of long arcs is vetted in one pass, then checked by sorting its arcs per (direction,
 *   wavelength) and comparing neighbours: arcs on a circle are disjoint exactly when each ends before
 *   the next begins;
 * - a step of short arcs in one tight pass over a bitmap of the step's (direction, position,
 *   wavelength) cells, 32 wavelengths to a word: a run of lightpaths along the same arc on consecutive
 *   wavelengths (how the staged builders emit a bundle) is vetted and checked with one word operation
 *   per link.
 *
 * Only a step found clean is accepted, with the totals the link-by-link check would have counted; any
 * doubt (a clash, a bad id, a bad channel) returns null and the verifier checks the step link by link,
 * so its reports are the same either way (ring-arc-sort.test.ts compares them, faults included).
 *
 * Hot loops are written so that nothing after them runs for the first time in optimised code (V8 would
 * bail out there, once per step).
 */
import { ArcLoads } from '../model/arc-loads';
import type { SignedArray } from '../model/columns';
import type { BlockLists, Schedule } from '../model/schedule';
import type { Topology } from '../model/topology';

/** What a clean step adds to the verifier's counts and usage. */
export interface ArcStepTotals {
  transfers: number;
  /** Sum of the route lengths. */
  linkUses: number;
  /** Blocks carried, summed over the transfers. */
  blocks: number;
  /** Most blocks on one transfer. */
  maxBlocks: number;
  longest: number;
  /** Highest channel used, plus one. */
  channels: number;
  /** Most transfers on one directed link, and most blocks. */
  load: number;
  blockLoad: number;
}

/** Sort keys pack (direction, wavelength, start) above the arc's index within its step. */
const LOCAL = 2 ** 21;
/** Largest bitmap (words) the short-arc check keeps. */
const MAX_BITMAP_WORDS = 1 << 22;

/** Σ |hops| over transfers t0 … t1 − 1 (a tight pass before any vetting, to choose the check). */
function sumOfLengths(arcs: SignedArray, t0: number, t1: number): number {
  let sum = 0;
  for (let t = t0; t < t1; t++) sum += arcs[t] > 0 ? arcs[t] : -arcs[t];
  return sum;
}

export class RingArcSteps {
  private readonly totals: ArcStepTotals = {
    transfers: 0,
    linkUses: 0,
    blocks: 0,
    maxBlocks: 0,
    longest: 0,
    channels: 0,
    load: 0,
    blockLoad: 0,
  };
  private readonly loads: ArcLoads;
  /**
   * The run of transfers along one arc that the vetting pass has not added to the loads yet: its
   * first transfer, and the step's block total before it.
   */
  private readonly run = { u: -1, h: 0, from: 0, blocksBefore: 0 };
  private sortKeys = new Float64Array(1024);
  private readonly wordsPerPos: number;
  private readonly bits: Int32Array | null;

  /**
   * The fast checks for a schedule of ring arcs ending at their receivers on a ring whose links all
   * carry W exclusive wavelengths, with no circuits or port limits; null for any other schedule.
   */
  static of(s: Schedule, topo: Topology, W: number): RingArcSteps | null {
    if (s.path.kind !== 'ring-arc' || s.receivers.kind !== 'path-end' || s.activeLinks || s.ports)
      return null;
    if (!topo.linkChannels.every((c) => c === W) || !topo.linkShared.every((x) => x === 0)) return null;
    if (2 * W * topo.nodeCount >= 2 ** 31) return null;
    const tb = s.transferBlocks;
    if (tb.kind === 'pairs' || tb.kind === 'ranges') return null;
    return new RingArcSteps(s, tb, s.path.hops, topo.nodeCount, W);
  }

  private constructor(
    private readonly s: Schedule,
    private readonly blocks: BlockLists,
    private readonly arcs: SignedArray,
    private readonly ringSize: number,
    private readonly W: number,
  ) {
    this.loads = new ArcLoads(ringSize, blocks.offsets !== null);
    this.wordsPerPos = (W + 31) >>> 5;
    const words = 2 * ringSize * this.wordsPerPos;
    this.bits = words <= MAX_BITMAP_WORDS ? new Int32Array(words) : null;
  }

  /** The step's totals when a fast check finds it clean (the object is reused); null: check it link by link. */
  check(step: number): ArcStepTotals | null {
    const a0 = this.s.stepStart[step - 1];
    const a1 = this.s.stepStart[step];
    const count = a1 - a0;
    const t = this.totals;
    t.blocks = 0;
    t.maxBlocks = 0;
    t.longest = 0;
    t.channels = 0;
    this.loads.reset();
    // Long arcs are vetted, then sorted; short ones are vetted while they are marked in the bitmap.
    const lengths = sumOfLengths(this.arcs, a0, a1);
    const long = count >= 2 && count < LOCAL && lengths >= 8 * count * Math.log2(count + 1);
    if (long) {
      const run = this.run;
      run.u = -1;
      run.from = a0;
      if (this.vet(a0, a1) < 0) return null;
      if (a1 > run.from) this.loads.add(run.u, run.h, a1 - run.from, t.blocks - run.blocksBefore);
      if (!this.sortedClean(a0, a1)) return null;
    } else if (this.bits === null || !this.shortClean(a0, a1)) return null;
    this.loads.finish();
    t.transfers = count;
    t.linkUses = lengths;
    t.load = this.loads.load;
    t.blockLoad = this.loads.blocks;
    return t;
  }

  /**
   * The vetting pass: checks and tallies every transfer and adds it to the loads, a run of transfers
   * along the same arc at once; returns the sum of lengths, or −1 when a transfer needs the full check.
   * The last run is left in `run` for the caller to add (nothing follows the loop; see the header).
   */
  private vet(a0: number, a1: number): number {
    const { s, arcs, ringSize, W, loads, totals, run } = this;
    const src = s.src;
    const channel = s.channel;
    const n = s.nodeCount;
    const B = s.blocks.count;
    const { offsets, ids } = this.blocks;
    let lengths = 0;
    for (let t = a0; t < a1; t++) {
      const h = arcs[t];
      const ch = channel[t];
      const u = src[t];
      if (u >= n || h === 0 || h >= ringSize || -h >= ringSize || ch >= W) return -1;
      const b0 = offsets ? offsets[t] : t;
      const b1 = offsets ? offsets[t + 1] : t + 1;
      for (let k = b0; k < b1; k++) if (ids[k] >= B) return -1;
      const carried = b1 - b0;
      if (carried > totals.maxBlocks) totals.maxBlocks = carried;
      const len = h > 0 ? h : -h;
      if (len > totals.longest) totals.longest = len;
      if (ch >= totals.channels) totals.channels = ch + 1;
      lengths += len;
      // A new arc closes the run before it (a run's transfers need no work of their own here: a
      // branch first taken after the loop got optimised would make it bail out).
      if (u !== run.u || h !== run.h) {
        if (t > run.from) loads.add(run.u, run.h, t - run.from, totals.blocks - run.blocksBefore);
        run.u = u;
        run.h = h;
        run.from = t;
        run.blocksBefore = totals.blocks;
      }
      totals.blocks += carried;
    }
    return lengths;
  }

  /** Long arcs: sorted per (direction, wavelength), each must end before the next begins. */
  private sortedClean(a0: number, a1: number): boolean {
    const { s, arcs, ringSize, W } = this;
    const count = a1 - a0;
    if (this.sortKeys.length < count) this.sortKeys = new Float64Array(count);
    const keys = this.sortKeys.subarray(0, count);
    for (let t = a0; t < a1; t++) {
      const u = s.src[t];
      const h = arcs[t];
      const dir = h > 0 ? 0 : 1;
      const start = h > 0 ? u : ringSize - 1 - u;
      keys[t - a0] = ((dir * W + s.channel[t]) * ringSize + start) * LOCAL + (t - a0);
    }
    keys.sort();
    let group = -1;
    let firstStart = 0;
    let prevEnd = 0;
    for (let i = 0; i <= count; i++) {
      const key = i < count ? keys[i] : -1;
      const pos = i < count ? Math.floor(key / LOCAL) : -1;
      const g = i < count ? Math.floor(pos / ringSize) : -1;
      if (g !== group) {
        // Close the previous group: its last arc must not wrap onto its first.
        if (group >= 0 && prevEnd - ringSize > firstStart) return false;
        if (i === count) break;
        group = g;
        firstStart = pos - g * ringSize;
        prevEnd = -1;
      }
      const start = pos - g * ringSize;
      if (start < prevEnd) return false;
      const h = arcs[a0 + (key - pos * LOCAL)];
      prevEnd = start + (h > 0 ? h : -h);
    }
    return true;
  }

  /**
   * Short arcs: every cell they cover marked once in the step's bitmap, runs a word at a time, each
   * run vetted (ids, channels, totals, loads) as it is marked.
   */
  private shortClean(a0: number, a1: number): boolean {
    const { s, arcs, ringSize, wordsPerPos, W, loads, totals } = this;
    const bits = this.bits!;
    const src = s.src;
    const channel = s.channel;
    const n = s.nodeCount;
    const offsets = this.blocks.offsets;
    bits.fill(0);
    for (let t = a0; t < a1;) {
      const u = src[t];
      const h = arcs[t];
      const ch = channel[t];
      if (u >= n || h === 0 || h >= ringSize || -h >= ringSize || ch >= W) return false;
      // The run: following lightpaths on the same arc, on the next wavelengths of the same word.
      let k = 1;
      while (
        t + k < a1 &&
        arcs[t + k] === h &&
        src[t + k] === u &&
        channel[t + k] === ch + k &&
        ((ch + k) & 31) !== 0
      )
        k++;
      if (ch + k > W || !this.blocksSound(t, t + k)) return false;
      const len = h > 0 ? h : -h;
      if (len > totals.longest) totals.longest = len;
      if (ch + k > totals.channels) totals.channels = ch + k;
      const blocks = offsets ? offsets[t + k] - offsets[t] : k;
      totals.blocks += blocks;
      loads.add(u, h, k, blocks);
      const mask = (0xffffffff >>> (32 - k)) << (ch & 31);
      // Counter-clockwise arcs are mirrored (node v at position ringSize − 1 − v) into the second
      // half of the bitmap, so every arc covers positions first … first + len − 1, wrapping once at most.
      const base = (h > 0 ? 0 : ringSize * wordsPerPos) + (ch >>> 5);
      const first = h > 0 ? u : ringSize - 1 - u;
      const end = first + len;
      const wrap = end > ringSize ? end - ringSize : 0;
      // Up to the end of the ring, then (an arc over the cut) on from its start. One loop serves both
      // pieces: a loop that ran only for the rare wrapping arc would make the optimised code bail out
      // each time one comes along.
      let i = base + first * wordsPerPos;
      let stop = base + (end - wrap) * wordsPerPos;
      for (let piece = 0; piece < 2; piece++) {
        for (; i < stop; i += wordsPerPos) {
          if ((bits[i] & mask) !== 0) return false;
          bits[i] |= mask;
        }
        i = base;
        stop = base + wrap * wordsPerPos;
      }
      t += k;
    }
    return true;
  }

  /** Block ids of transfers t0 … t1 − 1 all exist; records the most blocks on one of them. */
  private blocksSound(t0: number, t1: number): boolean {
    const { s, totals } = this;
    const B = s.blocks.count;
    const { offsets, ids } = this.blocks;
    const b0 = offsets ? offsets[t0] : t0;
    const b1 = offsets ? offsets[t1] : t1;
    for (let k = b0; k < b1; k++) if (ids[k] >= B) return false;
    if (offsets)
      for (let t = t0; t < t1; t++)
        if (offsets[t + 1] - offsets[t] > totals.maxBlocks) totals.maxBlocks = offsets[t + 1] - offsets[t];
    if (!offsets && t1 > t0 && totals.maxBlocks < 1) totals.maxBlocks = 1;
    return true;
  }
}
