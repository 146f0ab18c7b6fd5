/**
 * Chunk tracking for an imported MSCCL schedule: a chunk picked by rank, buffer and index (`r2.i3`:
 * rank 2's input chunk 3; `r0.o5`: rank 0's output chunk 5), followed step by step through the
 * schedule shown — which ranks hold it, which transfers carry it — from its source rank(s) to the
 * ranks the collective sends it to. An input chunk is one contribution (id j·R + r, dataflow.ts); an
 * output chunk is what the collective puts there (judge.ts): one input chunk, or for a reduction
 * the sum of one input chunk over all ranks, whose contributions then arrive one by one.
 */
import { blockIdsOf, destinationRange, type Schedule } from '../../kernel/model/schedule';
import { receiversOf } from '../../kernel/model/paths';
import type { Topology } from '../../kernel/model/topology';
import { expectedOutput } from './judge';
import type { ThreadblockTimeline } from './timeline';

export interface ChunkPick {
  rank: number;
  buf: 'i' | 'o';
  index: number;
}

export const chunkPickText = (p: ChunkPick): string => `r${p.rank}.${p.buf}${p.index}`;

/** Largest rank and index a pick may name (the importer's own limits are lower). */
const MAX_NUMBER = 1 << 20;

/** A pick from its text (`r2.i3`), or what is wrong with the text. */
export function parseChunkPick(text: string): ChunkPick | string {
  const m = /^r(\d{1,7})\.([io])(\d{1,7})$/.exec(text.trim());
  if (!m || +m[1] > MAX_NUMBER || +m[3] > MAX_NUMBER)
    return 'a chunk is written r<rank>.i<index> (an input chunk) or r<rank>.o<index> (an output chunk), e.g. r0.i1';
  return { rank: +m[1], buf: m[2] as 'i' | 'o', index: +m[3] };
}

/** What a pick is checked against: the file's collective, its ranks and chunks per rank, the root. */
export interface ChunkContext {
  collective: string;
  ranks: number;
  inputs: number;
  outputs: number;
  /** nchunksperloop / ranks. */
  per: number;
  root: number;
}

/** The contribution ids a picked chunk stands for, or why it names nothing in this file. */
export function chunkIds(p: ChunkPick, c: ChunkContext): number[] | string {
  if (p.rank >= c.ranks) return `rank ${p.rank} is not in this file: its ranks are 0 to ${c.ranks - 1}`;
  const count = p.buf === 'i' ? c.inputs : c.outputs;
  const name = p.buf === 'i' ? 'input' : 'output';
  if (p.index >= count)
    return count
      ? `rank ${p.rank} has ${name} chunks 0 to ${count - 1}; ${p.index} is beyond them`
      : `this file has no ${name} chunks to track`;
  if (p.buf === 'i') return [p.index * c.ranks + p.rank];
  if (c.collective === 'custom')
    return 'a custom collective says nothing about its outputs: pick an input chunk (r<rank>.i<index>)';
  const want = expectedOutput(c.collective, c.ranks, c.per, c.root, p.rank, p.index);
  if (!want) return `the ${c.collective} puts nothing in output chunk ${p.index} of rank ${p.rank}`;
  const ids: number[] = [];
  for (let k = 0; k < want.length; k += 2) for (let id = want[k]; id < want[k + 1]; id++) ids.push(id);
  return ids;
}

export interface ChunkTrack {
  ids: number[];
  /** Ranks that start with a part of it, and ranks the collective sends it to. */
  sources: number[];
  destinations: number[];
  /** Per rank × id (rank·ids.length + k): the step after which the rank first holds it, −1 never. */
  arrival: Int32Array;
  /** Per transfer of the schedule: 1 when it carries a part of the chunk. */
  carried: Uint8Array;
}

/**
 * Follows the contributions `ids` through the schedule (the Lab's blocks are those ids). `only`: the
 * transfers that may carry them, in ascending order (an index by block, so a pick on a large file
 * reads its own transfers only); by default every transfer is read.
 */
export function trackChunk(s: Schedule, topo: Topology, ids: number[], only?: ArrayLike<number>): ChunkTrack {
  const R = topo.nodeCount;
  const K = ids.length;
  const slot = new Map<number, number>();
  ids.forEach((id, k) => slot.set(id, k));
  const arrival = new Int32Array(R * K).fill(-1);
  const blocks = s.blocks;
  const sources = new Set<number>();
  const destinations = new Set<number>();
  ids.forEach((id, k) => {
    if (blocks.kind === 'pairs' || id >= blocks.count) return;
    const origin = blocks.origin[id];
    sources.add(origin);
    arrival[origin * K + k] = 0;
    const d = blocks.destinations;
    if (d.kind === 'all') for (let r = 0; r < R; r++) destinations.add(r);
    else {
      const [a, b] = destinationRange(d, id);
      for (let i = a; i < b; i++) destinations.add(d.nodes[i]);
    }
  });
  const carried = new Uint8Array(s.transferCount);
  const rx = new Uint32Array(Math.max(1, R + topo.auxCount));
  const found: number[] = [];
  const visit = (t: number, step: number) => {
    found.length = 0;
    const list = blockIdsOf(s, t);
    for (let i = 0; i < list.length; i++) {
      const k = slot.get(list[i]);
      if (k !== undefined) found.push(k);
    }
    if (!found.length) return;
    carried[t] = 1;
    const n = receiversOf(s, topo, t, rx);
    for (const k of found)
      for (let j = 0; j < n; j++) if (rx[j] < R && arrival[rx[j] * K + k] < 0) arrival[rx[j] * K + k] = step;
  };
  if (only) {
    let step = 1;
    for (let i = 0; i < only.length; i++) {
      const t = only[i];
      while (step < s.stepCount && t >= s.stepStart[step]) step++;
      visit(t, step);
    }
  } else
    for (let step = 1; step <= s.stepCount; step++)
      for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) visit(t, step);
  const sorted = (x: Set<number>) => [...x].sort((a, b) => a - b);
  return { ids, sources: sorted(sources), destinations: sorted(destinations), arrival, carried };
}

/** How many of the chunk's parts rank r holds after `step`. */
export function partsHeld(track: ChunkTrack, r: number, step: number): number {
  const K = track.ids.length;
  let n = 0;
  for (let k = 0; k < K; k++) {
    const a = track.arrival[r * K + k];
    if (a >= 0 && a <= step) n++;
  }
  return n;
}

/** The ranks holding all of the chunk after `step`, and those holding a part only. */
export function holdersAt(track: ChunkTrack, ranks: number, step: number): { all: number[]; part: number[] } {
  const all: number[] = [];
  const part: number[] = [];
  for (let r = 0; r < ranks; r++) {
    const n = partsHeld(track, r, step);
    if (n === track.ids.length && n > 0) all.push(r);
    else if (n > 0) part.push(r);
  }
  return { all, part };
}

/**
 * Per step of the threadblock timeline: 1 when it is a local step (copy, reduce, residual add) that
 * writes a part of the tracked chunk on its rank — the copies into other buffer cells and the sums it
 * enters, which no message shows.
 */
export function localStepsCarrying(track: ChunkTrack, t: ThreadblockTimeline): Uint8Array {
  const out = new Uint8Array(t.steps);
  const ids = new Set(track.ids);
  for (let i = 0; i < t.steps; i++)
    for (let k = t.wroteStart[i]; k < t.wroteStart[i + 1]; k++)
      if (ids.has(t.wrote[k])) {
        out[i] = 1;
        break;
      }
  return out;
}
