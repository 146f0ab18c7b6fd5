/**
 * Races between the steps of one rank. The GPU runs a rank's threadblocks at once; only the order of
 * steps within a threadblock and the dependencies (`depid`, `deps`) order steps of different
 * threadblocks. Two steps that touch the same chunk, one of them writing it, must be ordered so;
 * otherwise the result depends on timing — which the replay, one order among many, cannot show.
 * Aliased buffers (in place) are one chunk, as the replay sees them (dataflow.ts, Buffers).
 *
 * A rank's steps are one run of `ops.steps` (ops.ts), so a step's index within its rank is its
 * global index less the rank's first; everything here is kept in typed arrays by those numbers.
 */
import { placeOf, type Verdicts } from '../verdicts';
import type { Buffers } from './dataflow';
import { whereStep, type OpGraph } from './ops';
import { buffersUsed } from './rules';

/** Most steps of one rank checked for races (its order is kept as steps² bits: 8 MB here). */
export const MAX_RACE_STEPS = 8192;

/** Reports every pair of steps of one rank that touch a chunk (one writing) with no order between them. */
export function reportRaces(ops: OpGraph, order: Uint32Array, buffers: Buffers, v: Verdicts, tag: string) {
  const { steps } = ops;
  // A rank's steps in the order the replay ran them (a topological order of all waits).
  const ran: number[][] = [];
  for (let k = 0; k < order.length; k++) {
    const node = order[k];
    const g = ops.stepOfNode[node];
    if (steps.last[g] === node) (ran[steps.rank[g]] ??= []).push(g);
  }
  const cells = new Cells(buffers.cells);
  for (let start = 0; start < steps.count;) {
    const rank = steps.rank[start];
    let end = start + 1;
    while (end < steps.count && steps.rank[end] === rank) end++;
    const count = end - start;
    if (count > MAX_RACE_STEPS)
      v.note(
        'race',
        `rank ${rank} has ${count.toLocaleString('en-US')} steps: races are checked up to ${MAX_RACE_STEPS.toLocaleString('en-US')} steps a rank`,
      );
    else checkRank(ops, ran[rank] ?? [], orderedBefore(ops, start, end), buffers, cells, v, tag);
    start = end;
  }
}

/**
 * Whether step a, which ran before step b, is ordered before it by the rank's own order (global
 * indexes). Two steps of one threadblock always are (each waits for the one before it); the whole
 * order is worked out only when steps of two threadblocks first meet on a chunk, which in many files
 * never happens.
 */
type Before = (a: number, b: number) => boolean;

function orderedBefore(ops: OpGraph, start: number, end: number): Before {
  let order: Before | null = null;
  const { tb } = ops.steps;
  return (a, b) => tb[a] === tb[b] || (order ??= rankOrder(ops, start, end))(a, b);
}

/**
 * The order of the rank's steps `start … end − 1`: threadblock order and dependencies, closed
 * transitively (a bit matrix).
 */
function rankOrder(ops: OpGraph, start: number, end: number): Before {
  const N = end - start;
  // Each step waits for at most two others of its rank: the one before it and its dependency.
  const prev = new Int32Array(N).fill(-1);
  const dep = new Int32Array(N).fill(-1);
  // Where each threadblock's steps start (local index), and how many it has.
  let ids = 0;
  const { tb: tbOf, pos, bad, depid, deps } = ops.steps;
  for (let x = 0; x < N; x++) ids = Math.max(ids, tbOf[start + x] + 1);
  const tbStart = new Int32Array(ids).fill(-1);
  const tbCount = new Int32Array(ids);
  for (let x = 0; x < N; x++) {
    const tb = tbOf[start + x];
    if (tbStart[tb] < 0) tbStart[tb] = x;
    tbCount[tb]++;
  }
  for (let x = 0; x < N; x++) {
    const g = start + x;
    const d = depid[g];
    if (pos[g] > 0) prev[x] = x - 1;
    if (!bad[g] && d >= 0 && d < ids && tbStart[d] >= 0) {
      if (deps[g] >= 0 && deps[g] < tbCount[d]) {
        const y = tbStart[d] + deps[g];
        if (y !== x) dep[x] = y;
      }
    }
  }
  const words = (N + 31) >> 5;
  const reach = new Uint32Array(N * words);
  const join = (x: number, y: number) => {
    reach[x * words + (y >> 5)] |= 1 << (y & 31);
    for (let w = 0; w < words; w++) reach[x * words + w] |= reach[y * words + w];
  };
  // Predecessors first (an explicit stack: threadblocks can be long); a cycle (a deadlock, reported
  // elsewhere) is cut where it closes.
  const state = new Uint8Array(N);
  const stack = new Int32Array(2 * N + 1);
  for (let s = 0; s < N; s++) {
    if (state[s]) continue;
    let top = 0;
    stack[top++] = s;
    while (top > 0) {
      const x = stack[top - 1];
      if (state[x] === 0) {
        state[x] = 1;
        if (prev[x] >= 0 && state[prev[x]] === 0) stack[top++] = prev[x];
        if (dep[x] >= 0 && state[dep[x]] === 0) stack[top++] = dep[x];
        continue;
      }
      top--;
      if (state[x] === 2) continue;
      state[x] = 2;
      if (prev[x] >= 0) join(x, prev[x]);
      if (dep[x] >= 0) join(x, dep[x]);
    }
  }
  return (a, b) => {
    const x = a - start;
    return (reach[(b - start) * words + (x >> 5)] & (1 << (x & 31))) !== 0;
  };
}

/**
 * Per chunk: the step that last wrote it and the steps that read it since, in order (a list per
 * chunk, kept in growing typed arrays). Ranks use disjoint chunks, so one serves them all.
 */
class Cells {
  readonly lastWrite: Int32Array;
  /** First and last entry of each chunk's list of reads (−1: none). */
  readonly head: Int32Array;
  private readonly tail: Int32Array;
  step = new Int32Array(1024);
  next = new Int32Array(1024);
  private used = 0;

  constructor(cells: number) {
    this.lastWrite = new Int32Array(cells).fill(-1);
    this.head = new Int32Array(cells).fill(-1);
    this.tail = new Int32Array(cells).fill(-1);
  }

  read(cell: number, g: number): void {
    if (this.used === this.step.length) {
      const step = new Int32Array(this.used * 2);
      const next = new Int32Array(this.used * 2);
      step.set(this.step);
      next.set(this.next);
      this.step = step;
      this.next = next;
    }
    const e = this.used++;
    this.step[e] = g;
    this.next[e] = -1;
    if (this.tail[cell] >= 0) this.next[this.tail[cell]] = e;
    else this.head[cell] = e;
    this.tail[cell] = e;
  }

  write(cell: number, g: number): void {
    this.lastWrite[cell] = g;
    this.head[cell] = this.tail[cell] = -1;
  }
}

/** Walks the rank's steps as they ran: each access against the last write, each write against the reads since. */
function checkRank(
  ops: OpGraph,
  ran: number[],
  before: Before,
  buffers: Buffers,
  cells: Cells,
  v: Verdicts,
  tag: string,
) {
  const seen = new Set<string>();
  /** The chunk is named by its buffer and index, put into words only for a race (most have none). */
  const race = (a: number, b: number, buf: string, index: number) => {
    const key = a < b ? `${a},${b}` : `${b},${a}`;
    if (seen.has(key)) return;
    seen.add(key);
    const [p, q] = [whereStep(ops.steps, a), whereStep(ops.steps, b)];
    const [pType, qType] = [ops.steps.type[a], ops.steps.type[b]];
    v.error(
      'race',
      q,
      `${placeOf(q)}${tag ? ` (${tag})` : ''}: "${qType}" and threadblock ${p.tb}, step ${p.step} ("${pType}") both use ${chunkName(buf, index)}, one writing it, and no dependency orders them`,
    );
  };
  const { lastWrite } = cells;
  for (let k = 0; k < ran.length; k++) {
    const g = ran[k];
    const steps = ops.steps;
    const type = steps.type[g];
    if (steps.bad[g] || type === 'nop') continue;
    const rank = steps.rank[g];
    const cnt = steps.cnt[g];
    const srcbuf = steps.srcbuf[g];
    const srcoff = steps.srcoff[g];
    const dstbuf = steps.dstbuf[g];
    const dstoff = steps.dstoff[g];
    const use = buffersUsed(type);
    for (let i = 0; i < cnt; i++) {
      const src = use.src ? buffers.cell(rank, srcbuf, srcoff + i) : -1;
      const dst = use.dst ? buffers.cell(rank, dstbuf, dstoff + i) : -1;
      // A copy onto itself (in place, a rank's own chunk) changes nothing.
      if (type === 'cpy' && src === dst) continue;
      if (src >= 0) {
        const w = lastWrite[src];
        if (w >= 0 && w !== g && !before(w, g)) race(w, g, srcbuf, srcoff + i);
        cells.read(src, g);
      }
      if (dst >= 0) {
        const w = lastWrite[dst];
        if (w >= 0 && w !== g && !before(w, g)) race(w, g, dstbuf, dstoff + i);
        for (let e = cells.head[dst]; e >= 0; e = cells.next[e]) {
          const r = cells.step[e];
          if (r !== g && !before(r, g)) race(r, g, dstbuf, dstoff + i);
        }
        cells.write(dst, g);
      }
    }
  }
}

const chunkName = (b: string, k: number) =>
  `${b === 'i' ? 'input' : b === 'o' ? 'output' : 'scratch'} chunk ${k}`;
