/**
 * The MSCCL round trip for tests (issue 26): a Lab schedule written as MSCCL XML and read back by the
 * importer, with its messages listed three ways to compare — as imported, as the Lab has them, and
 * at the earliest step the exported program allows (a rank's program keeps its own order, not the
 * Lab's waits for busy links; docs/interop.md, "One program per rank").
 */
import { expect } from 'vitest';
import { runToEnd } from '../../kernel/jobs';
import { pairSource } from '../../kernel/model/block-pairs';
import { receiversOf } from '../../kernel/model/paths';
import { blockIdsOf, type Schedule } from '../../kernel/model/schedule';
import { partialBytesOf, type ExportSource } from '../export-source';
import { importMsccl } from '../import';
import { OP_SEND, programJob, type Program } from '../program';
import { rankOf } from './threadblocks';
import { mscclJob, mscclXmlText } from './msccl-export';

const originOf = (s: Schedule, b: number) =>
  s.blocks.kind === 'pairs' ? pairSource(s.blocks.nodes, b) : s.blocks.origin[b];

/**
 * The earliest step of every message in the exported program: a send one step after everything its
 * op waits for, a receive when its send is done and what it waits for is.
 */
function programSteps(p: Program): Uint32Array {
  const finish = new Uint32Array(p.ops);
  const ready = (op: number) => {
    let t = 0;
    for (let k = p.afterFrom[op]; k < p.afterTo[op]; k++) t = Math.max(t, finish[k]);
    for (let k = p.waitStart[op]; k < p.waitStart[op + 1]; k++) t = Math.max(t, finish[p.waits[k]]);
    return t;
  };
  const step = new Uint32Array(p.messages);
  for (let s = 1; s < p.msgStepStart.length; s++) {
    const from = p.msgStepStart[s - 1];
    const to = p.msgStepStart[s];
    for (let m = from; m < to; m++) finish[p.msgSend[m]] = step[m] = ready(p.msgSend[m]) + 1;
    // Receives in program order: one may wait for the receive before it in its step.
    const recvs = Array.from({ length: to - from }, (_, i) => p.msgRecv[from + i]).sort((a, b) => a - b);
    for (const op of recvs) finish[op] = Math.max(finish[p.msgSend[p.message[op]]], ready(op));
  }
  return step;
}

/** Every message as "sender>receiver @step: ids" — ids as the importer numbers input chunks (j·R + r). */
function labMessages(src: ExportSource, p: Program, steps: Uint32Array, id: (b: number) => number) {
  const s = src.schedule;
  const out: string[] = [];
  for (let m = 0; m < p.messages; m++) {
    const send = p.msgSend[m];
    expect(p.kind[send]).toBe(OP_SEND);
    const ids = [...new Set([...blockIdsOf(s, p.transfer[send])].map(id))].sort((a, b) => a - b);
    out.push(`${rankOf(p, send)}>${p.peer[send]} @${steps[m]}: ${ids.join(',')}`);
  }
  return out.sort();
}

/** Exports, imports, and compares; returns what the comparison found for the caller's own checks. */
export function roundTrip(src: ExportSource) {
  const s = src.schedule;
  const f = runToEnd(mscclJob(src));
  const xml = [...mscclXmlText(f)].join('');
  const imp = importMsccl(xml, { name: `${src.algorithm}.xml` });
  const program = runToEnd(programJob(s, src.topology, { partialBytes: partialBytesOf(src) }));
  const R = s.nodeCount;
  // The importer's id of a Lab block: input chunk j of rank r is j·R + r (an all-reduce's block is
  // its origin's contribution, chunk 0).
  const id = (b: number) => {
    const o = originOf(s, b);
    return f.layout.coll === 'allreduce' ? o : f.layout.input(o, b) * R + o;
  };
  const earliest = programSteps(program);
  const labSteps = new Uint32Array(program.messages);
  for (let m = 0; m < program.messages; m++) labSteps[m] = program.step[program.msgSend[m]];
  const imported: string[] = [];
  const t = imp.schedule;
  const to = new Uint32Array(t.nodeCount);
  for (let step = 1; step <= t.stepCount; step++)
    for (let k = t.stepStart[step - 1]; k < t.stepStart[step]; k++) {
      const ids = [...blockIdsOf(t, k)].sort((a, b) => a - b).join(',');
      // The importer's transfers are point to point: one receiver each.
      expect(receiversOf(t, imp.topology, k, to)).toBe(1);
      imported.push(`${t.src[k]}>${to[0]} @${step}: ${ids}`);
    }
  const earlier = Array.from(labSteps, (lab, m) => lab - earliest[m]);
  return {
    imp,
    file: f,
    earlier,
    imported: imported.sort(),
    asLab: labMessages(src, program, labSteps, id),
    asProgram: labMessages(src, program, earliest, id),
  };
}
