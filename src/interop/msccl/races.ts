/**
 * Races between the steps of one rank. The GPU runs a rank's threadblocks at once; only the order of
 * steps within a threadblock and the dependencies (`depid`, `deps`) order steps of different
 * threadblocks. Two steps that touch the same chunk, one of them writing it, must be ordered so;
 * otherwise the result depends on timing — which the replay, one order among many, cannot show.
 * Aliased buffers (in place) are one chunk, as the replay sees them (dataflow.ts, Buffers).
 */
import { placeOf, type Verdicts } from '../verdicts';
import type { Buffers } from './dataflow';
import type { OpGraph } from './ops';
import { buffersUsed } from './rules';

/** Most steps of one rank checked for races (its order is kept as steps² bits: 8 MB here). */
export const MAX_RACE_STEPS = 8192;

/** Reports every pair of steps of one rank that touch a chunk (one writing) with no order between them. */
export function reportRaces(ops: OpGraph, order: Uint32Array, buffers: Buffers, v: Verdicts, tag: string) {
  const byRank = new Map<number, number[]>();
  ops.steps.forEach((p, g) => {
    const list = byRank.get(p.rank);
    if (list) list.push(g);
    else byRank.set(p.rank, [g]);
  });
  // A rank's steps in the order the replay ran them (a topological order of all waits).
  const ran: number[][] = [];
  for (const node of order) {
    const g = ops.stepOfNode[node];
    const p = ops.steps[g];
    if (p.last === node) (ran[p.rank] ??= []).push(g);
  }
  for (const [rank, steps] of byRank) {
    if (steps.length > MAX_RACE_STEPS) {
      v.note(
        'race',
        `rank ${rank} has ${steps.length.toLocaleString('en-US')} steps: races are checked up to ${MAX_RACE_STEPS.toLocaleString('en-US')} steps a rank`,
      );
      continue;
    }
    const before = rankOrder(ops, steps);
    checkRank(ops, ran[rank] ?? [], before, buffers, v, tag);
  }
}

/** Whether step a (global index) is ordered before step b by the rank's own order. */
type Before = (a: number, b: number) => boolean;

/** The rank's order: threadblock order and dependencies, closed transitively (a bit matrix). */
function rankOrder(ops: OpGraph, steps: number[]): Before {
  const N = steps.length;
  const local = new Map<number, number>();
  steps.forEach((g, x) => local.set(g, x));
  const at = new Map<string, number>();
  steps.forEach((g, x) => at.set(`${ops.steps[g].tb}:${ops.steps[g].step.pos}`, x));
  const preds = steps.map((g, x) => {
    const p = ops.steps[g];
    const out: number[] = [];
    if (p.step.pos > 0) {
      const prev = at.get(`${p.tb}:${p.step.pos - 1}`);
      if (prev !== undefined) out.push(prev);
    }
    if (!p.step.bad && p.step.depid >= 0) {
      const dep = at.get(`${p.step.depid}:${p.step.deps}`);
      if (dep !== undefined && dep !== x) out.push(dep);
    }
    return out;
  });
  const words = (N + 31) >> 5;
  const reach = new Uint32Array(N * words);
  // Predecessors first (an explicit stack: threadblocks can be long); a cycle (a deadlock, reported
  // elsewhere) is cut where it closes.
  const state = new Uint8Array(N);
  for (let s = 0; s < N; s++) {
    if (state[s]) continue;
    const stack = [s];
    while (stack.length) {
      const x = stack[stack.length - 1];
      if (state[x] === 0) {
        state[x] = 1;
        for (const y of preds[x]) if (state[y] === 0) stack.push(y);
        continue;
      }
      stack.pop();
      if (state[x] === 2) continue;
      state[x] = 2;
      for (const y of preds[x]) {
        reach[x * words + (y >> 5)] |= 1 << (y & 31);
        for (let w = 0; w < words; w++) reach[x * words + w] |= reach[y * words + w];
      }
    }
  }
  return (a, b) => {
    const x = local.get(a)!;
    return (reach[local.get(b)! * words + (x >> 5)] & (1 << (x & 31))) !== 0;
  };
}

/** Walks the rank's steps as they ran: each access against the last write, each write against the reads since. */
function checkRank(ops: OpGraph, ran: number[], before: Before, buffers: Buffers, v: Verdicts, tag: string) {
  const lastWrite = new Map<number, number>();
  const reads = new Map<number, number[]>();
  const seen = new Set<string>();
  /** `cell` names the chunk, called only for a race (most writes race with nothing). */
  const race = (a: number, b: number, cell: () => string) => {
    const key = a < b ? `${a},${b}` : `${b},${a}`;
    if (seen.has(key)) return;
    seen.add(key);
    const [p, q] = [ops.steps[a], ops.steps[b]];
    const where = { rank: q.rank, tb: q.tb, step: q.step.pos };
    v.error(
      'race',
      where,
      `${placeOf(where)}${tag ? ` (${tag})` : ''}: "${q.step.type}" and threadblock ${p.tb}, step ${p.step.pos} ("${p.step.type}") both use ${cell()}, one writing it, and no dependency orders them`,
    );
  };
  for (const g of ran) {
    const p = ops.steps[g];
    const st = p.step;
    if (st.bad || st.type === 'nop') continue;
    const use = buffersUsed(st.type);
    for (let i = 0; i < st.cnt; i++) {
      const src = use.src ? buffers.cell(p.rank, st.srcbuf, st.srcoff + i) : -1;
      const dst = use.dst ? buffers.cell(p.rank, st.dstbuf, st.dstoff + i) : -1;
      // A copy onto itself (in place, a rank's own chunk) changes nothing.
      if (st.type === 'cpy' && src === dst) continue;
      if (src >= 0) {
        const w = lastWrite.get(src);
        if (w !== undefined && w !== g && !before(w, g))
          race(w, g, () => chunkName(st.srcbuf, st.srcoff + i));
        const list = reads.get(src);
        if (list) list.push(g);
        else reads.set(src, [g]);
      }
      if (dst >= 0) {
        const name = () => chunkName(st.dstbuf, st.dstoff + i);
        const w = lastWrite.get(dst);
        if (w !== undefined && w !== g && !before(w, g)) race(w, g, name);
        const readers = reads.get(dst);
        if (readers) for (const r of readers) if (r !== g && !before(r, g)) race(r, g, name);
        lastWrite.set(dst, g);
        reads.delete(dst);
      }
    }
  }
}

const chunkName = (b: string, k: number) =>
  `${b === 'i' ? 'input' : b === 'o' ? 'output' : 'scratch'} chunk ${k}`;
