import type { Job } from '../kernel/jobs';
import { isComplete } from '../kernel/model/contributions';
import { receiversOf } from '../kernel/model/paths';
import { blockCountOf, rangesOf, type Schedule } from '../kernel/model/schedule';
import type { Topology } from '../kernel/model/topology';
import { ExportRefused, pacer } from './export-source';

/**
 * A Lab schedule as one program per rank: for every processor, the sends and receives it performs in
 * the order the Lab's steps give them, and what each must wait for. The MSCCL XML and Chakra writers
 * both read it (docs/interop.md, "Exports").
 *
 * A transfer to k receivers is k messages; each message is a send op at its sender and a receive op
 * at its receiver, in the same step. A rank's ops are ordered by step, its sends of a step before its
 * receives, and by transfer within those. An op waits for:
 * - every op of its rank's previous active step (`after`): the Lab's step order, kept per rank. This
 *   also covers every data dependency, since a block is sent at the earliest in the step after it
 *   arrived;
 * - in a reduction, the ops of its own step that touch the same partial (`waits`): a receive that
 *   folds a message into the partial (or replaces it by the complete result) comes after the sends of
 *   the step, which carry the partial as it was at the step's start, and after the receive before it.
 */
export const OP_SEND = 0;
/** A receive whose blocks are kept as they come (every collective but all-reduce). */
export const OP_RECV = 1;
/** A receive folded into the receiver's partial (all-reduce). */
export const OP_RECV_REDUCE = 2;
/** A receive of the complete result, which replaces the receiver's partial (all-reduce). */
export const OP_RECV_REPLACE = 3;

/**
 * Messages (transfer × receiver) a program is built for at most: the page writes their files in its
 * own memory (Chakra traces take some 330 bytes a message).
 */
export const PROGRAM_MAX_MESSAGES = 250_000;

export interface Program {
  ranks: number;
  ops: number;
  /** Whether messages are partial results of an all-reduce (the OP_RECV_REDUCE / REPLACE kinds). */
  reduction: boolean;
  /** Ops of rank r: global indices opStart[r] … opStart[r + 1] − 1, in program order. */
  opStart: Uint32Array;
  kind: Uint8Array;
  /** The other rank of the op's message (the receiver of a send, the sender of a receive). */
  peer: Uint32Array;
  /** The Lab step (1-based). */
  step: Uint32Array;
  transfer: Uint32Array;
  /** Among the messages from the same sender to the same receiver in the same step, this one's index. */
  lane: Uint16Array;
  /** The message each op belongs to. */
  message: Uint32Array;
  /** Ops of the rank's previous active step, as global indices [afterFrom, afterTo). */
  afterFrom: Uint32Array;
  afterTo: Uint32Array;
  /** Further ops of the same step to wait for (reductions), as a list: waits[waitStart[i] … waitStart[i + 1]). */
  waitStart: Uint32Array;
  waits: Uint32Array;
  /** Messages in the Lab's order (step, transfer, receiver): the send and the receive op of each. */
  messages: number;
  msgSend: Uint32Array;
  msgRecv: Uint32Array;
  /** Messages of step s: msgStepStart[s − 1] … msgStepStart[s] − 1. */
  msgStepStart: Uint32Array;
  /** Bytes of each message. */
  msgBytes: Float64Array;
  /** The longest `lane` + 1: messages one pair exchanges in parallel in one step. */
  lanes: number;
}

/** How many bytes a reduction's partial result is, when the schedule's block table does not say. */
export interface ProgramOptions {
  partialBytes?: number;
}

/**
 * Messages of the schedule (transfer × receiver), counted without building: a transfer along a route
 * has one receiver, where the route ends; a listed one has its list.
 */
export function messageCount(s: Schedule): number {
  if (s.receivers.kind === 'list') return s.receivers.offsets[s.transferCount];
  return s.transferCount;
}

/** Builds the program; a job that pauses every few thousand transfers (`runToEnd` for all at once). */
export function* programJob(s: Schedule, topo: Topology, options: ProgramOptions = {}): Job<Program> {
  const messages = messageCount(s);
  const pace = pacer(512);
  if (messages > PROGRAM_MAX_MESSAGES)
    throw new ExportRefused(
      `${s.algorithm}: ${messages.toLocaleString('en-US')} messages; the exports are written for at most ${PROGRAM_MAX_MESSAGES.toLocaleString('en-US')}`,
    );
  const n = s.nodeCount;
  const reduction = s.collective === 'allreduce';
  const rx = new Uint32Array(Math.max(1, topo.nodeCount + topo.auxCount));

  // Pass 1: ops per rank, and the messages in the Lab's order.
  const count = new Uint32Array(n + 1);
  const msgFrom = new Uint32Array(messages);
  const msgTo = new Uint32Array(messages);
  const msgTransfer = new Uint32Array(messages);
  const msgStepStart = new Uint32Array(s.stepCount + 1);
  let m = 0;
  for (let step = 1; step <= s.stepCount; step++) {
    for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) {
      const k = receiversOf(s, topo, t, rx);
      for (let j = 0; j < k; j++) {
        if (rx[j] === s.src[t]) continue;
        msgFrom[m] = s.src[t];
        msgTo[m] = rx[j];
        msgTransfer[m] = t;
        count[s.src[t]]++;
        count[rx[j]]++;
        m++;
      }
      if (pace()) yield;
    }
    msgStepStart[step] = m;
  }
  const opStart = new Uint32Array(n + 1);
  for (let r = 0; r < n; r++) opStart[r + 1] = opStart[r] + count[r];
  const ops = opStart[n];

  const p: Program = {
    ranks: n,
    ops,
    reduction,
    opStart,
    kind: new Uint8Array(ops),
    peer: new Uint32Array(ops),
    step: new Uint32Array(ops),
    transfer: new Uint32Array(ops),
    lane: new Uint16Array(ops),
    message: new Uint32Array(ops),
    afterFrom: new Uint32Array(ops),
    afterTo: new Uint32Array(ops),
    waitStart: new Uint32Array(ops + 1),
    waits: new Uint32Array(0),
    messages: m,
    msgSend: new Uint32Array(m),
    msgRecv: new Uint32Array(m),
    msgStepStart,
    msgBytes: new Float64Array(m),
    lanes: 1,
  };

  // Pass 2: place each step's sends, then its receives, at their ranks' cursors.
  const cursor = opStart.slice(0, n);
  const lastStep = new Uint32Array(n);
  const stepFrom = opStart.slice(0, n); // first op of the rank's current step
  const prevFrom = opStart.slice(0, n); // ops of its previous active step: [prevFrom, stepFrom)
  const recvFrom = new Uint32Array(n); // first receive of the rank's current step
  const waitList: number[] = [];
  const blockBytes = s.blocks.bytes;
  const lanes = new Map<number, number>();
  const place = (r: number, step: number, kind: number, peer: number, msg: number): number => {
    if (lastStep[r] !== step) {
      prevFrom[r] = stepFrom[r];
      stepFrom[r] = cursor[r];
      lastStep[r] = step;
      recvFrom[r] = 0xffffffff;
    }
    const i = cursor[r]++;
    p.kind[i] = kind;
    p.peer[i] = peer;
    p.step[i] = step;
    p.transfer[i] = msgTransfer[msg];
    p.message[i] = msg;
    p.afterFrom[i] = prevFrom[r];
    p.afterTo[i] = stepFrom[r];
    return i;
  };
  for (let step = 1; step <= s.stepCount; step++) {
    const a = msgStepStart[step - 1];
    const b = msgStepStart[step];
    lanes.clear();
    for (let k = a; k < b; k++) {
      const key = msgFrom[k] * n + msgTo[k];
      const lane = lanes.get(key) ?? 0;
      lanes.set(key, lane + 1);
      if (lane + 1 > p.lanes) p.lanes = lane + 1;
      const i = place(msgFrom[k], step, OP_SEND, msgTo[k], k);
      p.lane[i] = lane;
      p.msgSend[k] = i;
      const t = msgTransfer[k];
      p.msgBytes[k] = reduction ? blockBytes || (options.partialBytes ?? 0) : blockCountOf(s, t) * blockBytes;
    }
    for (let k = a; k < b; k++) {
      const d = msgTo[k];
      const kind = !reduction
        ? OP_RECV
        : completeMessage(s, msgTransfer[k])
          ? OP_RECV_REPLACE
          : OP_RECV_REDUCE;
      const i = place(d, step, kind, msgFrom[k], k);
      p.lane[i] = p.lane[p.msgSend[k]];
      p.msgRecv[k] = i;
      if (recvFrom[d] === 0xffffffff) recvFrom[d] = i;
      if (reduction) {
        for (let j = stepFrom[d]; j < recvFrom[d]; j++) waitList.push(i, j);
        if (i > recvFrom[d]) waitList.push(i, i - 1);
      }
      if (pace()) yield;
    }
  }
  // The waits as lists per op (pairs were pushed as (op, waited-on op), ops in increasing order per rank).
  const perOp = new Uint32Array(ops + 1);
  for (let w = 0; w < waitList.length; w += 2) perOp[waitList[w] + 1]++;
  for (let i = 0; i < ops; i++) p.waitStart[i + 1] = p.waitStart[i] + perOp[i + 1];
  p.waits = new Uint32Array(p.waitStart[ops]);
  const fill = p.waitStart.slice(0, ops);
  for (let w = 0; w < waitList.length; w += 2) p.waits[fill[waitList[w]]++] = waitList[w + 1];
  return p;
}

/** Whether transfer t of an all-reduce carries the complete result (every contribution). */
function completeMessage(s: Schedule, t: number): boolean {
  const tb = s.transferBlocks;
  if (tb.kind === 'ranges') return isComplete(rangesOf(tb, t), s.blocks.count);
  return blockCountOf(s, t) === s.blocks.count;
}
