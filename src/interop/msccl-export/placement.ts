import type { Job } from '../../kernel/jobs';
import { blockIdsOf, type Schedule } from '../../kernel/model/schedule';
import { ExportRefused, pacer } from '../export-source';
import { OP_RECV_REPLACE, type Program } from '../program';
import type { ChunkLayout } from './layout';
import { beyond, MSCCL_LIMITS } from './limits';

/** MSCCL buffers: input, output, scratch (the letters the XML uses). */
export const BUFFERS = ['i', 'o', 's'] as const;
export const IN = 0;
export const OUT = 1;
export const SCRATCH = 2;

/** Step types a message becomes: its send or receive, and local copies and reductions around it. */
export const T_SEND = 0;
export const T_RECV = 1;
export const T_COPY = 2;
export const T_REDUCE = 3;

/** One MSCCL step before it is given a threadblock: type, source buffer and offset, destination buffer and offset, count. */
export type PlacedStep = [
  type: number,
  srcbuf: number,
  srcoff: number,
  dstbuf: number,
  dstoff: number,
  cnt: number,
];

/**
 * What each message becomes at its two ends. At the sender: copies that pack scattered chunks into
 * one scratch run, then the send. At the receiver: the receive, then copies from the scratch run to
 * where the chunks belong (or, in an all-reduce, the local reduction into the partial). So every Lab
 * message is one MSCCL message (several only beyond the runtime's count of chunks per step), and the
 * local steps take no step of the schedule.
 */
export interface Placement {
  send: PlacedStep[][];
  recv: PlacedStep[][];
  /** Index in `recv[k]` of the first local step (an all-reduce's combination), or −1. */
  combineAt: Int16Array;
  /** Scratch chunks each rank needs. */
  scratch: Uint32Array;
}

const KEY = 1 << 26;
const MAX = MSCCL_LIMITS.count.value;
const loc = (buf: number, off: number) => buf * KEY + off;
const bufOf = (l: number) => Math.floor(l / KEY);
const offOf = (l: number) => l % KEY;

/** Whether the locations form one run: one buffer, consecutive offsets. */
function consecutive(ls: ArrayLike<number>): boolean {
  for (let i = 1; i < ls.length; i++) if (ls[i] !== ls[0] + i) return false;
  return true;
}

/** Copies of `from[j]` to `to[j]` for the positions where both are given, neighbours merged. */
function copies(from: ArrayLike<number>, to: ArrayLike<number>): PlacedStep[] {
  const out: PlacedStep[] = [];
  for (let j = 0; j < from.length; j++) {
    if (to[j] < 0 || from[j] === to[j]) continue;
    const last = out[out.length - 1];
    if (
      last &&
      last[5] < MAX &&
      loc(last[1], last[2]) + last[5] === from[j] &&
      loc(last[3], last[4]) + last[5] === to[j]
    )
      last[5]++;
    else out.push([T_COPY, bufOf(from[j]), offOf(from[j]), bufOf(to[j]), offOf(to[j]), 1]);
  }
  return out;
}

/**
 * Follows every block through the schedule in the Lab's order and decides where each rank keeps
 * what it receives: in its output when it must end with the block, else in scratch (a block it only
 * forwards, or one it already holds: that second copy is never read).
 */
export function* placementJob(s: Schedule, p: Program, layout: ChunkLayout): Job<Placement> {
  const n = s.nodeCount;
  const B = s.blocks.count;
  const scratch = new Uint32Array(n);
  const send: PlacedStep[][] = new Array<PlacedStep[]>(p.messages);
  const recv: PlacedStep[][] = new Array<PlacedStep[]>(p.messages);
  const combineAt = new Int16Array(p.messages).fill(-1);
  const held = new Map<number, number>(); // rank·B + block → location
  const partialIn = new Uint8Array(n).fill(1);
  const pace = pacer(64);
  const region = (r: number, k: number) => {
    scratch[r] += k;
    return loc(SCRATCH, scratch[r] - k);
  };
  const pieces = (from: number, k: number, type: number, to: number): PlacedStep[] => {
    const out: PlacedStep[] = [];
    for (let j = 0; j < k; j += MAX) {
      const c = Math.min(MAX, k - j);
      out.push([type, bufOf(from + j), offOf(from + j), bufOf(to + j), offOf(to + j), c]);
    }
    return out;
  };

  for (let step = 1; step <= s.stepCount; step++) {
    const a0 = p.msgStepStart[step - 1];
    const a1 = p.msgStepStart[step];
    if (p.reduction) {
      // Every message of a step carries its sender's partial as the step began; each receiver takes
      // it into a scratch chunk of its own and folds it in locally (so receives run side by side).
      const from = new Float64Array(a1 - a0);
      for (let k = a0; k < a1; k++) from[k - a0] = loc(partialIn[p.peer[p.msgRecv[k]]] ? IN : OUT, 0);
      for (let k = a0; k < a1; k++) {
        const d = p.peer[p.msgSend[k]];
        const x = region(d, 1);
        send[k] = pieces(from[k - a0], 1, T_SEND, x);
        const steps: PlacedStep[] = [[T_RECV, bufOf(from[k - a0]), 0, SCRATCH, offOf(x), 1]];
        combineAt[k] = 1;
        if (p.kind[p.msgRecv[k]] === OP_RECV_REPLACE) steps.push([T_COPY, SCRATCH, offOf(x), OUT, 0, 1]);
        else {
          if (partialIn[d]) steps.push([T_COPY, IN, 0, OUT, 0, 1]);
          steps.push([T_REDUCE, SCRATCH, offOf(x), OUT, 0, 1]);
        }
        recv[k] = steps;
        partialIn[d] = 0;
      }
      continue;
    }
    for (let k = a0; k < a1; k++) {
      const a = p.peer[p.msgRecv[k]];
      const d = p.peer[p.msgSend[k]];
      const ids = blockIdsOf(s, p.transfer[p.msgSend[k]]);
      const at = new Float64Array(ids.length);
      for (let j = 0; j < ids.length; j++) {
        const i = layout.input(a, ids[j]);
        const h = i >= 0 ? loc(IN, i) : held.get(a * B + ids[j]);
        if (h === undefined)
          throw new ExportRefused(
            `${s.algorithm}: rank ${a} sends block ${ids[j]} in step ${step} without holding it; MSCCL XML is written only for a schedule that passes the verifier`,
          );
        at[j] = h;
      }
      // The message's chunks in the order the sender holds them.
      const order = Array.from(ids.keys()).sort((x, y) => at[x] - at[y]);
      const blocks = order.map((j) => ids[j]);
      const src = order.map((j) => at[j]);
      const k0 = blocks.length;
      if (k0 === 0)
        throw new ExportRefused(
          `${s.algorithm}: transfer ${p.transfer[p.msgSend[k]]} carries no blocks, which no MSCCL step can send`,
        );
      // Sender: straight from where the chunks are, or packed into scratch first.
      const packed = consecutive(src) ? src[0] : region(a, k0);
      const sendSteps =
        packed === src[0]
          ? []
          : copies(
              src,
              Array.from({ length: k0 }, (_, j) => packed + j),
            );
      // Receiver: straight to where they belong, or into scratch and copied on from there.
      const wanted = blocks.map((b) => {
        if (layout.input(d, b) >= 0 || held.has(d * B + b)) return -1; // held already: a copy never read
        const o = layout.output(d, b);
        return o >= 0 ? loc(OUT, o) : -1;
      });
      const direct = wanted.every((w) => w >= 0) && consecutive(wanted);
      const landing = direct ? wanted[0] : region(d, k0);
      blocks.forEach((b, j) => {
        if (layout.input(d, b) >= 0 || held.has(d * B + b)) return;
        held.set(d * B + b, wanted[j] >= 0 ? wanted[j] : landing + j);
      });
      send[k] = [...sendSteps, ...pieces(packed, k0, T_SEND, landing)];
      recv[k] = [
        ...pieces(packed, k0, T_RECV, landing),
        ...(direct
          ? []
          : copies(
              Array.from({ length: k0 }, (_, j) => landing + j),
              wanted,
            )),
      ];
      if (pace()) yield;
    }
  }
  for (let r = 0; r < n; r++)
    if (scratch[r] > MSCCL_LIMITS.offset.value + 1)
      throw new ExportRefused(
        `${s.algorithm}: ${beyond(MSCCL_LIMITS.offset, scratch[r] - 1, `rank ${r}'s scratch buffer`)}`,
      );
  return { send, recv, combineAt, scratch };
}
