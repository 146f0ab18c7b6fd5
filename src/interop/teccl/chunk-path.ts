/**
 * Following one chunk of a TE-CCL file: the hops that carry it (or a fraction of it), each with its
 * step and its links, where it forks and where its pieces arrive. The chunk's transfers and the
 * steps its ranks first hold it come from the chunk-tracking core MSCCL files use
 * (msccl/chunk-track.ts); this adds what only TE-CCL's flows say: the fraction each hop carries.
 */
import { pathLinks } from '../../kernel/model/paths';
import type { Schedule } from '../../kernel/model/schedule';
import type { Topology } from '../../kernel/model/topology';
import { trackChunk } from '../msccl/chunk-track';

/** The file's name for each block: its source GPU and chunk index, and (all-to-all) the GPU it is for. */
export interface TecclChunks {
  /** The file's GPU id of each rank (GPUs are ranks in the order of their ids). */
  gpus: Int32Array;
  source: Int32Array;
  chunk: Int32Array;
  /** −1 for all-gather chunks (every GPU wants them). */
  dest: Int32Array;
}

/** Per block, the transfers that carry it, in ascending order (`start[b]` to `start[b + 1]`). */
export interface BlockIndex {
  start: Uint32Array;
  transfers: Uint32Array;
}

/** The text a chunk is written as in the list and the link: `g1.c0`, or `g1.c0.g2` for GPU 2. */
export function chunkText(c: TecclChunks, b: number): string {
  return `g${c.source[b]}.c${c.chunk[b]}${c.dest[b] >= 0 ? `.g${c.dest[b]}` : ''}`;
}

/** Whether a link's `chunk=` text is written the TE-CCL way. */
export const isTecclChunkText = (text: string) => /^g\d{1,9}\.c\d{1,9}(\.g\d{1,9})?$/.test(text);

/** The block a chunk's text names in this file, or why it names none. */
export function findChunk(c: TecclChunks, text: string): number | string {
  const t = text.trim();
  if (!isTecclChunkText(t))
    return 'a TE-CCL chunk is written g<source GPU>.c<chunk> (all-gather) or g<source>.c<chunk>.g<destination GPU> (all-to-all), e.g. g1.c0';
  for (let b = 0; b < c.source.length; b++) if (chunkText(c, b) === t) return b;
  return `this file moves no chunk ${t}`;
}

const FILTER = /^(?:g?(\d{1,9}))?(?:\.?c(\d{1,9}))?(?:\.g(\d{1,9}))?$/;

/**
 * The blocks a filter names, at most `limit` of them, and how many it names: `g1` (from GPU 1),
 * `g1.c0`, `c0`, `g1.c0.g2`, `.g2` (for GPU 2); blank names all. Numbers are compared, not texts,
 * so a filter over the largest file is one pass over three integer columns.
 */
export function filterChunks(
  c: TecclChunks,
  query: string,
  limit: number,
): { blocks: number[]; total: number } | string {
  const m = FILTER.exec(query.trim().toLowerCase());
  if (!m)
    return 'filter by g<source GPU>, c<chunk> or .g<destination GPU>, alone or together (e.g. g1.c0); leave it blank for all';
  const [src, chunk, dest] = [m[1], m[2], m[3]].map((x) => (x === undefined ? -1 : Number(x)));
  const blocks: number[] = [];
  let total = 0;
  for (let b = 0; b < c.source.length; b++)
    if (
      (src < 0 || c.source[b] === src) &&
      (chunk < 0 || c.chunk[b] === chunk) &&
      (dest < 0 || c.dest[b] === dest)
    ) {
      total++;
      if (blocks.length < limit) blocks.push(b);
    }
  return { blocks, total };
}

/** Indexes the transfers by the block they carry (one pass over the schedule's block lists). */
export function blockIndex(s: Schedule, blockCount: number): BlockIndex {
  const tb = s.transferBlocks;
  if (tb.kind === 'pairs' || tb.kind === 'ranges') throw new Error('a TE-CCL schedule lists its blocks');
  const T = s.transferCount;
  const at = (t: number) => (tb.offsets ? tb.offsets[t] : t);
  const start = new Uint32Array(blockCount + 1);
  for (let t = 0; t < T; t++) for (let i = at(t); i < at(t + 1); i++) start[tb.ids[i] + 1]++;
  for (let b = 0; b < blockCount; b++) start[b + 1] += start[b];
  const fill = start.slice(0, blockCount);
  const transfers = new Uint32Array(start[blockCount]);
  for (let t = 0; t < T; t++) for (let i = at(t); i < at(t + 1); i++) transfers[fill[tb.ids[i]]++] = t;
  return { start, transfers };
}

export interface ChunkHop {
  transfer: number;
  step: number;
  from: number;
  to: number;
  /** The links it takes (through switches, more than one). */
  links: number[];
  /** Fraction of the chunk it carries (1: all of it). */
  fraction: number;
}

export interface ChunkPath {
  source: number;
  /** In step order (then by sender and receiver). */
  hops: ChunkHop[];
  /** Ranks that send the chunk (or pieces of it) on to more than one rank, and to which. */
  forks: { rank: number; to: number[] }[];
  /** Per destination: the pieces that reach it (step, fraction), their sum, the step it is whole. */
  arrivals: { rank: number; pieces: { step: number; fraction: number }[]; total: number; whole: number }[];
}

/** The path of block `b`: `fraction` per transfer of the schedule, `index` from blockIndex. */
export function chunkPath(
  s: Schedule,
  topo: Topology,
  b: number,
  fraction: ArrayLike<number>,
  index: BlockIndex,
): ChunkPath {
  const own = index.transfers.subarray(index.start[b], index.start[b + 1]);
  const track = trackChunk(s, topo, [b], own);
  const out = new Uint32Array(Math.max(1, topo.linkCount));
  const hops: ChunkHop[] = [];
  let step = 1;
  for (const t of own) {
    if (!track.carried[t]) continue;
    while (step < s.stepCount && t >= s.stepStart[step]) step++;
    const n = pathLinks(s, topo, t, out);
    const links = Array.from(out.subarray(0, n));
    const to = n ? topo.linkTo[links[n - 1]] : s.src[t];
    hops.push({ transfer: t, step, from: s.src[t], to, links, fraction: fraction[t] });
  }
  hops.sort((x, y) => x.step - y.step || x.from - y.from || x.to - y.to);
  const source = track.sources[0] ?? -1;
  const next = new Map<number, Set<number>>();
  for (const h of hops) next.set(h.from, (next.get(h.from) ?? new Set()).add(h.to));
  const forks = [...next]
    .filter(([, to]) => to.size > 1)
    .map(([rank, to]) => ({ rank, to: [...to].sort((x, y) => x - y) }))
    .sort((x, y) => x.rank - y.rank);
  const arrivals = track.destinations
    .filter((r) => r !== source)
    .map((rank) => {
      const pieces = hops.filter((h) => h.to === rank).map((h) => ({ step: h.step, fraction: h.fraction }));
      let total = 0;
      let whole = -1;
      for (const p of pieces) {
        total += p.fraction;
        if (whole < 0 && total >= 1 - 1e-6) whole = p.step;
      }
      return { rank, pieces, total, whole };
    });
  return { source, hops, forks, arrivals };
}
