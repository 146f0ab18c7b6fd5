import { describe, expect, it } from 'vitest';
import { runToEnd } from '../kernel/jobs';
import { defaultsOf, type ParamValues } from '../kernel/params/schema';
import { CLI_LIMITS } from '../limits';
import { ALGORITHMS } from '../registry';
import { run } from '../run';
import { ExportRefused } from './export-source';
import {
  messageCount,
  OP_RECV,
  OP_RECV_REDUCE,
  OP_RECV_REPLACE,
  OP_SEND,
  PROGRAM_MAX_MESSAGES,
  programJob,
  type Program,
} from './program';
import { recursiveDoubling } from './test-schedules.test-util';

const build = (id: string, params: ParamValues = {}) =>
  run(id, { ...defaultsOf(ALGORITHMS.find((a) => a.id === id)!.params), ...params }, CLI_LIMITS);
const programOf = (id: string, params: ParamValues = {}, partialBytes?: number) => {
  const r = build(id, params);
  return { r, p: runToEnd(programJob(r.schedule, r.topology, { partialBytes })) };
};
/** Rank r's ops as [kind, peer, step] and what each waits for (indices within the rank). */
const opsOf = (p: Program, r: number) =>
  Array.from({ length: p.opStart[r + 1] - p.opStart[r] }, (_, j) => {
    const i = p.opStart[r] + j;
    const base = p.opStart[r];
    const waits = Array.from(p.waits.subarray(p.waitStart[i], p.waitStart[i + 1]), (w) => w - base);
    return {
      kind: p.kind[i],
      peer: p.peer[i],
      step: p.step[i],
      after: [p.afterFrom[i] - base, p.afterTo[i] - base],
      waits,
    };
  });

describe('the program per rank', () => {
  it('ring all-gather: each rank sends then receives in every step, each step after the previous one', () => {
    const { r, p } = programOf('ring-allgather', { nodes: 4, 'message-bytes': 1000 });
    expect(p.messages).toBe(12);
    expect(p.ops).toBe(24);
    expect(p.lanes).toBe(1);
    const ops = opsOf(p, 0);
    expect(ops.map((o) => [o.kind, o.step])).toEqual([
      [OP_SEND, 1],
      [OP_RECV, 1],
      [OP_SEND, 2],
      [OP_RECV, 2],
      [OP_SEND, 3],
      [OP_RECV, 3],
    ]);
    // Step 1 waits for nothing; step k for both ops of step k − 1.
    expect(ops.map((o) => o.after)).toEqual([
      [0, 0],
      [0, 0],
      [0, 2],
      [0, 2],
      [2, 4],
      [2, 4],
    ]);
    expect(ops.every((o) => o.waits.length === 0)).toBe(true);
    // Every message: its send and its receive name each other's ranks, same step; bytes are its blocks'.
    for (let k = 0; k < p.messages; k++) {
      const [s, v] = [p.msgSend[k], p.msgRecv[k]];
      expect(p.step[s]).toBe(p.step[v]);
      expect(p.transfer[s]).toBe(p.transfer[v]);
      expect(p.msgBytes[k]).toBe(r.schedule.blocks.bytes);
    }
    expect(r.schedule.blocks.bytes).toBe(1000);
  });

  it('a transfer to several receivers is one message each (the star broadcasts to three at once)', () => {
    const { r, p } = programOf('star-broadcast', { nodes: 8 });
    expect(r.schedule.receivers.kind).toBe('list');
    expect(p.messages).toBe(messageCount(r.schedule));
    expect(p.messages).toBeGreaterThan(r.schedule.transferCount);
    let sends = 0;
    for (let i = 0; i < p.ops; i++) if (p.kind[i] === OP_SEND) sends++;
    expect(sends).toBe(p.messages);
  });

  it("all-reduce: a receive folds after the step's sends and after the receive before it; the complete result replaces", () => {
    const { p } = programOf('mesh-allreduce', {}, 64);
    // Rank 1 of the 4 × 4 mesh takes three partials in step 1 (from 0, 2 and 5) and sends in step 2.
    const ops = opsOf(p, 1);
    const step1 = ops.filter((o) => o.step === 1);
    expect(step1.map((o) => [o.kind, o.peer])).toEqual([
      [OP_RECV_REDUCE, 0],
      [OP_RECV_REDUCE, 2],
      [OP_RECV_REDUCE, 5],
    ]);
    expect(step1.map((o) => o.waits)).toEqual([[], [0], [1]]);
    expect([...p.kind].some((k) => k === OP_RECV_REPLACE)).toBe(true);
    expect(p.msgBytes.every((b) => b === 64)).toBe(true);
  });

  it('all-reduce by recursive doubling (a file): each receive waits for the send of its own step', () => {
    const r = recursiveDoubling(4);
    expect(r.report.ok).toBe(true);
    const p = runToEnd(programJob(r.schedule, r.topology));
    for (let rank = 0; rank < 4; rank++) {
      const ops = opsOf(p, rank);
      expect(ops.map((o) => [o.kind, o.step])).toEqual([
        [OP_SEND, 1],
        [OP_RECV_REDUCE, 1],
        [OP_SEND, 2],
        [OP_RECV_REDUCE, 2],
      ]);
      expect(ops.map((o) => o.waits)).toEqual([[], [0], [], [2]]);
    }
  });

  it(`refuses more than ${PROGRAM_MAX_MESSAGES.toLocaleString('en-US')} messages before building anything`, () => {
    const r = build('ring-allgather', { nodes: 510 });
    expect(() => runToEnd(programJob(r.schedule, r.topology))).toThrow(ExportRefused);
    expect(() => runToEnd(programJob(r.schedule, r.topology))).toThrow(
      /259,590 messages; .* at most 250,000/,
    );
  });
});
