/**
 * The symbolic replay: every chunk of every buffer holds the set of contributions it combines, as
 * ranges of ids (kernel/model/contributions.ts). Input chunk j of rank r starts as the one id
 * j·R + r (R ranks), so a chunk that was only copied holds one id — its origin — and a full sum of
 * chunk j over all ranks is the one range [j·R, j·R + R). A reduction that would add an id its chunk
 * already has counts a contribution twice (the verifier's rule for all-reduce, here per chunk).
 *
 * Steps run in an order the graph allows (the timing's topological order), each at its last node:
 * a send reads its source when it runs, a receive takes what the send read. In-place collectives
 * alias input and output as the runtime's callers do (msccl-tools, language/collectives.py):
 * all-gather's input chunk j of rank r is its output chunk r·c + j (c = i_chunks), reduce-scatter's
 * output chunk j is its input chunk r·c + j (c = o_chunks), the others share one buffer.
 */
import { firstCommon, union } from '../../kernel/model/contributions';
import type { Timing } from '../precedence';
import { placeOf, type Verdicts } from '../verdicts';
import type { Algo, Buf } from './model';
import { whereStep, type OpGraph } from './ops';
import { buffersUsed } from './rules';
import { REDUCES_RECEIVED } from './runtime';

export type Mode = 'in-place' | 'out-of-place';

type Value = Uint32Array | null;

/** Where each rank's buffers live in one array of chunks, with in-place aliasing. */
export class Buffers {
  readonly base: Uint32Array;
  readonly cells: number;
  /** Per rank: chunks of the input (or the one shared buffer), output and scratch segments. */
  private readonly seg: { i: number; o: number; s: number }[];
  /** Chunks per rank of all-gather's input and reduce-scatter's output (nchunksperloop / R). */
  readonly per: number;
  private readonly aliasIn: boolean;
  private readonly aliasOut: boolean;
  private readonly shared: boolean;

  constructor(
    readonly algo: Algo,
    readonly mode: Mode,
  ) {
    const R = algo.ngpus;
    const c = algo.collective;
    const inPlace = mode === 'in-place';
    this.aliasIn = inPlace && c === 'allgather';
    this.aliasOut = inPlace && c === 'reduce_scatter';
    this.shared = inPlace && !this.aliasIn && !this.aliasOut;
    const n = algo.nchunksperloop;
    this.per = n > 0 && n % R === 0 ? n / R : 0;
    this.seg = Array.from({ length: R }, (_, r) => {
      const g = algo.gpus[r] ?? { i: 0, o: 0, s: 0 };
      return this.shared ? { i: Math.max(g.i, g.o), o: 0, s: g.s } : { i: g.i, o: g.o, s: g.s };
    });
    this.base = new Uint32Array(R + 1);
    for (let r = 0; r < R; r++)
      this.base[r + 1] = this.base[r] + this.seg[r].i + this.seg[r].o + this.seg[r].s;
    this.cells = this.base[R];
  }

  /** Input chunks rank r starts with. */
  inputs(r: number): number {
    const g = this.algo.gpus[r];
    if (!g) return 0;
    return this.aliasIn ? Math.max(g.i, this.per) : this.shared ? this.seg[r].i : g.i;
  }

  /** The cell of chunk `index` of a buffer of rank r, or −1 outside the buffer. */
  cell(r: number, buf: Buf, index: number): number {
    if (index < 0) return -1;
    const g = this.seg[r];
    if (this.aliasIn && buf === 'i')
      return index < this.inputs(r) ? this.cell(r, 'o', r * (this.per || g.i) + index) : -1;
    if (this.aliasOut && buf === 'o') {
      const per = this.per || (this.algo.gpus[r]?.o ?? 0);
      return index < per ? this.cell(r, 'i', r * per + index) : -1;
    }
    const b = this.shared && buf === 'o' ? 'i' : buf;
    if (index >= g[b]) return -1;
    return this.base[r] + (b === 'i' ? 0 : b === 'o' ? g.i : g.i + g.o) + index;
  }
}

export interface DataFlow {
  mode: Mode;
  buffers: Buffers;
  /** What each chunk holds at the end (null: nothing was ever written there). */
  values: Value[];
  /** The step (global index) that last wrote each chunk, or −1. */
  writer: Int32Array;
  /** What each message carries, chunk by chunk. */
  payload: (Value[] | undefined)[];
  /** What each local step (copy, reduce, residual add) wrote, chunk by chunk; undefined for the others. */
  local: (Value[] | undefined)[];
}

/** Replays the data of every step that runs, reporting empty reads and double counts. */
export function replayData(
  a: Algo,
  ops: OpGraph,
  timing: Timing,
  mode: Mode,
  v: Verdicts,
  label: string,
): DataFlow {
  const R = a.ngpus;
  const buffers = new Buffers(a, mode);
  const values: Value[] = new Array<Value>(buffers.cells).fill(null);
  const writer = new Int32Array(buffers.cells).fill(-1);
  for (let r = 0; r < R; r++) {
    for (let j = 0; j < buffers.inputs(r); j++) {
      const c = buffers.cell(r, 'i', j);
      if (c >= 0) values[c] = Uint32Array.of(j * R + r, j * R + r + 1);
    }
  }
  const { steps, messages } = ops;
  const payload: (Value[] | undefined)[] = new Array(messages.count);
  const local: (Value[] | undefined)[] = new Array(steps.count);
  const inbound = new Int32Array(steps.count).fill(-1);
  const outbound = new Int32Array(steps.count).fill(-1);
  for (let i = 0; i < messages.count; i++) {
    outbound[messages.sender[i]] = i;
    inbound[messages.receiver[i]] = i;
  }
  const tag = label ? ` (${label})` : '';
  const describe = (id: number) => `chunk ${Math.floor(id / R)} of rank ${id % R}`;
  /** Reports the first empty read of a step. */
  const empty = (g: number, what: string) => {
    const where = whereStep(steps, g);
    v.error(
      'empty-read',
      where,
      `${placeOf(where)}${tag}: "${steps.type[g]}" ${what} that nothing has written`,
    );
  };
  /** x ⊕ y, reporting a contribution counted twice (m: the message received, or −1). */
  const combine = (x: Value, y: Value, g: number, i: number, m: number): Value => {
    if (!x || !y) return x ?? y;
    const common = firstCommon(x, y);
    if (common >= 0) {
      const where = whereStep(steps, g);
      v.error(
        'double-count',
        { ...where, ...(m >= 0 ? { message: m } : {}) },
        `${placeOf(where)}${tag}: "${steps.type[g]}" adds ${describe(common)} into chunk ${i} again: it would count twice`,
      );
    }
    return union(x, y);
  };

  const { order } = timing;
  for (let at = 0; at < order.length; at++) {
    const node = order[at];
    const g = ops.stepOfNode[node];
    const type = steps.type[g];
    if (steps.last[g] !== node || steps.bad[g] || type === 'nop') continue;
    const rank = steps.rank[g];
    const srcbuf = steps.srcbuf[g];
    const srcoff = steps.srcoff[g];
    const dstbuf = steps.dstbuf[g];
    const dstoff = steps.dstoff[g];
    const use = buffersUsed(type);
    const m = inbound[g];
    const incoming = m >= 0 ? payload[m] : undefined;
    const k = steps.cnt[g];
    const out: Value[] = outbound[g] >= 0 ? new Array<Value>(k) : [];
    const wrote: Value[] | undefined = m < 0 && outbound[g] < 0 && use.dst ? [] : undefined;
    let reported = false;
    for (let i = 0; i < k; i++) {
      const got = incoming ? (incoming[i] ?? null) : null;
      let local: Value = null;
      if (use.src) {
        const c = buffers.cell(rank, srcbuf, srcoff + i);
        local = c >= 0 ? values[c] : null;
        if (!local && !reported) {
          reported = true;
          empty(g, `reads ${bufferName(srcbuf)} chunk ${srcoff + i}`);
        }
      }
      const dst = use.dst ? buffers.cell(rank, dstbuf, dstoff + i) : -1;
      let x: Value;
      switch (type) {
        case 's':
        case 'cpy':
          x = local;
          break;
        case 'r':
        case 'rcs':
          x = got;
          break;
        case 're':
        case 'ra': {
          const mine = dst >= 0 ? values[dst] : null;
          if (!mine && !reported) {
            reported = true;
            empty(g, `adds into ${bufferName(dstbuf)} chunk ${dstoff + i}`);
          }
          x = combine(mine, local, g, i, -1);
          break;
        }
        default:
          x = REDUCES_RECEIVED.has(type) ? combine(got, local, g, i, m) : got;
      }
      if (out.length) out[i] = x;
      if (dst >= 0) {
        values[dst] = x;
        writer[dst] = g;
      }
      wrote?.push(x);
    }
    if (outbound[g] >= 0) payload[outbound[g]] = out;
    local[g] = wrote;
  }
  return { mode, buffers, values, writer, payload, local };
}

const bufferName = (b: Buf) => (b === 'i' ? 'input' : b === 'o' ? 'output' : 'scratch');
