import { rectHasDestination, rectProblem, rectSize, rectsMeet, type PairGrid } from '../model/block-pairs';
import { indexArray, type IndexArray } from '../model/columns';
import { receiversOf } from '../model/paths';
import type { Schedule } from '../model/schedule';
import type { Topology } from '../model/topology';
import type { RouteHoldings } from './holdings';
import { EventLog } from './replay-common';

/**
 * The route replay of a pair-rectangle schedule (see RouteHoldings): one packed word per block, the
 * node that received it last and when. Returns null as soon as a transfer is not one the routes can
 * describe (a receiver count other than one, a rectangle naming no block, a block sent by a node
 * that did not receive it last or received it in the same step, a block brought back to a node that
 * sent it before); the caller then replays exactly, which also reports any fault.
 */
export function replayRoutes(s: Schedule, topo: Topology, g: PairGrid): RouteHoldings | null {
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
