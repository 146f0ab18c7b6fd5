import { indexArray, type IndexArray } from '../model/columns';
import type { ListSchedule, Schedule } from '../model/schedule';
import type { Topology } from '../model/topology';
import type { SparseHoldings, UnheldSend } from './holdings';
import { EventLog, forEachTransfer } from './replay-common';

/** Most slots per block the fixed-layout fast path may reserve in all (entries). */
const FIXED_SLOT_LIMIT = 1 << 27;

export function replaySparse(
  s: ListSchedule,
  topo: Topology,
  onUnheld?: UnheldSend,
  exact = false,
): SparseHoldings {
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
  for (let b = 0; b < B; b++) room[b * slots] = origin[b];
  log.startAt(origin, B);
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
  }
  log.startAt(origin, B);

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
