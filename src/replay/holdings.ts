import { indexArray, type IndexArray } from '../model/columns';
import type { Schedule } from '../model/schedule';
import { receiversOf } from '../model/paths';
import type { Topology } from '../model/topology';

/**
 * What every node holds after any step, computed in one pass over the schedule.
 *
 * - `arrival[node * blockCount + block]` is the step after which the node first holds the block
 *   (0 = from the start), or `never`. So "does node n hold block b after step s" is one comparison,
 *   and jumping to any step needs no replay.
 * - Arrival events (which node gained a block, grouped by step) plus periodic snapshots of per-node
 *   counts give the number of blocks each node holds after any step in time proportional to the
 *   events since the nearest snapshot, forwards or backwards.
 */
export interface Holdings {
  nodeCount: number;
  blockCount: number;
  stepCount: number;
  never: number;
  /** Dense first-arrival table, node-major; empty when `sparse` holds the arrivals instead. */
  arrival: Uint16Array | Uint32Array;
  /**
   * Holders per block, used instead of `arrival` when a dense table would be too big (personalised
   * blocks, e.g. multi-scatter: P(P−1) blocks, each held by a few nodes): block b's holders are
   * `node[start[b] .. start[b+1])`, in the order they got it, with the step each got it in.
   * Read through `holds` / `arrivalOf`, which serve both forms.
   */
  sparse?: SparseArrivals;
  /** Events of step s (0 = initial holdings) are eventNode[eventStart[s] .. eventStart[s+1]). */
  eventStart: Uint32Array;
  eventNode: IndexArray;
  /** Snapshot i: counts after step snapshotStep[i], in snapshotCounts[i*nodeCount ..]. */
  snapshotStep: Uint32Array;
  snapshotCounts: Uint32Array;
}

export interface SparseArrivals {
  start: Uint32Array;
  node: IndexArray;
  step: Uint16Array | Uint32Array;
}

/** Called for every block a transfer sends without holding it at the start of the step. */
export type UnheldSend = (step: number, transfer: number, block: number) => void;

/** Dense holdings need nodes × blocks cells; past this the replay keeps per-block holder lists. */
export const MAX_HOLDING_CELLS = 1 << 28;

/** Most (block, holder) entries the sparse form keeps. */
export const MAX_SPARSE_ENTRIES = 1 << 28;

/** Events between count snapshots (bounds the work of one `heldCounts` call). */
const SNAPSHOT_EVERY = 1 << 16;

/** `auto`: the dense table when it fits MAX_HOLDING_CELLS, else holder lists. */
export type HoldingsForm = 'auto' | 'dense' | 'sparse';

/**
 * Replays the schedule from the initial holdings (each block at its origin). Sends of unheld blocks
 * are reported to `onUnheld` and still delivered, so one fault does not hide the rest.
 */
export function replay(
  s: Schedule,
  topo: Topology,
  onUnheld?: UnheldSend,
  form: HoldingsForm = 'auto',
): Holdings {
  const cells = s.nodeCount * s.blocks.count;
  if (form === 'sparse' || (form === 'auto' && cells > MAX_HOLDING_CELLS))
    return replaySparse(s, topo, onUnheld);
  if (cells > MAX_HOLDING_CELLS)
    throw new RangeError(
      `holdings need ${s.nodeCount} × ${s.blocks.count} cells; the limit is ${MAX_HOLDING_CELLS}`,
    );
  return replayDense(s, topo, onUnheld);
}

/** Arrival events and per-node count snapshots, recorded the same way by both forms. */
class EventLog {
  readonly counts: Uint32Array;
  readonly eventStart: Uint32Array;
  private readonly eventNode: IndexArray;
  private events = 0;
  private readonly snapshotStep: number[] = [];
  private readonly snapshotCounts: Uint32Array[] = [];
  private sinceSnapshot = 0;

  constructor(
    private readonly n: number,
    capacity: number,
    private readonly steps: number,
  ) {
    this.counts = new Uint32Array(n);
    this.eventStart = new Uint32Array(steps + 2);
    this.eventNode = indexArray(Math.max(1, capacity), n);
  }

  add(node: number): void {
    this.eventNode[this.events++] = node;
    this.counts[node]++;
  }

  /** Closes step `step` (0 = the initial holdings). */
  endStep(step: number): void {
    this.eventStart[step + 1] = this.events;
    if (step === 0) {
      this.snapshotStep.push(0);
      this.snapshotCounts.push(this.counts.slice());
      return;
    }
    this.sinceSnapshot += this.events - this.eventStart[step];
    // Also after the last step: a big final step (gossip delivers most blocks there) would otherwise
    // make every count of the end state replay it.
    if (this.sinceSnapshot >= SNAPSHOT_EVERY) {
      this.snapshotStep.push(step);
      this.snapshotCounts.push(this.counts.slice());
      this.sinceSnapshot = 0;
    }
  }

  finish(): Pick<Holdings, 'eventStart' | 'eventNode' | 'snapshotStep' | 'snapshotCounts'> {
    const n = this.n;
    const flat = new Uint32Array(this.snapshotCounts.length * n);
    this.snapshotCounts.forEach((c, i) => flat.set(c, i * n));
    return {
      eventStart: this.eventStart,
      eventNode: this.eventNode.subarray(0, this.events) as IndexArray,
      snapshotStep: Uint32Array.from(this.snapshotStep),
      snapshotCounts: flat,
    };
  }
}

function replayDense(s: Schedule, topo: Topology, onUnheld?: UnheldSend): Holdings {
  const n = s.nodeCount;
  const B = s.blocks.count;
  const cells = n * B;
  const S = s.stepCount;
  const wide = S >= 0xffff;
  const never = wide ? 0xffffffff : 0xffff;
  const arrival = wide ? new Uint32Array(cells) : new Uint16Array(cells);
  arrival.fill(never);
  // Each (node, block) cell gains its block at most once, so `cells` events always suffice.
  const log = new EventLog(n, cells, S);

  const origin = s.blocks.origin;
  for (let b = 0; b < B; b++) {
    const o = origin[b];
    arrival[o * B + b] = 0;
    log.add(o);
  }
  log.endStep(0);

  const rx = new Uint32Array(Math.max(1, n));
  const ids = s.transferBlocks.ids;
  const blockOffsets = s.transferBlocks.offsets;
  const arcEnds = s.path.kind === 'ring-arc' && s.receivers.kind === 'path-end' ? s.path.hops : null;
  for (let step = 1; step <= S; step++) {
    const end = s.stepStart[step];
    for (let t = s.stepStart[step - 1]; t < end; t++) {
      const u = s.src[t];
      const b0 = blockOffsets ? blockOffsets[t] : t;
      const b1 = blockOffsets ? blockOffsets[t + 1] : t + 1;
      let nr: number;
      if (arcEnds) {
        // Fast path for ring arcs: the one receiver is where the arc ends.
        const e = u + arcEnds[t];
        rx[0] = e >= n ? e - n : e < 0 ? e + n : e;
        nr = 1;
      } else nr = receiversOf(s, topo, t, rx);
      for (let k = b0; k < b1; k++) {
        const b = ids[k];
        if (arrival[u * B + b] >= step && onUnheld) onUnheld(step, t, b);
        for (let r = 0; r < nr; r++) {
          const cell = rx[r] * B + b;
          if (arrival[cell] > step) {
            arrival[cell] = step;
            log.add(rx[r]);
          }
        }
      }
    }
    log.endStep(step);
  }
  return { nodeCount: n, blockCount: B, stepCount: S, never, arrival, ...log.finish() };
}

/**
 * The sparse form: one pass counts the deliveries of each block (an upper bound on its holders), a
 * second fills each block's holder list, skipping nodes already on it, and a last pass packs the
 * lists into `SparseArrivals`. While filling, a list entry is one number (node · 2¹⁶ + step, or a
 * float when that does not fit 32 bits) and each block's list bounds sit side by side, so a block
 * costs about two cache misses: the replay is bound by memory, not by arithmetic.
 */
function replaySparse(s: Schedule, topo: Topology, onUnheld?: UnheldSend): Holdings {
  const n = s.nodeCount;
  const B = s.blocks.count;
  const S = s.stepCount;
  const wide = S >= 0xffff;
  const never = wide ? 0xffffffff : 0xffff;
  const ids = s.transferBlocks.ids;
  const blockOffsets = s.transferBlocks.offsets;
  const rx = new Uint32Array(Math.max(1, n));
  const rxOffsets = s.receivers.kind === 'list' ? s.receivers.offsets : null;

  // bounds[2b] = first entry of block b's list, bounds[2b+1] = one past its last entry so far.
  const bounds = new Uint32Array(2 * B);
  const counted = new Uint32Array(B);
  counted.fill(1); // the origin
  for (let t = 0; t < s.transferCount; t++) {
    const nr = rxOffsets ? rxOffsets[t + 1] - rxOffsets[t] : 1;
    const b0 = blockOffsets ? blockOffsets[t] : t;
    const b1 = blockOffsets ? blockOffsets[t + 1] : t + 1;
    for (let k = b0; k < b1; k++) counted[ids[k]] += nr;
  }
  let capacity = 0;
  for (let b = 0; b < B; b++) {
    bounds[2 * b] = bounds[2 * b + 1] = capacity;
    capacity += counted[b];
    if (capacity > MAX_SPARSE_ENTRIES)
      throw new RangeError(`holdings need more than ${MAX_SPARSE_ENTRIES} (block, holder) entries`);
  }
  const packed = n <= 0x10000 && !wide;
  const SHIFT = packed ? 0x10000 : 0x100000000;
  const entry = packed ? new Uint32Array(Math.max(1, capacity)) : new Float64Array(Math.max(1, capacity));
  const log = new EventLog(n, capacity, S);

  let scratch = new Uint32Array(1024);
  let sink = 0;
  const origin = s.blocks.origin;
  for (let b = 0; b < B; b++) {
    entry[bounds[2 * b + 1]++] = origin[b] * SHIFT;
    log.add(origin[b]);
  }
  log.endStep(0);

  for (let step = 1; step <= S; step++) {
    const end = s.stepStart[step];
    for (let t = s.stepStart[step - 1]; t < end; t++) {
      const u = s.src[t];
      const b0 = blockOffsets ? blockOffsets[t] : t;
      const b1 = blockOffsets ? blockOffsets[t + 1] : t + 1;
      const nr = receiversOf(s, topo, t, rx);
      // Entries of u before this step lie in [u·SHIFT, u·SHIFT + step).
      const uLow = u * SHIFT;
      const uHigh = uLow + step;
      // Memory-level parallelism: first read every block's bounds and first entry with independent
      // loads (the processor overlaps their cache misses), then work on lines already in cache.
      if (b1 - b0 > scratch.length) scratch = new Uint32Array(2 * (b1 - b0));
      let warm = 0;
      for (let k = b0; k < b1; k++) scratch[k - b0] = bounds[2 * ids[k]];
      for (let k = b0; k < b1; k++) warm += entry[scratch[k - b0]];
      sink += warm;
      for (let k = b0; k < b1; k++) {
        const b = ids[k];
        const a = scratch[k - b0];
        let e = bounds[2 * b + 1];
        if (onUnheld) {
          let held = false;
          for (let i = a; i < e; i++) {
            const x = entry[i];
            if (x >= uLow && x < uHigh) {
              held = true;
              break;
            }
          }
          if (!held) onUnheld(step, t, b);
        }
        for (let r = 0; r < nr; r++) {
          const v = rx[r];
          const vLow = v * SHIFT;
          const vHigh = vLow + SHIFT;
          let known = false;
          for (let i = a; i < e; i++) {
            const x = entry[i];
            if (x >= vLow && x < vHigh) {
              known = true;
              break;
            }
          }
          if (!known) {
            entry[e++] = vLow + step;
            log.add(v);
          }
        }
        bounds[2 * b + 1] = e;
      }
    }
    log.endStep(step);
  }

  if (sink < 0) throw new Error('unreachable'); // keeps the warming loads from being optimised away
  // Unpack into holder lists without gaps.
  let total = 0;
  for (let b = 0; b < B; b++) total += bounds[2 * b + 1] - bounds[2 * b];
  const start = new Uint32Array(B + 1);
  const node = indexArray(Math.max(1, total), n);
  const arrivedAt = wide ? new Uint32Array(Math.max(1, total)) : new Uint16Array(Math.max(1, total));
  let at = 0;
  if (entry instanceof Uint32Array) {
    // Packed: node in the high 16 bits, step in the low 16.
    for (let b = 0; b < B; b++) {
      start[b] = at;
      const end = bounds[2 * b + 1];
      for (let i = bounds[2 * b]; i < end; i++) {
        const x = entry[i];
        node[at] = x >>> 16;
        arrivedAt[at++] = x & 0xffff;
      }
    }
  } else
    for (let b = 0; b < B; b++) {
      start[b] = at;
      for (let i = bounds[2 * b]; i < bounds[2 * b + 1]; i++) {
        const x = entry[i];
        const v = Math.floor(x / SHIFT);
        node[at] = v;
        arrivedAt[at++] = x - v * SHIFT;
      }
    }
  start[B] = at;
  return {
    nodeCount: n,
    blockCount: B,
    stepCount: S,
    never,
    arrival: wide ? new Uint32Array(0) : new Uint16Array(0),
    sparse: {
      start,
      node: node.subarray(0, at) as IndexArray,
      step: arrivedAt.subarray(0, at) as Uint16Array | Uint32Array,
    },
    ...log.finish(),
  };
}

/** The step after which `node` first holds `block` (0 = from the start), or `h.never`. */
export function arrivalOf(h: Holdings, node: number, block: number): number {
  const sp = h.sparse;
  if (!sp) return h.arrival[node * h.blockCount + block];
  for (let i = sp.start[block]; i < sp.start[block + 1]; i++) if (sp.node[i] === node) return sp.step[i];
  return h.never;
}

/** Does `node` hold `block` after step `step` (0 = initially)? */
export function holds(h: Holdings, node: number, block: number, step: number): boolean {
  return arrivalOf(h, node, block) <= step;
}

/** Number of blocks each node holds after step `step`, written into `out` (length nodeCount). */
export function heldCounts(
  h: Holdings,
  step: number,
  out: Uint32Array = new Uint32Array(h.nodeCount),
): Uint32Array {
  const st = Math.max(0, Math.min(step, h.stepCount));
  // Last snapshot at or before st (snapshots are sorted by step).
  let lo = 0;
  let hi = h.snapshotStep.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (h.snapshotStep[mid] <= st) lo = mid;
    else hi = mid - 1;
  }
  const n = h.nodeCount;
  out.set(h.snapshotCounts.subarray(lo * n, lo * n + n));
  const from = h.eventStart[h.snapshotStep[lo] + 1];
  const to = h.eventStart[st + 1];
  for (let e = from; e < to; e++) out[h.eventNode[e]]++;
  return out;
}

/** Nodes that gained at least one block in step `step`, with how many they gained. */
export function arrivalsInStep(h: Holdings, step: number): Map<number, number> {
  const m = new Map<number, number>();
  if (step < 1 || step > h.stepCount) return m;
  for (let e = h.eventStart[step]; e < h.eventStart[step + 1]; e++) {
    const v = h.eventNode[e];
    m.set(v, (m.get(v) ?? 0) + 1);
  }
  return m;
}
