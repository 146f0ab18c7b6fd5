/**
 * An imported schedule's messages as a Lab schedule: one transfer per message, in its step, along
 * the route the network gave it, carrying the blocks it carries (chunks that began on one rank, or
 * for reductions the contributions its partial sums combine).
 */
import type { BlockTable, Collective, Schedule } from '../kernel/model/schedule';
import { ScheduleBuilder } from '../kernel/model/schedule-builder';
import type { Placed } from './network';

/** Messages between ranks, whatever format they came from. */
export interface MessageSet {
  count: number;
  src: Uint32Array;
  dst: Uint32Array;
  /** The file's channel for each message (0 when the format has none). */
  channel: Uint16Array;
  /** Blocks message m carries: blocks[blockStart[m] … blockStart[m + 1]). */
  blockStart: Uint32Array;
  blocks: Uint32Array;
  /** The route the file gives each message, as links of its implied network (solver output). */
  links?: { start: Uint32Array; ids: Uint32Array };
}

export interface LabHeader {
  algorithm: string;
  collective: Collective;
  ranks: number;
  blocks: BlockTable;
  phase: string;
  /** Blocks are contributions already combined (see Schedule.chunkedReduction). */
  chunkedReduction: boolean;
}

export interface LabSchedule {
  schedule: Schedule;
  /** The transfer of each message, or −1 for a message that was never sent. */
  transferOf: Int32Array;
}

/**
 * The Lab schedule of messages in steps `step` (1-based; below 1: never sent), along `placed`.
 * Messages of one step keep their order.
 */
export function labSchedule(
  h: LabHeader,
  m: MessageSet,
  step: ArrayLike<number>,
  steps: number,
  placed: readonly Placed[],
): LabSchedule {
  // The messages sent, step by step (a counting sort keeps each step's messages in order).
  const at = new Uint32Array(steps + 2);
  for (let i = 0; i < m.count; i++) if (step[i] >= 1 && step[i] <= steps) at[step[i] + 1]++;
  for (let s = 1; s <= steps + 1; s++) at[s] += at[s - 1];
  const order = new Uint32Array(at[steps + 1]);
  const fill = at.slice();
  let refs = 0;
  let pathLinks = 0;
  for (let i = 0; i < m.count; i++)
    if (step[i] >= 1 && step[i] <= steps) {
      order[fill[step[i]]++] = i;
      refs += m.blockStart[i + 1] - m.blockStart[i];
      pathLinks += placed[i].links.length;
    }
  const b = new ScheduleBuilder({
    algorithm: h.algorithm,
    collective: h.collective,
    nodeCount: h.ranks,
    blocks: h.blocks,
    pathKind: 'link-list',
    receiverKind: 'path-end',
    singleBlock: false,
    capacity: { transfers: order.length, blockRefs: refs, pathLinks },
  });
  const transferOf = new Int32Array(m.count).fill(-1);
  let k = 0;
  for (let s = 1; s <= steps; s++) {
    b.beginStep(h.phase);
    for (; k < at[s + 1]; k++) {
      const i = order[k];
      transferOf[i] = b.transferCount;
      const p = placed[i];
      b.addTransfer(
        m.src[i],
        p.links,
        [],
        p.channel,
        m.blocks.subarray(m.blockStart[i], m.blockStart[i + 1]),
      );
    }
  }
  const schedule = b.finish();
  return { schedule: h.chunkedReduction ? { ...schedule, chunkedReduction: true } : schedule, transferOf };
}
