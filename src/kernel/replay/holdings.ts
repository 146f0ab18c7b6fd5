import {
  pairDestination,
  pairSource,
  rectHas,
  rectHasDestination,
  rectIds,
  rectProblem,
  rectSize,
  rectsMeet,
  type PairGrid,
} from '../model/block-pairs';
import { indexArray, type IndexArray } from '../model/columns';
import { receiversOf } from '../model/paths';
import { withBlockLists, type ListSchedule, type Schedule } from '../model/schedule';
import type { Topology } from '../model/topology';

/**
 * What every node holds after any step, computed in one pass over the schedule. A node holds a block
 * from the step it first receives it on (a relay that passes a block on keeps counting as having held
 * it; for forwarded blocks `location` gives where a block is now).
 *
 * Two representations answer the same questions (`holds`, `firstArrival`, `location`, `heldCounts`,
 * `arrivalsInStep`):
 *
 * - `dense`: `arrival[node * blockCount + block]` is the step after which the node first holds the
 *   block (0 = from the start), or `never`. One comparison per question; nodes × blocks cells.
 * - `sparse`: per block, the list of (node, step) first arrivals in step order. Personalised blocks
 *   (all-to-all: one destination each, forwarded rather than copied) visit only the few nodes of their
 *   route, so this needs blocks + deliveries entries instead of nodes × blocks: ReTri on 2187 nodes has
 *   4.8 million blocks, which would need 10.5 billion dense cells but only 27 million visits.
 *
 * - `route`: for pair-rectangle schedules (block-pairs.ts) that forward every block along one route,
 *   only where each block is at the end; any other question walks the block's route through the
 *   schedule's own rectangles (a few transfers per step). Multi-scatter on 4096 processors keeps
 *   33.5 MB here instead of 168 MB of visit slots, and its replay writes one word per block moved.
 *
 * All keep arrival events grouped by step plus periodic snapshots of per-node counts, so the number
 * of blocks each node holds after any step costs time proportional to the events since the nearest
 * snapshot before it; schedules of few steps keep a snapshot after every step and no events.
 */
interface HoldingsBase {
  nodeCount: number;
  blockCount: number;
  stepCount: number;
  never: number;
  /**
   * Events of step s (0 = initial holdings) are eventNode[eventStart[s] .. eventStart[s+1]); none are
   * kept when there is a snapshot after every step (then snapshotStep is 0, 1, …, stepCount).
   */
  eventStart: Uint32Array;
  eventNode: IndexArray;
  /** Snapshot i: counts after step snapshotStep[i], in snapshotCounts[i*nodeCount ..]. */
  snapshotStep: Uint32Array;
  snapshotCounts: Uint32Array;
}

export interface DenseHoldings extends HoldingsBase {
  kind: 'dense';
  arrival: Uint16Array | Uint32Array;
}

/**
 * Sparse holdings, in one of two layouts:
 *
 * - `lists`: visits of block b are visitNode/visitStep[blockStart[b] .. blockStart[b+1]), in step
 *   order.
 * - `slots`: block b owns `slots` words room[b·slots ..], its visits in step order, each packed as
 *   step · 2^bits + node, then `empty` words. Written by the fast replay and kept as it is: no
 *   packing pass, and everything about one block in one cache line.
 */
export type SparseHoldings = SparseLists | SparseSlots;

interface SparseLists extends HoldingsBase {
  kind: 'sparse';
  layout: 'lists';
  blockStart: Uint32Array;
  visitNode: IndexArray;
  visitStep: Uint16Array | Uint32Array;
}

interface SparseSlots extends HoldingsBase {
  kind: 'sparse';
  layout: 'slots';
  slots: number;
  bits: number;
  empty: number;
  room: Uint16Array | Uint32Array;
}

/**
 * Route holdings of a pair-rectangle schedule whose every block moves along one route (each step, at
 * most one transfer carries it, from the node that received it last, and it never comes back to a
 * node it left): `final[b]` packs step · 2^bits + node of its last arrival; the rest is walked from
 * the block's source through the transfers each node sends in each step (`sendStart`/`sendOrder`).
 * The blocks are the pair blocks of `grid.nodes` nodes (block (s, d) starts at s, bound for d).
 */
export interface RouteHoldings extends HoldingsBase {
  kind: 'route';
  grid: PairGrid;
  /** The one receiver of each transfer. */
  receiver: IndexArray;
  /** Transfers node v sends in step st are sendOrder[sendStart[(st−1)·n + v] .. sendStart[… + 1]). */
  sendStart: Uint32Array;
  sendOrder: Uint32Array;
  final: Uint16Array | Uint32Array;
  bits: number;
  /** Blocks whose route reaches their destination (all of them: every destination holds its block). */
  home: number;
}

export type Holdings = DenseHoldings | SparseHoldings | RouteHoldings;

/**
 * `sparse-lists` forces the exact sparse layout (tests compare it with the fast `slots` one);
 * `dense` and `sparse` on a pair-rectangle schedule replay its blocks written out as lists.
 */
export type Representation = 'auto' | 'dense' | 'sparse' | 'sparse-lists';

/** Called for every block a transfer sends without holding it at the start of the step. */
export type UnheldSend = (step: number, transfer: number, block: number) => void;

/** Dense holdings need nodes × blocks cells; past this the replay uses the sparse representation. */
export const MAX_HOLDING_CELLS = 1 << 28;

/** Events between count snapshots (bounds the work of one `heldCounts` call). */
const SNAPSHOT_EVERY = 1 << 16;

/**
 * The representation `auto` tries first: routes for pair rectangles (the replay falls back to an
 * exact one when the routes do not describe the schedule); sparse for personalised blocks (a
 * `single` destinations table, as in all-to-all; `destinationTable` makes every
 * one-destination-per-block table `single`) and for tables too large to be dense; dense otherwise.
 */
export function chooseRepresentation(s: Schedule): 'dense' | 'sparse' | 'route' {
  if (s.transferBlocks.kind === 'pairs') return 'route';
  if (s.blocks.kind === 'pairs' || (s.blocks.destinations.kind === 'single' && s.blocks.count > 0))
    return 'sparse';
  return s.nodeCount * s.blocks.count > MAX_HOLDING_CELLS ? 'sparse' : 'dense';
}

/**
 * Per-step arrival events and count snapshots, shared by both representations. When a count snapshot
 * after every step takes less room than the events could (few steps, many arrivals: gossip and
 * multi-scatter on 4096 nodes, OpTree), the log keeps only those snapshots; the counts after any
 * step are then a snapshot and a step's arrivals the difference of two.
 */
class EventLog {
  readonly counts: Uint32Array;
  readonly eventStart: Uint32Array;
  eventNode: IndexArray;
  events = 0;
  /** Snapshots after every step instead of events. */
  private readonly everyStep: boolean;
  private readonly snapshotStep: number[] = [];
  private readonly snapshotCounts: Uint32Array[] = [];
  private sinceSnapshot = 0;

  constructor(
    private readonly n: number,
    private readonly steps: number,
    capacity: number,
  ) {
    this.counts = new Uint32Array(n);
    this.eventStart = new Uint32Array(steps + 2);
    const eventBytes = n <= 0xffff ? 2 : 4;
    this.everyStep = (steps + 1) * n * 4 <= capacity * eventBytes;
    this.eventNode = indexArray(this.everyStep ? 0 : Math.max(1, capacity), n);
  }

  add(node: number): void {
    if (!this.everyStep) this.eventNode[this.events++] = node;
    this.counts[node]++;
  }

  /** `count` arrivals at one node. */
  addMany(node: number, count: number): void {
    if (!this.everyStep) this.eventNode.fill(node, this.events, (this.events += count));
    this.counts[node] += count;
  }

  /** Closes step `step` (0 = the initial holdings). */
  endStep(step: number): void {
    this.eventStart[step + 1] = this.events;
    if (step === 0 || this.everyStep) {
      this.snapshot(step);
      return;
    }
    this.sinceSnapshot += this.events - this.eventStart[step];
    if (this.sinceSnapshot >= SNAPSHOT_EVERY) this.snapshot(step);
  }

  private snapshot(step: number): void {
    this.snapshotStep.push(step);
    this.snapshotCounts.push(this.counts.slice());
    this.sinceSnapshot = 0;
  }

  finish(blockCount: number, never: number): HoldingsBase {
    const n = this.n;
    const flat = new Uint32Array(this.snapshotCounts.length * n);
    this.snapshotCounts.forEach((c, i) => flat.set(c, i * n));
    return {
      nodeCount: n,
      blockCount,
      stepCount: this.steps,
      never,
      eventStart: this.eventStart,
      eventNode: this.eventNode.subarray(0, this.events) as IndexArray,
      snapshotStep: Uint32Array.from(this.snapshotStep),
      snapshotCounts: flat,
    };
  }
}

/**
 * Replays the schedule from the initial holdings (each block at its origin). Sends of unheld blocks
 * are reported to `onUnheld` and still delivered, so one fault does not hide the rest.
 */
export function replay(
  s: Schedule,
  topo: Topology,
  onUnheld?: UnheldSend,
  representation: Representation = 'auto',
): Holdings {
  if (s.transferBlocks.kind === 'pairs' || s.blocks.kind === 'pairs') {
    // Routes when every block is forwarded along one (checked as it goes); anything else, faults
    // included, is replayed exactly from the rectangles (and pair table) written out as lists.
    const tb = s.transferBlocks;
    const routes = representation === 'auto' && tb.kind === 'pairs' ? replayRoutes(s, topo, tb) : null;
    return routes ?? replay(withBlockLists(s), topo, onUnheld, representation);
  }
  const kind = representation === 'auto' ? chooseRepresentation(s) : representation;
  return kind === 'dense'
    ? replayDense(s as ListSchedule, topo, onUnheld)
    : replaySparse(s as ListSchedule, topo, onUnheld, kind === 'sparse-lists');
}

/** Calls `visit(step, t, u, b0, b1, rx, nr)` for every transfer in order, receivers decoded. */
function forEachTransfer(
  s: ListSchedule,
  topo: Topology,
  endStep: (step: number) => void,
  visit: (step: number, t: number, u: number, b0: number, b1: number, rx: Uint32Array, nr: number) => void,
): void {
  const n = s.nodeCount;
  const rx = new Uint32Array(Math.max(1, n + topo.auxCount));
  const blockOffsets = s.transferBlocks.offsets;
  const arcEnds = s.path.kind === 'ring-arc' && s.receivers.kind === 'path-end' ? s.path.hops : null;
  for (let step = 1; step <= s.stepCount; step++) {
    const end = s.stepStart[step];
    for (let t = s.stepStart[step - 1]; t < end; t++) {
      const u = s.src[t];
      let nr: number;
      if (arcEnds) {
        // Fast path for ring arcs: the one receiver is where the arc ends.
        const e = u + arcEnds[t];
        rx[0] = e >= n ? e - n : e < 0 ? e + n : e;
        nr = 1;
      } else nr = receiversOf(s, topo, t, rx);
      visit(
        step,
        t,
        u,
        blockOffsets ? blockOffsets[t] : t,
        blockOffsets ? blockOffsets[t + 1] : t + 1,
        rx,
        nr,
      );
    }
    endStep(step);
  }
}

function replayDense(s: ListSchedule, topo: Topology, onUnheld?: UnheldSend): DenseHoldings {
  const n = s.nodeCount;
  const B = s.blocks.count;
  const cells = n * B;
  if (cells > MAX_HOLDING_CELLS)
    throw new RangeError(`dense holdings need ${n} × ${B} cells; the limit is ${MAX_HOLDING_CELLS}`);
  const S = s.stepCount;
  const wide = S >= 0xffff;
  const never = wide ? 0xffffffff : 0xffff;
  const arrival = wide ? new Uint32Array(cells) : new Uint16Array(cells);
  arrival.fill(never);
  // Each (node, block) cell gains its block at most once, so `cells` events always suffice.
  const log = new EventLog(n, S, cells);
  const origin = s.blocks.origin;
  for (let b = 0; b < B; b++) {
    arrival[origin[b] * B + b] = 0;
    log.add(origin[b]);
  }
  log.endStep(0);
  const ids = s.transferBlocks.ids;
  if (s.path.kind === 'ring-arc' && s.receivers.kind === 'path-end' && !s.transferBlocks.offsets) {
    replayDenseArcs(s, s.path.hops, arrival, log, onUnheld);
    return { kind: 'dense', ...log.finish(B, never), arrival };
  }
  forEachTransfer(
    s,
    topo,
    (step) => log.endStep(step),
    (step, t, u, b0, b1, rx, nr) => {
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
    },
  );
  return { kind: 'dense', ...log.finish(B, never), arrival };
}

/**
 * The dense replay of one-block ring arcs (every staged ring all-gather: a million lightpaths for
 * OpTree on 1024 nodes), written out without the per-transfer callback: same cells, same events.
 */
function replayDenseArcs(
  s: ListSchedule,
  hops: ArrayLike<number>,
  arrival: Uint16Array | Uint32Array,
  log: EventLog,
  onUnheld?: UnheldSend,
): void {
  const n = s.nodeCount;
  const B = s.blocks.count;
  const { src, stepStart } = s;
  const ids = s.transferBlocks.ids;
  for (let step = 1; step <= s.stepCount; step++) {
    const end = stepStart[step];
    for (let t = stepStart[step - 1]; t < end; t++) {
      const u = src[t];
      const b = ids[t];
      if (arrival[u * B + b] >= step && onUnheld) onUnheld(step, t, b);
      const e = u + hops[t];
      const v = e >= n ? e - n : e < 0 ? e + n : e;
      const cell = v * B + b;
      if (arrival[cell] > step) {
        arrival[cell] = step;
        log.add(v);
      }
    }
    log.endStep(step);
  }
}

/**
 * The route replay of a pair-rectangle schedule (see RouteHoldings): one packed word per block, the
 * node that received it last and when. Returns null as soon as a transfer is not one the routes can
 * describe (a receiver count other than one, a rectangle naming no block, a block sent by a node
 * that did not receive it last or received it in the same step, a block brought back to a node that
 * sent it before); the caller then replays exactly, which also reports any fault.
 */
function replayRoutes(s: Schedule, topo: Topology, g: PairGrid): RouteHoldings | null {
  const n = s.nodeCount;
  const B = s.blocks.count;
  const S = s.stepCount;
  const T = s.transferCount;
  const P = g.nodes;
  if (B !== P * (P - 1) || P < 2) return null;
  let bits = 1;
  while (1 << bits < n) bits++;
  const scale = 2 ** bits;
  if (S * scale + n > 0xffffffff) return null;
  const final = S * scale + n <= 0xffff ? new Uint16Array(B) : new Uint32Array(B);
  const mask = scale - 1;

  // One receiver per transfer, every rectangle made of blocks, and the transfers of each
  // (step, sender) found by a counting sort.
  const receiver = indexArray(T, n);
  const rx = new Uint32Array(Math.max(1, n + topo.auxCount));
  const lists = s.receivers.kind === 'list' ? s.receivers : null;
  const sendStart = new Uint32Array(S * n + 1);
  let moves = 0;
  for (let step = 1; step <= S; step++)
    for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) {
      const one = lists ? lists.offsets[t + 1] - lists.offsets[t] === 1 : receiversOf(s, topo, t, rx) === 1;
      const v = lists ? lists.nodes[lists.offsets[t]] : rx[0];
      if (!one || v >= n || s.src[t] >= n || rectProblem(g, t) !== null) return null;
      receiver[t] = v;
      sendStart[(step - 1) * n + s.src[t] + 1]++;
      moves += rectSize(g, t);
    }
  for (let i = 0; i < S * n; i++) sendStart[i + 1] += sendStart[i];
  const sendOrder = new Uint32Array(T);
  const fill = sendStart.slice(0, S * n);
  for (let step = 1; step <= S; step++)
    for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++)
      sendOrder[fill[(step - 1) * n + s.src[t]]++] = t;

  // The table must be the pair table: block (s, d) starts at s and is bound for d (so it is, or a
  // listed table is checked). Then each real node starts with its row, and a transfer delivers home
  // exactly the pairs whose d is its receiver.
  const t = s.blocks;
  if (
    t.kind === 'pairs'
      ? t.nodes !== P
      : t.destinations.kind !== 'single' || !isPairTable(t.origin, t.destinations.nodes, P)
  )
    return null;
  const log = new EventLog(n, S, B + moves);
  for (let v = 0, row = 0; v < P; v++, row += P - 1) {
    final.fill(v, row, row + P - 1);
    log.addMany(v, P - 1);
  }
  log.endStep(0);
  let home = 0;
  for (let step = 1; step <= S; step++) {
    for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) {
      const v = receiver[t];
      // A block comes back to v only if v sent it before: v's earlier rectangles must miss this one.
      for (let key = v; key < (step - 1) * n; key += n)
        for (let i = sendStart[key]; i < sendStart[key + 1]; i++)
          if (rectsMeet(g, t, sendOrder[i])) return null;
      if (!moveRect(g, t, final, s.src[t], step * scale + v, step * scale, mask)) return null;
      log.addMany(v, rectSize(g, t));
      if (rectHasDestination(g, t, v)) home += g.sCount[t];
    }
    log.endStep(step);
  }
  const never = S >= 0xffff ? 0xffffffff : 0xffff;
  return {
    kind: 'route',
    ...log.finish(B, never),
    grid: g,
    receiver,
    sendStart,
    sendOrder,
    final,
    bits,
    home,
  };
}

/**
 * Moves the blocks of transfer t's rectangle from `sender` to the node in `mark` (packed with the
 * step), if `sender` received each of them last and before this step (its packed word is below
 * `limit`, this step · 2^bits); false otherwise. The inner loop runs along the longer side of the
 * rectangle.
 */
function moveRect(
  g: PairGrid,
  t: number,
  final: Uint16Array | Uint32Array,
  sender: number,
  mark: number,
  limit: number,
  mask: number,
): boolean {
  const p1 = g.nodes - 1;
  const s0 = g.sFirst[t];
  const s1 = s0 + g.sCount[t];
  const d0 = g.dFirst[t];
  const dStep = g.dStep[t];
  const nd = g.dCount[t];
  // Block (s, d) is s·(P−1) + d, less one past the diagonal (d > s): each run below is a plain
  // arithmetic sequence of block ids, split where it crosses the diagonal.
  if (nd >= g.sCount[t]) {
    for (let s = s0; s < s1; s++) {
      const below = s < d0 ? 0 : Math.min(nd, Math.floor((s - d0) / dStep) + 1); // d ≤ s (never = s)
      const row = s * p1 + d0;
      if (!moveRun(final, row, dStep, below, sender, mark, limit, mask)) return false;
      if (!moveRun(final, row + below * dStep - 1, dStep, nd - below, sender, mark, limit, mask))
        return false;
    }
  } else {
    for (let j = 0; j < nd; j++) {
      const d = d0 + j * dStep;
      // Sources s < d see (s, d) at s·(P−1) + d − 1; sources s > d at s·(P−1) + d.
      const split = Math.max(s0, Math.min(s1, d));
      if (!moveRun(final, s0 * p1 + d - 1, p1, split - s0, sender, mark, limit, mask)) return false;
      if (!moveRun(final, split * p1 + d, p1, s1 - split, sender, mark, limit, mask)) return false;
    }
  }
  return true;
}

/** moveRect's inner loop: blocks first, first + stride, … (count of them). */
function moveRun(
  final: Uint16Array | Uint32Array,
  first: number,
  stride: number,
  count: number,
  sender: number,
  mark: number,
  limit: number,
  mask: number,
): boolean {
  for (let i = 0, b = first; i < count; i++, b += stride) {
    const w = final[b];
    if ((w & mask) !== sender || w >= limit) return false;
    final[b] = mark;
  }
  return true;
}

/** Whether origin[b] and destination[b] are the source and destination of pair b among p nodes. */
function isPairTable(origin: IndexArray, destination: IndexArray, p: number): boolean {
  // Row s holds (s, 0) … (s, s − 1), then (s, s + 1) … (s, p − 1); differences are OR-ed per row.
  for (let s = 0, row = 0; s < p; s++, row += p - 1) {
    let diff = 0;
    for (let d = 0; d < s; d++) diff |= (origin[row + d] ^ s) | (destination[row + d] ^ d);
    for (let d = s + 1; d < p; d++) diff |= (origin[row + d - 1] ^ s) | (destination[row + d - 1] ^ d);
    if (diff !== 0) return false;
  }
  return true;
}

/**
 * Walks block b's route: `visit(node, step)` for its origin (step 0) and every node it reaches, in
 * order, until `visit` returns true.
 */
function walkRoute(h: RouteHoldings, b: number, visit: (node: number, step: number) => boolean): void {
  const g = h.grid;
  const n = h.nodeCount;
  const s = pairSource(g.nodes, b);
  const d = pairDestination(g.nodes, b);
  let at = s;
  if (visit(at, 0)) return;
  for (let step = 1; step <= h.stepCount; step++) {
    const key = (step - 1) * n + at;
    for (let i = h.sendStart[key]; i < h.sendStart[key + 1]; i++) {
      const t = h.sendOrder[i];
      if (!rectHas(g, t, s, d)) continue;
      at = h.receiver[t];
      if (visit(at, step)) return;
      break;
    }
  }
}

/** Most slots per block the fixed-layout fast path may reserve in all (entries). */
const FIXED_SLOT_LIMIT = 1 << 27;

function replaySparse(s: ListSchedule, topo: Topology, onUnheld?: UnheldSend, exact = false): SparseHoldings {
  const B = s.blocks.count;
  // Fast path: with one receiver per transfer and a block carried at most once per step (every
  // forwarding schedule), a block has at most steps + 1 visits, so each gets that many slots and the
  // counting pass is not needed. A schedule that overflows a slot is replayed the exact way.
  const slots = s.stepCount + 1;
  if (!exact && singleReceivers(s) && fixedSlotsFit(B, s.stepCount, s.nodeCount)) {
    const unheld: [number, number, number][] = [];
    const r = replayPacked(s, topo, slots, onUnheld && ((st, t, b) => unheld.push([st, t, b])));
    if (r) {
      if (onUnheld) for (const [st, t, b] of unheld) onUnheld(st, t, b);
      return r;
    }
  }
  // Exact layout: count every possible visit of each block (its origin plus every delivery).
  const start = new Uint32Array(B + 1);
  for (let b = 0; b < B; b++) start[b + 1] = 1;
  const ids = s.transferBlocks.ids;
  forEachTransfer(
    s,
    topo,
    () => {},
    (_step, _t, _u, b0, b1, _rx, nr) => {
      for (let k = b0; k < b1; k++) start[ids[k] + 1] += nr;
    },
  );
  for (let b = 0; b < B; b++) start[b + 1] += start[b];
  const r = replaySparseInto(s, topo, start, onUnheld);
  if (!r) throw new Error('sparse replay: a block outgrew its exactly counted room');
  return r;
}

/** Whether the fixed-slot layout can hold a forwarding schedule of this shape. */
function fixedSlotsFit(blocks: number, steps: number, nodes: number): boolean {
  return blocks * (steps + 1) <= FIXED_SLOT_LIMIT && nodes <= 0xffff && steps < 0xffff;
}

/**
 * Entries the sparse replay stores for a schedule of `blocks` blocks over `steps` steps with
 * `deliveries` (block, receiver) deliveries in all: the fixed slots when every transfer has one
 * receiver and they fit (`singleReceiver`), else one entry per origin and per delivery. Estimates
 * use it, so the limits compare what the replay will really allocate.
 */
export function sparseEntries(
  blocks: number,
  steps: number,
  nodes: number,
  deliveries: number,
  singleReceiver: boolean,
): number {
  return singleReceiver && fixedSlotsFit(blocks, steps, nodes) ? blocks * (steps + 1) : blocks + deliveries;
}

/**
 * The fast path of the sparse replay: `slots` visits per block, each packed into one word as
 * step · 2^bits + node (empty: all ones), so everything the replay reads or writes about one block lies
 * in one cache line. The word is 16 bits when node ids and step numbers fit together (ReTri on 2187
 * nodes: 12 + 4 bits; 16 bytes per block), else 32. Returns null when a block needs more than `slots`.
 */
function replayPacked(
  s: ListSchedule,
  topo: Topology,
  slots: number,
  onUnheld?: UnheldSend,
): SparseHoldings | null {
  const n = s.nodeCount;
  const B = s.blocks.count;
  const S = s.stepCount;
  let bits = 1;
  while (1 << bits < n) bits++;
  // 16-bit words when the largest step stays below the all-ones step field (so no entry looks empty).
  const narrow = bits < 16 && S < (1 << (16 - bits)) - 1;
  if (!narrow) bits = 16;
  const EMPTY = narrow ? 0xffff : 0xffffffff;
  const mask = (1 << bits) - 1;
  const scale = 1 << bits;
  const room = narrow ? new Uint16Array(B * slots).fill(EMPTY) : new Uint32Array(B * slots).fill(EMPTY);
  const ids = s.transferBlocks.ids;
  const log = new EventLog(n, S, B * slots);
  const origin = s.blocks.origin;
  for (let b = 0; b < B; b++) {
    room[b * slots] = origin[b];
    log.add(origin[b]);
  }
  log.endStep(0);
  let overflow = false;
  forEachTransfer(
    s,
    topo,
    (step) => log.endStep(step),
    (step, t, u, b0, b1, rx) => {
      if (overflow) return;
      const v = rx[0];
      const mark = step * scale + v;
      for (let k = b0; k < b1; k++) {
        const b = ids[k];
        const a = b * slots;
        const e = a + slots;
        let held = false;
        let seen = false;
        let i = a;
        for (; i < e; i++) {
          const x = room[i];
          if (x === EMPTY) break;
          const node = x & mask;
          if (node === u && x >>> bits < step) held = true;
          if (node === v) seen = true;
        }
        if (!held && onUnheld) onUnheld(step, t, b);
        if (seen) continue;
        if (i === e) {
          overflow = true;
          return;
        }
        room[i] = mark;
        log.add(v);
      }
    },
  );
  if (overflow) return null;
  return { kind: 'sparse', layout: 'slots', ...log.finish(B, 0xffff), slots, bits, empty: EMPTY, room };
}

/** Whether every transfer has at most one receiver. */
function singleReceivers(s: Schedule): boolean {
  const r = s.receivers;
  if (r.kind === 'path-end') return true;
  for (let t = 0; t < s.transferCount; t++) if (r.offsets[t + 1] - r.offsets[t] > 1) return false;
  return true;
}

/**
 * Replays into per-block room [start[b], start[b+1]); returns null when a block needs more room than
 * it was given. First arrivals are kept in step order within each block, then packed.
 */
function replaySparseInto(
  s: ListSchedule,
  topo: Topology,
  start: Uint32Array,
  onUnheld?: UnheldSend,
): SparseHoldings | null {
  const n = s.nodeCount;
  const B = s.blocks.count;
  const S = s.stepCount;
  const wide = S >= 0xffff;
  const never = wide ? 0xffffffff : 0xffff;
  const ids = s.transferBlocks.ids;
  const capacity = start[B];
  const visitNode = indexArray(Math.max(1, capacity), n);
  const visitStep = wide ? new Uint32Array(Math.max(1, capacity)) : new Uint16Array(Math.max(1, capacity));
  const len = S + 1 <= 0xff ? new Uint8Array(B) : new Uint32Array(B);

  const log = new EventLog(n, S, capacity);
  const origin = s.blocks.origin;
  for (let b = 0; b < B; b++) {
    visitNode[start[b]] = origin[b];
    visitStep[start[b]] = 0;
    len[b] = 1;
    log.add(origin[b]);
  }
  log.endStep(0);

  let overflow = false;
  forEachTransfer(
    s,
    topo,
    (step) => log.endStep(step),
    (step, t, u, b0, b1, rx, nr) => {
      if (overflow) return;
      for (let k = b0; k < b1; k++) {
        const b = ids[k];
        const a = start[b];
        const e = a + len[b];
        // One scan answers both questions for the common single receiver: does the sender hold the
        // block, and has the receiver had it before?
        const v0 = rx[0];
        let held = false;
        let seen0 = false;
        for (let i = a; i < e; i++) {
          const w = visitNode[i];
          if (w === u && visitStep[i] < step) held = true;
          if (w === v0) seen0 = true;
        }
        if (!held && onUnheld) onUnheld(step, t, b);
        for (let r = 0; r < nr; r++) {
          const v = rx[r];
          let seen = r === 0 ? seen0 : false;
          for (let i = a; i < a + len[b] && !seen && r > 0; i++) seen = visitNode[i] === v;
          if (seen) continue;
          const i = a + len[b];
          if (i >= start[b + 1]) {
            overflow = true;
            return;
          }
          len[b]++;
          visitNode[i] = v;
          visitStep[i] = step;
          log.add(v);
        }
      }
    },
  );
  if (overflow) return null;

  // Pack the lists (in place: the write position never passes the read position).
  let w = 0;
  const blockStart = new Uint32Array(B + 1);
  for (let b = 0; b < B; b++) {
    const a = start[b];
    blockStart[b] = w;
    if (a !== w) {
      visitNode.copyWithin(w, a, a + len[b]);
      visitStep.copyWithin(w, a, a + len[b]);
    }
    w += len[b];
  }
  blockStart[B] = w;
  // Copy out when much of the room went unused, so the result does not keep it alive.
  const fit = <T extends IndexArray | Uint16Array | Uint32Array>(a: T): T =>
    (a.length > w * 1.25 ? a.slice(0, w) : a.subarray(0, w)) as T;
  return {
    kind: 'sparse',
    layout: 'lists',
    ...log.finish(B, never),
    blockStart,
    visitNode: fit(visitNode),
    visitStep: fit(visitStep),
  };
}

/** The step after which `node` first holds `block` (0 = from the start), or `h.never`. */
export function firstArrival(h: Holdings, node: number, block: number): number {
  if (h.kind === 'dense') return h.arrival[node * h.blockCount + block];
  if (h.kind === 'route') {
    const mask = 2 ** h.bits - 1;
    const last = h.final[block];
    if ((last & mask) === node && pairSource(h.grid.nodes, block) !== node) {
      // Where it ended: a route never comes back to a node, so that was its one arrival there.
      return last >>> h.bits;
    }
    let found = h.never;
    walkRoute(h, block, (v, st) => {
      if (v !== node) return false;
      found = st;
      return true;
    });
    return found;
  }
  if (h.layout === 'slots') {
    const step = slotArrival(h.room, h.slots, h.bits, h.empty, block, node);
    return step < 0 ? h.never : step;
  }
  for (let i = h.blockStart[block]; i < h.blockStart[block + 1]; i++)
    if (h.visitNode[i] === node) return h.visitStep[i];
  return h.never;
}

/** The step at which `node` first holds `block` in a slot layout's room, or −1. */
function slotArrival(
  room: Uint16Array | Uint32Array,
  slots: number,
  bits: number,
  empty: number,
  block: number,
  node: number,
): number {
  const mask = (1 << bits) - 1;
  for (let i = block * slots, e = i + slots; i < e; i++) {
    const x = room[i];
    if (x === empty) break;
    if ((x & mask) === node) return x >>> bits;
  }
  return -1;
}

/**
 * The first block b ≥ `from` that node nodes[b] never holds (one destination per block, as in a
 * personalised all-to-all), or nodes.length when all of them arrive. The slot layout is read in one
 * pass in block order, straight through its rows.
 */
export function firstUnreached(h: Holdings, nodes: IndexArray, from: number): number {
  if (h.kind === 'sparse' && h.layout === 'slots') {
    const { room, slots, bits, empty } = h;
    for (let b = from; b < nodes.length; b++)
      if (slotArrival(room, slots, bits, empty, b, nodes[b]) < 0) return b;
    return nodes.length;
  }
  if (h.kind === 'route') {
    // Counted in the replay: when every block reached its destination there is nothing to look for.
    if (h.home === h.blockCount) return nodes.length;
    // Most blocks end at their destination; only the others need their route walked.
    for (
      let b = endedElsewhere(h.final, nodes, from, h.bits);
      b < nodes.length;
      b = endedElsewhere(h.final, nodes, b + 1, h.bits)
    )
      if (firstArrival(h, nodes[b], b) === h.never) return b;
    return nodes.length;
  }
  for (let b = from; b < nodes.length; b++) if (firstArrival(h, nodes[b], b) === h.never) return b;
  return nodes.length;
}

/** The first block b ≥ from whose last arrival (packed in `final`) is not at nodes[b], or nodes.length. */
function endedElsewhere(
  final: Uint16Array | Uint32Array,
  nodes: IndexArray,
  from: number,
  bits: number,
): number {
  const mask = 2 ** bits - 1;
  const n = nodes.length;
  for (let b = from; b < n; b++) if (((final[b] ^ nodes[b]) & mask) !== 0) return b;
  return n;
}

/**
 * Calls `visit(node, step)` for every node that ever holds `block`, with the step of its first
 * arrival (each node once).
 */
export function forEachVisit(h: Holdings, block: number, visit: (node: number, step: number) => void): void {
  if (h.kind === 'route') {
    walkRoute(h, block, (v, st) => {
      visit(v, st);
      return false;
    });
  } else if (h.kind === 'dense') {
    for (let v = 0; v < h.nodeCount; v++) {
      const st = h.arrival[v * h.blockCount + block];
      if (st !== h.never) visit(v, st);
    }
  } else if (h.layout === 'slots') {
    const mask = (1 << h.bits) - 1;
    for (let i = block * h.slots, e = i + h.slots; i < e && h.room[i] !== h.empty; i++)
      visit(h.room[i] & mask, h.room[i] >>> h.bits);
  } else
    for (let i = h.blockStart[block]; i < h.blockStart[block + 1]; i++) visit(h.visitNode[i], h.visitStep[i]);
}

/**
 * Up to `max` of the blocks `node` holds after step `step`, in no particular order (the count is
 * heldCounts'). Route holdings list the node's own row and what its transfers brought, without
 * asking about every block; the others scan blocks until they have `max`.
 */
export function heldBlocks(h: Holdings, node: number, step: number, max: number): number[] {
  const out: number[] = [];
  if (h.kind === 'route') {
    const p = h.grid.nodes;
    if (node < p) for (let b = node * (p - 1); b < (node + 1) * (p - 1) && out.length < max; b++) out.push(b);
    const n = h.nodeCount;
    const ids: number[] = [];
    for (let st = 1; st <= Math.min(step, h.stepCount) && out.length < max; st++)
      for (let v = 0; v < n && out.length < max; v++)
        for (let i = h.sendStart[(st - 1) * n + v]; i < h.sendStart[(st - 1) * n + v + 1]; i++) {
          const t = h.sendOrder[i];
          if (h.receiver[t] !== node || out.length >= max) continue;
          ids.length = rectSize(h.grid, t);
          rectIds(h.grid, t, ids);
          for (const b of ids) if (out.length < max) out.push(b);
        }
    return out;
  }
  for (let b = 0; b < h.blockCount && out.length < max; b++) if (holds(h, node, b, step)) out.push(b);
  return out;
}

/** Does `node` hold `block` after step `step` (0 = initially)? */
export function holds(h: Holdings, node: number, block: number, step: number): boolean {
  return firstArrival(h, node, block) <= step;
}

/**
 * Where a forwarded block is after step `step`: the node that received it last at or before that step
 * (the smallest such node id when several received it in the same step).
 */
export function location(h: Holdings, block: number, step: number): number {
  let best = -1;
  let bestStep = -1;
  if (h.kind === 'route') {
    walkRoute(h, block, (v, st) => {
      if (st > step) return true;
      best = v;
      return false;
    });
    return best;
  }
  if (h.kind === 'sparse' && h.layout === 'slots') {
    const mask = (1 << h.bits) - 1;
    for (let i = block * h.slots, e = i + h.slots; i < e; i++) {
      const x = h.room[i];
      if (x === h.empty) break;
      const st = x >>> h.bits;
      const v = x & mask;
      if (st <= step && (st > bestStep || (st === bestStep && v < best))) {
        bestStep = st;
        best = v;
      }
    }
    return best;
  }
  if (h.kind === 'sparse') {
    for (let i = h.blockStart[block]; i < h.blockStart[block + 1]; i++) {
      const st = h.visitStep[i];
      const v = h.visitNode[i];
      if (st <= step && (st > bestStep || (st === bestStep && v < best))) {
        bestStep = st;
        best = v;
      }
    }
    return best;
  }
  for (let v = 0; v < h.nodeCount; v++) {
    const st = h.arrival[v * h.blockCount + block];
    if (st <= step && st > bestStep) {
      bestStep = st;
      best = v;
    }
  }
  return best;
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
  const n = h.nodeCount;
  if (h.snapshotStep.length === h.stepCount + 1) {
    // A snapshot after every step: the arrivals are the difference of two.
    const after = h.snapshotCounts.subarray(step * n, step * n + n);
    const before = h.snapshotCounts.subarray((step - 1) * n, step * n);
    for (let v = 0; v < n; v++) if (after[v] > before[v]) m.set(v, after[v] - before[v]);
    return m;
  }
  for (let e = h.eventStart[step]; e < h.eventStart[step + 1]; e++) {
    const v = h.eventNode[e];
    m.set(v, (m.get(v) ?? 0) + 1);
  }
  return m;
}

/**
 * Which nodes received something in `step` (1) and which did not (0): arrivalsInStep without the
 * counts, as one byte per node — what a picture asks for on every frame while playing.
 */
export function arrivedMask(h: Holdings, step: number): Uint8Array {
  const n = h.nodeCount;
  const mask = new Uint8Array(n);
  if (step < 1 || step > h.stepCount) return mask;
  if (h.snapshotStep.length === h.stepCount + 1) {
    const after = h.snapshotCounts.subarray(step * n, step * n + n);
    const before = h.snapshotCounts.subarray((step - 1) * n, step * n);
    for (let v = 0; v < n; v++) if (after[v] > before[v]) mask[v] = 1;
    return mask;
  }
  for (let e = h.eventStart[step]; e < h.eventStart[step + 1]; e++) mask[h.eventNode[e]] = 1;
  return mask;
}

/** The typed arrays of a holdings value (for transfer lists). */
export function holdingsBuffers(h: Holdings): ArrayBufferView[] {
  const common = [h.eventStart, h.eventNode, h.snapshotStep, h.snapshotCounts];
  if (h.kind === 'dense') return [h.arrival, ...common];
  if (h.kind === 'route') {
    const g = h.grid;
    return [
      h.final,
      h.receiver,
      h.sendStart,
      h.sendOrder,
      g.sFirst,
      g.sCount,
      g.dFirst,
      g.dStep,
      g.dCount,
      ...common,
    ];
  }
  return h.layout === 'slots' ? [h.room, ...common] : [h.blockStart, h.visitNode, h.visitStep, ...common];
}
