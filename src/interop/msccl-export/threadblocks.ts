import type { Job } from '../../kernel/jobs';
import { ExportRefused, pacer } from '../export-source';
import { OP_SEND, type Program } from '../program';
import { lastAtMost } from '../../kernel/util/search';
import type { ChunkLayout } from './layout';
import { beyond, MSCCL_LIMITS } from './limits';
import { IN, OUT, type Placement } from './placement';

const TYPES = ['s', 'r', 'cpy', 're'] as const;

/** One `<step>` of a threadblock (buffers as indices into BUFFERS). */
export interface MscclStep {
  type: 's' | 'r' | 'cpy' | 're' | 'nop';
  srcbuf: number;
  srcoff: number;
  dstbuf: number;
  dstoff: number;
  cnt: number;
  depid: number;
  deps: number;
  hasdep: 0 | 1;
}

export interface MscclThreadblock {
  send: number;
  recv: number;
  chan: number;
  steps: MscclStep[];
}

export interface MscclGpu {
  scratch: number;
  tbs: MscclThreadblock[];
}

/**
 * The MSCCL channel of a message from a to b: its lane (messages the pair exchanges in parallel in one
 * step each get their own channel) and, when a rank talks to more peers than one channel may carry,
 * a group of peers (a's peers spread over `groups` channels by their distance from a).
 */
export function channelOf(lane: number, a: number, b: number, n: number, groups: number): number {
  return lane * groups + (((((b - a) % n) + n) % n) % groups);
}

/**
 * The fewest peer groups that keep every rank within 32 sending and 32 receiving threadblocks per
 * channel (one threadblock per peer, direction and channel); refused when no number of channels
 * within the runtime's 32 does.
 */
export function* peerGroupsJob(p: Program, algorithm: string): Job<number> {
  const pace = pacer(2048);
  const lim = MSCCL_LIMITS.threadblocksPerChannel;
  let worst = '';
  for (let g = 1; p.lanes * g <= MSCCL_LIMITS.channels.value; g++) {
    const tbs = new Set<number>();
    const perChannel = new Map<number, number>();
    let fits = true;
    for (let i = 0; i < p.ops && fits; i++) {
      if (pace()) yield;
      const r = rankOf(p, i);
      const send = p.kind[i] === OP_SEND;
      const chan = send
        ? channelOf(p.lane[i], r, p.peer[i], p.ranks, g)
        : channelOf(p.lane[i], p.peer[i], r, p.ranks, g);
      const tb = ((r * 2 + (send ? 0 : 1)) * p.ranks + p.peer[i]) * 64 + chan;
      if (tbs.has(tb)) continue;
      tbs.add(tb);
      const key = (r * 2 + (send ? 0 : 1)) * 64 + chan;
      const k = (perChannel.get(key) ?? 0) + 1;
      perChannel.set(key, k);
      if (k > lim.value) {
        fits = false;
        worst = beyond(lim, k, `rank ${r} (channel ${chan})`);
      }
    }
    if (fits) return g;
  }
  throw new ExportRefused(
    `${algorithm}: ${worst || beyond(MSCCL_LIMITS.channels, p.lanes, 'messages a pair exchanges in one step')}`,
  );
}

/**
 * Refuses early, before anything is laid out, a program with more messages between one rank and one
 * peer in one direction and lane than a threadblock has steps: each message is at least one step of
 * the threadblock that carries it (a ring all-gather of N ranks has N − 1 on each).
 */
export function* stepsBoundJob(p: Program, algorithm: string): Job<void> {
  const lim = MSCCL_LIMITS.stepsPerThreadblock;
  const pace = pacer(2048);
  for (let r = 0; r < p.ranks; r++) {
    const count = new Map<number, number>();
    for (let i = p.opStart[r]; i < p.opStart[r + 1]; i++) {
      const key = ((p.kind[i] === OP_SEND ? 0 : 1) * p.ranks + p.peer[i]) * 65536 + p.lane[i];
      const k = (count.get(key) ?? 0) + 1;
      count.set(key, k);
      if (pace()) yield;
      if (k <= lim.value) continue;
      // Count them all, for the message.
      let all = 0;
      for (let j = p.opStart[r]; j < p.opStart[r + 1]; j++)
        if (p.kind[j] === p.kind[i] && p.peer[j] === p.peer[i] && p.lane[j] === p.lane[i]) all++;
      const dir = p.kind[i] === OP_SEND ? 'sending to' : 'receiving from';
      throw new ExportRefused(
        `${algorithm}: ${beyond(lim, all, `rank ${r}'s threadblock ${dir} rank ${p.peer[i]}`, true)}`,
      );
    }
  }
}

/** The rank op i belongs to (binary search in opStart). */
export function rankOf(p: Program, i: number): number {
  return lastAtMost(p.opStart, i, 0, p.ranks - 1);
}

/**
 * Each rank's threadblocks: one per (peer, direction, channel), sending ones first (by peer, then
 * channel), then receiving ones, then one for local copies when the rank has any. A threadblock runs
 * its ops in the Lab's order; an op that must wait for ops of other threadblocks (its rank's previous
 * step, see program.ts) waits for the last step of each, one dependency per step: extra ones go on
 * `nop` steps just before it, as the runtime reads them. Every step waited for has `hasdep` 1.
 */
export function* threadblocksJob(
  algorithm: string,
  p: Program,
  layout: ChunkLayout,
  place: Placement,
  groups: number,
): Job<MscclGpu[]> {
  const n = p.ranks;
  const tbOf = new Int32Array(p.ops);
  const lastStep = new Int32Array(p.ops);
  const gpus: MscclGpu[] = [];
  const pace = pacer(64);
  for (let r = 0; r < n; r++) {
    const a = p.opStart[r];
    const e = p.opStart[r + 1];
    const chanOf = (i: number) =>
      p.kind[i] === OP_SEND
        ? channelOf(p.lane[i], r, p.peer[i], n, groups)
        : channelOf(p.lane[i], p.peer[i], r, n, groups);
    // Threadblock keys: direction, peer, channel; sorted, they are the ids.
    const keyOf = (i: number) => ((p.kind[i] === OP_SEND ? 0 : 1) * n + p.peer[i]) * 64 + chanOf(i);
    const keys = [...new Set(Array.from({ length: e - a }, (_, j) => keyOf(a + j)))].sort((x, y) => x - y);
    const id = new Map(keys.map((k, j) => [k, j]));
    const tbs: MscclThreadblock[] = keys.map((k) => {
      const peer = Math.floor(k / 64) % n;
      const send = Math.floor(k / 64 / n) === 0;
      return { send: send ? peer : -1, recv: send ? -1 : peer, chan: k % 64, steps: [] };
    });
    const waited = keys.map(() => new Int32Array(keys.length).fill(-1));
    let receives = 0;
    for (let i = a; i < e; i++) {
      const tb = id.get(keyOf(i))!;
      tbOf[i] = tb;
      const steps = tbs[tb].steps;
      /** Waits for the last step of each op in `ops` on another threadblock; returns the step's own dependency. */
      const waitFor = (ops: Iterable<number>): [number, number] => {
        const need = new Map<number, number>();
        for (const j of ops)
          if (tbOf[j] !== tb && lastStep[j] > (need.get(tbOf[j]) ?? -1)) need.set(tbOf[j], lastStep[j]);
        const deps = [...need].filter(([t, s]) => waited[tb][t] < s).sort((x, y) => x[0] - y[0]);
        for (const [t, s] of deps) {
          if (t > MSCCL_LIMITS.dependencyThreadblock.value)
            throw new ExportRefused(
              `${algorithm}: ${beyond(MSCCL_LIMITS.dependencyThreadblock, t, `rank ${r}'s threadblock ${tb} (it waits for threadblock ${t})`)}`,
            );
          waited[tb][t] = s;
          tbs[t].steps[s].hasdep = 1;
        }
        // One dependency per step: all but the last go on no-ops just before it.
        for (const [t, s] of deps.slice(0, -1)) steps.push(nop(t, s));
        return deps.length ? deps[deps.length - 1] : [-1, -1];
      };
      const m = p.message[i];
      const send = p.kind[i] === OP_SEND;
      if (!send) receives++;
      const placed = send ? place.send[m] : place.recv[m];
      const after = Array.from({ length: p.afterTo[i] - p.afterFrom[i] }, (_, j) => p.afterFrom[i] + j);
      placed.forEach(([type, sb, so, db, dof, cnt], q) => {
        let dep: [number, number] = [-1, -1];
        if (q === 0) dep = waitFor(after);
        if (!send && q === place.combineAt[m])
          dep = waitFor(p.waits.subarray(p.waitStart[i], p.waitStart[i + 1]));
        steps.push({
          type: TYPES[type],
          srcbuf: sb,
          srcoff: so,
          dstbuf: db,
          dstoff: dof,
          cnt,
          depid: dep[0],
          deps: dep[1],
          hasdep: 0,
        });
      });
      lastStep[i] = steps.length - 1;
      if (pace()) yield;
    }
    // Chunks the rank starts with and must also output: copied at the start, on a threadblock of their own.
    const copies = p.reduction ? (receives === 0 ? [[0, 0] as [number, number]] : []) : layout.ownCopies(r);
    if (copies.length) tbs.push({ send: -1, recv: -1, chan: 0, steps: copySteps(copies) });
    checkRank(algorithm, r, n, tbs);
    gpus.push({ scratch: place.scratch[r], tbs });
    yield;
  }
  return gpus;
}

function nop(depid: number, deps: number): MscclStep {
  return { type: 'nop', srcbuf: IN, srcoff: -1, dstbuf: OUT, dstoff: -1, cnt: 0, depid, deps, hasdep: 0 };
}

/** Input → output copies, consecutive chunks as one step of at most the runtime's count. */
function copySteps(pairs: [number, number][]): MscclStep[] {
  const out: MscclStep[] = [];
  for (const [i, o] of pairs) {
    const last = out[out.length - 1];
    if (
      last &&
      last.srcoff + last.cnt === i &&
      last.dstoff + last.cnt === o &&
      last.cnt < MSCCL_LIMITS.count.value
    )
      last.cnt++;
    else
      out.push({
        type: 'cpy',
        srcbuf: IN,
        srcoff: i,
        dstbuf: OUT,
        dstoff: o,
        cnt: 1,
        depid: -1,
        deps: -1,
        hasdep: 0,
      });
  }
  return out;
}

function checkRank(algorithm: string, r: number, ranks: number, tbs: MscclThreadblock[]): void {
  const L = MSCCL_LIMITS;
  const refuse = (limit: (typeof L)[keyof typeof L], k: number, where: string) => {
    throw new ExportRefused(`${algorithm}: ${beyond(limit, k, where)}`);
  };
  if (tbs.length > L.threadblocksPerRank.value) refuse(L.threadblocksPerRank, tbs.length, `rank ${r}`);
  // The reader keeps the algo element, every gpu element, and this rank's threadblocks and steps.
  let elements = 1 + ranks + tbs.length;
  tbs.forEach((tb, t) => {
    if (tb.steps.length > L.stepsPerThreadblock.value)
      refuse(L.stepsPerThreadblock, tb.steps.length, `rank ${r}'s threadblock ${t}`);
    elements += tb.steps.length;
  });
  if (elements > L.xmlNodesPerRank.value) refuse(L.xmlNodesPerRank, elements, `rank ${r}`);
}
