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
  arrival: Uint16Array | Uint32Array;
  /** Events of step s (0 = initial holdings) are eventNode[eventStart[s] .. eventStart[s+1]). */
  eventStart: Uint32Array;
  eventNode: IndexArray;
  /** Snapshot i: counts after step snapshotStep[i], in snapshotCounts[i*nodeCount ..]. */
  snapshotStep: Uint32Array;
  snapshotCounts: Uint32Array;
}

/** Called for every block a transfer sends without holding it at the start of the step. */
export type UnheldSend = (step: number, transfer: number, block: number) => void;

/** Dense holdings need nodes × blocks cells; past this the replay refuses. */
export const MAX_HOLDING_CELLS = 1 << 28;

/** Events between count snapshots (bounds the work of one `heldCounts` call). */
const SNAPSHOT_EVERY = 1 << 16;

/**
 * Replays the schedule from the initial holdings (each block at its origin). Sends of unheld blocks
 * are reported to `onUnheld` and still delivered, so one fault does not hide the rest.
 */
export function replay(s: Schedule, topo: Topology, onUnheld?: UnheldSend): Holdings {
  const n = s.nodeCount;
  const B = s.blocks.count;
  const cells = n * B;
  if (cells > MAX_HOLDING_CELLS)
    throw new RangeError(`holdings need ${n} × ${B} cells; the limit is ${MAX_HOLDING_CELLS}`);
  const S = s.stepCount;
  const wide = S >= 0xffff;
  const never = wide ? 0xffffffff : 0xffff;
  const arrival = wide ? new Uint32Array(cells) : new Uint16Array(cells);
  arrival.fill(never);

  const counts = new Uint32Array(n);
  const eventStart = new Uint32Array(S + 2);
  // Each (node, block) cell gains its block at most once, so `cells` events always suffice.
  const eventNode = indexArray(Math.max(1, cells), n);
  let events = 0;
  const snapshotStep: number[] = [];
  const snapshotCounts: Uint32Array[] = [];
  let sinceSnapshot = 0;

  const addEvent = (node: number) => {
    eventNode[events++] = node;
    counts[node]++;
  };

  const origin = s.blocks.origin;
  for (let b = 0; b < B; b++) {
    const o = origin[b];
    arrival[o * B + b] = 0;
    addEvent(o);
  }
  eventStart[1] = events;
  snapshotStep.push(0);
  snapshotCounts.push(counts.slice());

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
            addEvent(rx[r]);
          }
        }
      }
    }
    eventStart[step + 1] = events;
    sinceSnapshot += events - eventStart[step];
    if (sinceSnapshot >= SNAPSHOT_EVERY && step < S) {
      snapshotStep.push(step);
      snapshotCounts.push(counts.slice());
      sinceSnapshot = 0;
    }
  }

  const flat = new Uint32Array(snapshotCounts.length * n);
  snapshotCounts.forEach((c, i) => flat.set(c, i * n));
  return {
    nodeCount: n,
    blockCount: B,
    stepCount: S,
    never,
    arrival,
    eventStart,
    eventNode: eventNode.subarray(0, events) as IndexArray,
    snapshotStep: Uint32Array.from(snapshotStep),
    snapshotCounts: flat,
  };
}

/** Does `node` hold `block` after step `step` (0 = initially)? */
export function holds(h: Holdings, node: number, block: number, step: number): boolean {
  return h.arrival[node * h.blockCount + block] <= step;
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
