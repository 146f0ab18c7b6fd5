import type { Job } from '../../kernel/jobs';
import { describeSource, pacer, partialBytesOf, type ExportSource } from '../export-source';
import { OP_RECV_REDUCE, OP_RECV_REPLACE, OP_SEND, programJob, type Program } from '../program';
import { ET_VERSION, NODE_TYPE } from './et-schema';
import { attr, etWriter, writeDelimited, type EtMessage } from './et-writer';
import { zipParts } from './zip-store';

/**
 * A Lab schedule as Chakra execution traces (mlcommons/chakra), one `.et` file per rank, for
 * ASTRA-sim: each op of the rank's program (src/interop/program.ts) is a COMM_SEND_NODE or
 * COMM_RECV_NODE with its peer, size and tag; a receive folded into an all-reduce's partial is
 * followed by a COMP_NODE (the reduction). A node's `data_deps` are the nodes it waits for — the
 * rank's previous step (the Lab's order; ASTRA-sim's trace feeder honours only data_deps) and, in a
 * reduction, the nodes of its step touching the same partial. What is lost: docs/interop.md.
 */
export interface ChakraTraces {
  /** File names are `<stem>.<rank>.et`; ASTRA-sim takes the path without `.<rank>.et`. */
  stem: string;
  files: { name: string; bytes: Uint8Array }[];
}

/** Elements a reduction adds, assuming 4-byte values (the Lab's models do not say). */
const BYTES_PER_ELEMENT = 4;

export function* chakraJob(src: ExportSource, stem: string): Job<ChakraTraces> {
  const s = src.schedule;
  const p = yield* programJob(s, src.topology, { partialBytes: partialBytesOf(src) });
  const last = new Float64Array(p.ops); // each op's last node id on its rank
  const files: ChakraTraces['files'] = [];
  const pace = pacer(128);
  for (let r = 0; r < p.ranks; r++) {
    const w = etWriter();
    writeDelimited(w, 'GlobalMetadata', {
      version: ET_VERSION,
      attr: [
        attr.string('source', `Optical Collectives Lab: ${describeSource(src)}`),
        attr.int64('rank', r),
        attr.int64('ranks', p.ranks),
        attr.int64('real_ranks', src.realNodes),
        attr.int64('lab_steps', s.stepCount),
      ],
    });
    let id = 0;
    for (let i = p.opStart[r]; i < p.opStart[r + 1]; i++) {
      const deps: number[] = [];
      for (let j = p.afterFrom[i]; j < p.afterTo[i]; j++) deps.push(last[j]);
      const same: number[] = [];
      for (let q = p.waitStart[i]; q < p.waitStart[i + 1]; q++) same.push(last[p.waits[q]]);
      const k = p.kind[i];
      if (k === OP_RECV_REPLACE) deps.push(...same);
      writeDelimited(w, 'Node', commNode(p, i, r, id, deps));
      if (k === OP_RECV_REDUCE) {
        id++;
        writeDelimited(w, 'Node', reduceNode(p, i, id, [id - 1, ...same]));
      }
      last[i] = id++;
      if (pace()) yield;
    }
    files.push({ name: `${stem}.${r}.et`, bytes: w.finish() });
    yield;
  }
  return { stem, files };
}

function commNode(p: Program, i: number, r: number, id: number, deps: number[]): EtMessage {
  const send = p.kind[i] === OP_SEND;
  const m = p.message[i];
  const peer = p.peer[i];
  return {
    id,
    name: `${send ? 'send to' : 'receive from'} ${peer} (step ${p.step[i]}, transfer ${p.transfer[i]})`,
    type: send ? NODE_TYPE.COMM_SEND_NODE : NODE_TYPE.COMM_RECV_NODE,
    data_deps: deps,
    attr: [
      attr.bool('is_cpu_op', false),
      attr.int32('comm_src', send ? r : peer),
      attr.int32('comm_dst', send ? peer : r),
      attr.int32('comm_tag', m),
      attr.int64('comm_size', Math.round(p.msgBytes[m])),
      attr.int64('lab_step', p.step[i]),
      attr.int64('lab_transfer', p.transfer[i]),
    ],
  };
}

function reduceNode(p: Program, i: number, id: number, deps: number[]): EtMessage {
  const bytes = Math.round(p.msgBytes[p.message[i]]);
  return {
    id,
    name: `reduce the partial from ${p.peer[i]} (step ${p.step[i]})`,
    type: NODE_TYPE.COMP_NODE,
    data_deps: deps,
    attr: [
      attr.bool('is_cpu_op', false),
      attr.int64('num_ops', Math.ceil(bytes / BYTES_PER_ELEMENT)),
      attr.uint64('tensor_size', bytes),
      attr.int64('lab_step', p.step[i]),
    ],
  };
}

/** The traces' file stem: the algorithm id (or the file's name), safe as a file name. */
export function chakraStem(src: Pick<ExportSource, 'algorithm' | 'source'>): string {
  const base = src.source ? src.source.name.replace(/\.[^.]*$/, '') : src.algorithm;
  return base.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '') || 'schedule';
}

/**
 * The traces as one ZIP archive (the page's download: a browser saves one file per click), built in
 * slices: empty parts are pauses.
 */
export function* chakraZipParts(src: ExportSource): Generator<Uint8Array, void, undefined> {
  const job = chakraJob(src, chakraStem(src));
  for (;;) {
    const step = job.next();
    if (step.done) return yield* zipParts(step.value.files);
    yield new Uint8Array(0);
  }
}
