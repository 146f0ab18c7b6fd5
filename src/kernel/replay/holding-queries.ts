import { pairDestination, pairSource, rectHas, rectIds, rectSize } from '../model/block-pairs';
import type { IndexArray } from '../model/columns';
import type { CountsHoldings, Holdings, RouteHoldings } from './holdings';
import { lastAtMost } from '../util/search';

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

const PER_BLOCK = 'a reduction keeps how many contributions each partial combines, not which';

/** The step after which `node` first holds `block` (0 = from the start), or `h.never`. */
export function firstArrival(h: Holdings, node: number, block: number): number {
  if (h.kind === 'counts') throw new Error(PER_BLOCK);
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
  if (h.kind === 'counts') throw new Error(PER_BLOCK);
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
  if (h.kind === 'counts') return out; // a reduction keeps counts only
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
  if (h.kind === 'counts') throw new Error(PER_BLOCK);
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
  if (h.kind === 'counts') return countsAfter(h, st, out);
  const from = h.eventStart[fromSnapshot(h, st, out) + 1];
  const to = h.eventStart[st + 1];
  for (let e = from; e < to; e++) out[h.eventNode[e]]++;
  return out;
}

/**
 * heldCounts after step `to`, from the counts after an earlier step `from` (`before`): only the
 * changes in between are replayed, where heldCounts replays from the last snapshot. Stepping forward
 * one step at a time (playing) then costs the step's changes, not up to a snapshot's worth.
 */
export function advanceCounts(
  h: Holdings,
  before: Uint32Array,
  from: number,
  to: number,
  out: Uint32Array = new Uint32Array(h.nodeCount),
): Uint32Array {
  const [a, b] = [Math.max(0, Math.min(from, h.stepCount)), Math.max(0, Math.min(to, h.stepCount))];
  if (b < a) throw new Error(`advanceCounts goes forward only: from step ${a} to ${b}`);
  // With a snapshot after every step there are no events: the snapshot is the answer.
  if (h.kind !== 'counts' && h.snapshotStep.length === h.stepCount + 1) return heldCounts(h, b, out);
  out.set(before);
  if (h.kind === 'counts') {
    for (let i = h.changeStart[a]; i < h.changeStart[b]; i++) out[h.changeNode[i]] = h.changeCount[i];
    return out;
  }
  for (let e = h.eventStart[a + 1]; e < h.eventStart[b + 1]; e++) out[h.eventNode[e]]++;
  return out;
}

/** Nodes that gained at least one block in step `step`, with how many they gained. */
export function arrivalsInStep(h: Holdings, step: number): Map<number, number> {
  const m = new Map<number, number>();
  if (step < 1 || step > h.stepCount) return m;
  if (h.kind === 'counts') {
    const before = heldCounts(h, step - 1);
    for (let i = h.changeStart[step - 1]; i < h.changeStart[step]; i++) {
      const v = h.changeNode[i];
      if (h.changeCount[i] > before[v]) m.set(v, h.changeCount[i] - before[v]);
    }
    return m;
  }
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
  if (h.kind === 'counts') {
    for (let i = h.changeStart[step - 1]; i < h.changeStart[step]; i++) mask[h.changeNode[i]] = 1;
    return mask;
  }
  if (h.snapshotStep.length === h.stepCount + 1) {
    const after = h.snapshotCounts.subarray(step * n, step * n + n);
    const before = h.snapshotCounts.subarray((step - 1) * n, step * n);
    for (let v = 0; v < n; v++) if (after[v] > before[v]) mask[v] = 1;
    return mask;
  }
  for (let e = h.eventStart[step]; e < h.eventStart[step + 1]; e++) mask[h.eventNode[e]] = 1;
  return mask;
}

/** The index of the last snapshot at or before step `st` (snapshots are sorted by step). */
export function snapshotAtOrBefore(h: Holdings, st: number): number {
  return lastAtMost(h.snapshotStep, st);
}

/**
 * Copies into `out` the counts of the last snapshot at or before step `st` and returns that
 * snapshot's step: the start of every count query, which then replays the steps after it.
 */
function fromSnapshot(h: Holdings, st: number, out: Uint32Array): number {
  const lo = snapshotAtOrBefore(h, st);
  const n = h.nodeCount;
  out.set(h.snapshotCounts.subarray(lo * n, lo * n + n));
  return h.snapshotStep[lo];
}

/** Counts of a reduction after step `st`: the nearest snapshot, then the changes of later steps. */
function countsAfter(h: CountsHoldings, st: number, out: Uint32Array): Uint32Array {
  for (let i = h.changeStart[fromSnapshot(h, st, out)]; i < h.changeStart[st]; i++)
    out[h.changeNode[i]] = h.changeCount[i];
  return out;
}
