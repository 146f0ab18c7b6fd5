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
 * The sparse form, block by block. A counting sort groups the schedule's block references by block
 * (in schedule order within each block); then each block's holder list is built in one small scratch
 * list by walking its own references: the sender must already hold it (before the transfer's step),
 * and every receiver not yet on the list joins it with that step. The transfers' columns (sender,
 * step, receivers) are small enough to stay in cache, so memory is touched almost only in sequence;
 * the two scattered passes are the counting sort's. Arrival events are then bucketed by step, and
 * unheld sends are reported in schedule order, as the dense replay reports them.
 */
function replaySparse(s: Schedule, topo: Topology, onUnheld?: UnheldSend): Holdings {
  const n = s.nodeCount;
  const B = s.blocks.count;
  const S = s.stepCount;
  // The transfers of steps 1 … S (columns may run longer, e.g. a schedule cut short).
  const T = S > 0 ? s.stepStart[S] : 0;
  const wide = S >= 0xffff;
  const never = wide ? 0xffffffff : 0xffff;
  const ids = s.transferBlocks.ids;
  const blockOffsets = s.transferBlocks.offsets;
  const src = s.src;

  // Per transfer: its step and its receivers (one CSR whatever the receiver encoding).
  const stepOf = wide ? new Uint32Array(T) : new Uint16Array(T);
  for (let st = 1; st <= S; st++) stepOf.fill(st, s.stepStart[st - 1], s.stepStart[st]);
  let rxStart: Uint32Array;
  let rxNode: IndexArray | Uint32Array;
  if (s.receivers.kind === 'list') {
    rxStart = s.receivers.offsets;
    rxNode = s.receivers.nodes;
  } else {
    rxStart = new Uint32Array(T + 1);
    const one = new Uint32Array(Math.max(1, n));
    const nodes: number[] = [];
    for (let t = 0; t < T; t++) {
      const nr = receiversOf(s, topo, t, one);
      for (let r = 0; r < nr; r++) nodes.push(one[r]);
      rxStart[t + 1] = nodes.length;
    }
    rxNode = Uint32Array.from(nodes);
  }

  // Counting sort of the references by block; the capacity of the holder lists on the way.
  const first = new Uint32Array(B + 1);
  let capacity = B;
  for (let t = 0; t < T; t++) {
    const b0 = blockOffsets ? blockOffsets[t] : t;
    const b1 = blockOffsets ? blockOffsets[t + 1] : t + 1;
    const nr = rxStart[t + 1] - rxStart[t];
    for (let k = b0; k < b1; k++) first[ids[k] + 1]++;
    capacity += (b1 - b0) * nr;
  }
  if (capacity > MAX_SPARSE_ENTRIES)
    throw new RangeError(`holdings need more than ${MAX_SPARSE_ENTRIES} (block, holder) entries`);
  for (let b = 0; b < B; b++) first[b + 1] += first[b];
  const next = first.slice(0, Math.max(1, B));
  const refTransfer = new Uint32Array(Math.max(1, first[B]));
  for (let t = 0; t < T; t++) {
    const b0 = blockOffsets ? blockOffsets[t] : t;
    const b1 = blockOffsets ? blockOffsets[t + 1] : t + 1;
    for (let k = b0; k < b1; k++) refTransfer[next[ids[k]]++] = t;
  }

  // Holder lists, block by block.
  const start = new Uint32Array(B + 1);
  let node = indexArray(Math.max(1, capacity), n);
  let arrivedAt: Uint16Array | Uint32Array = wide
    ? new Uint32Array(Math.max(1, capacity))
    : new Uint16Array(Math.max(1, capacity));
  const perStep = new Uint32Array(S + 2);
  const unheldT: number[] = [];
  const unheldB: number[] = [];
  const origin = s.blocks.origin;
  let at = 0;
  for (let b = 0; b < B; b++) {
    const a = at;
    start[b] = a;
    node[at] = origin[b];
    arrivedAt[at++] = 0;
    for (let r = first[b]; r < first[b + 1]; r++) {
      const t = refTransfer[r];
      const st = stepOf[t];
      if (onUnheld) {
        const u = src[t];
        let held = false;
        for (let i = a; i < at; i++)
          if (node[i] === u && arrivedAt[i] < st) {
            held = true;
            break;
          }
        if (!held) {
          unheldT.push(t);
          unheldB.push(b);
        }
      }
      for (let q = rxStart[t]; q < rxStart[t + 1]; q++) {
        const v = rxNode[q];
        let known = false;
        for (let i = a; i < at; i++)
          if (node[i] === v) {
            known = true;
            break;
          }
        if (!known) {
          node[at] = v;
          arrivedAt[at++] = st;
          perStep[st]++;
        }
      }
    }
  }
  start[B] = at;
  node = node.subarray(0, at) as IndexArray;
  arrivedAt = arrivedAt.subarray(0, at);

  // Arrival events in step order (origins first, in block order, as the dense replay has them).
  const log = new EventLog(n, at, S);
  for (let b = 0; b < B; b++) log.add(origin[b]);
  log.endStep(0);
  if (S > 0) {
    const bucket = new Uint32Array(S + 2);
    for (let st = 1; st <= S; st++) bucket[st + 1] = bucket[st] + perStep[st];
    const byStep = indexArray(Math.max(1, at - B), n);
    for (let i = 0; i < at; i++) {
      const st = arrivedAt[i];
      if (st > 0) byStep[bucket[st]++] = node[i];
    }
    let e = 0;
    for (let st = 1; st <= S; st++) {
      for (const end = e + perStep[st]; e < end; e++) log.add(byStep[e]);
      log.endStep(st);
    }
  }

  // Unheld sends in schedule order: by transfer, then by the block's place in the transfer.
  if (onUnheld && unheldT.length) {
    const place = (i: number) => {
      const t = unheldT[i];
      const b0 = blockOffsets ? blockOffsets[t] : t;
      const b1 = blockOffsets ? blockOffsets[t + 1] : t + 1;
      for (let k = b0; k < b1; k++) if (ids[k] === unheldB[i]) return k;
      return b1;
    };
    const order = unheldT.map((_, i) => i);
    const key = order.map(place);
    order.sort((x, y) => unheldT[x] - unheldT[y] || key[x] - key[y]);
    for (const i of order) onUnheld(stepOf[unheldT[i]], unheldT[i], unheldB[i]);
  }

  return {
    nodeCount: n,
    blockCount: B,
    stepCount: S,
    never,
    arrival: wide ? new Uint32Array(0) : new Uint16Array(0),
    sparse: { start, node, step: arrivedAt },
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
