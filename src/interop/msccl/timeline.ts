/**
 * Each MSCCL step's timing, for a rank × threadblock timeline: when its threadblock reached it, when
 * what it waits for had finished, when it finished, the messages it sends and receives (as Lab
 * transfers), and whether it lies on the critical path (the chain of waits that decides the
 * schedule's length). Columns, so the worker can hand them to the page without copying.
 */
import { NEVER, type Timing } from '../precedence';
import type { DataFlow } from './dataflow';
import type { OpGraph } from './ops';

export const STEP_TYPE_NAMES = ['s', 'r', 'rcs', 'rrs', 'rrc', 'rrcs', 'cpy', 're', 'ra', 'nop'] as const;

export interface ThreadblockTimeline {
  steps: number;
  rank: Uint16Array;
  tb: Uint16Array;
  /** Position in its threadblock. */
  pos: Uint16Array;
  /** Index into STEP_TYPE_NAMES. */
  type: Uint8Array;
  /** The step (Lab steps) by whose end its threadblock had reached it. */
  begin: Int32Array;
  /** By whose end everything it waits for had finished (its message goes one step later or more). */
  ready: Int32Array;
  /** By whose end it finished; −1: never. */
  finish: Int32Array;
  /** The Lab transfers it sends and receives, or −1. */
  sends: Int32Array;
  receives: Int32Array;
  /** 1 on the critical path. */
  critical: Uint8Array;
  /** What it reads and writes: buffers as indices into BUFFER_NAMES, offsets and counts in chunks. */
  srcbuf: Uint8Array;
  srcoff: Int16Array;
  dstbuf: Uint8Array;
  dstoff: Int16Array;
  cnt: Uint16Array;
  /** Its threadblock's peers (−1: none) and channel. */
  sendPeer: Int16Array;
  recvPeer: Int16Array;
  chan: Uint16Array;
  /**
   * What a local step (copy, reduce, residual add) writes: the contribution ids of its chunks,
   * wrote[wroteStart[i]] … wrote[wroteStart[i + 1]] − 1, each once (empty for the other steps), so
   * that a tracked chunk is followed through the copies and sums made on one rank too.
   */
  wroteStart: Uint32Array;
  wrote: Uint32Array;
}

export const BUFFER_NAMES = ['i', 'o', 's'] as const;

export function threadblockTimeline(
  ops: OpGraph,
  timing: Timing,
  transferOf: Int32Array,
  flow?: DataFlow,
): ThreadblockTimeline {
  const { steps, messages } = ops;
  const n = steps.count;
  const written = localWrites(n, flow);
  const t: ThreadblockTimeline = {
    steps: n,
    rank: new Uint16Array(n),
    tb: new Uint16Array(n),
    pos: new Uint16Array(n),
    type: new Uint8Array(n),
    begin: new Int32Array(n),
    ready: new Int32Array(n),
    finish: new Int32Array(n),
    sends: new Int32Array(n).fill(-1),
    receives: new Int32Array(n).fill(-1),
    critical: new Uint8Array(n),
    srcbuf: new Uint8Array(n),
    srcoff: new Int16Array(n),
    dstbuf: new Uint8Array(n),
    dstoff: new Int16Array(n),
    cnt: new Uint16Array(n),
    sendPeer: new Int16Array(n),
    recvPeer: new Int16Array(n),
    chan: new Uint16Array(n),
    ...written,
  };
  const { graph } = ops;
  const { finish } = timing;
  t.rank.set(steps.rank);
  t.tb.set(steps.tb);
  t.sendPeer.set(steps.send);
  t.recvPeer.set(steps.recv);
  t.chan.set(steps.chan);
  for (let i = 0; i < n; i++) {
    const first = steps.first[i];
    t.pos[i] = steps.pos[i];
    t.type[i] = Math.max(0, STEP_TYPE_NAMES.indexOf(steps.type[i] as (typeof STEP_TYPE_NAMES)[number]));
    t.begin[i] = steps.pos[i] > 0 ? finish[steps.last[i - 1]] : 0;
    let ready = 0;
    for (let k = graph.predStart[first]; k < graph.predStart[first + 1]; k++)
      ready = finish[graph.pred[k]] === NEVER ? NEVER : Math.max(ready, finish[graph.pred[k]]);
    t.ready[i] = finish[first] === NEVER ? NEVER : ready;
    t.finish[i] = finish[steps.last[i]];
    t.srcbuf[i] = BUFFER_NAMES.indexOf(steps.srcbuf[i]);
    t.srcoff[i] = steps.srcoff[i];
    t.dstbuf[i] = BUFFER_NAMES.indexOf(steps.dstbuf[i]);
    t.dstoff[i] = steps.dstoff[i];
    t.cnt[i] = steps.cnt[i];
  }
  for (let i = 0; i < messages.count; i++) {
    t.sends[messages.sender[i]] = transferOf[i];
    t.receives[messages.receiver[i]] = transferOf[i];
  }
  // The critical path: from the node that finishes last, back along the waits that decided it.
  let end = -1;
  for (let v = 0; v < graph.nodes; v++)
    if (finish[v] !== NEVER && (end < 0 || finish[v] > finish[end])) end = v;
  for (let v = end; v >= 0; v = timing.decidedBy[v]) t.critical[ops.stepOfNode[v]] = 1;
  return t;
}

/** The ids each local step wrote (DataFlow.local), as one list with a start per step. */
function localWrites(n: number, flow?: DataFlow): { wroteStart: Uint32Array; wrote: Uint32Array } {
  const wroteStart = new Uint32Array(n + 1);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const wrote = flow?.local[i];
    if (!wrote) {
      wroteStart[i + 1] = ids.length;
      continue;
    }
    const seen = new Set<number>();
    for (const x of wrote)
      if (x) for (let k = 0; k < x.length; k += 2) for (let id = x[k]; id < x[k + 1]; id++) seen.add(id);
    ids.push(...[...seen].sort((a, b) => a - b));
    wroteStart[i + 1] = ids.length;
  }
  return { wroteStart, wrote: Uint32Array.from(ids) };
}
