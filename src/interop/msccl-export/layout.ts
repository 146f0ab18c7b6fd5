import type { Job } from '../../kernel/jobs';
import { pairDestination, pairSource } from '../../kernel/model/block-pairs';
import { pacer } from '../export-source';
import { blockIdsOf, destinationRange, type Schedule } from '../../kernel/model/schedule';

/**
 * Where each block of a Lab schedule lives in the buffers of an MSCCL program: the collective the
 * file names (`coll`), the chunks of each rank's input and output buffer, and the index of each
 * block in them. The layouts are the ones the MSCCL runtime and msccl-tools' collectives use:
 *
 * - allgather: rank r's input chunk j is output chunk r·c + j everywhere (c chunks per rank); run
 *   in place, the input is that slice of the output.
 * - alltoall: rank s's input chunk d·c + j goes to rank d's output chunk s·c + j.
 * - broadcast: the root's input chunk b goes to output chunk b everywhere.
 * - allreduce: one chunk, the whole vector (the Lab's all-reduce moves whole partial results).
 * - custom: chunk b is block b in every buffer; the rank where it starts reads it from its input,
 *   every destination keeps it in its output.
 *
 * Where the collective leaves the order free (a rank's chunks, a pair's), blocks are numbered in the
 * order they first move; a custom file keeps the Lab's block ids, which say who needs what.
 *
 * Blocks a rank forwards without keeping go to its scratch buffer (chosen by the program writer).
 */
export type MscclColl = 'allgather' | 'allreduce' | 'alltoall' | 'broadcast' | 'custom';

export interface ChunkLayout {
  coll: MscclColl;
  /** How the Lab's collective was read, in words (written into the file's comment and the docs). */
  reading: string;
  /** Chunks per loop: the largest buffer's chunks. */
  nchunks: number;
  inChunks: number;
  outChunks: number;
  /** Whether the program reads and writes correctly when the input aliases the output. */
  inplace: boolean;
  outofplace: boolean;
  /** Input index of block b at rank r (where it starts), or −1. */
  input(r: number, b: number): number;
  /** Output index of block b at rank r (a rank that must end with it), or −1. */
  output(r: number, b: number): number;
  /** Chunks rank r holds at the start and must also output: [input index, output index] pairs. */
  ownCopies(r: number): [number, number][];
}

interface Blocks {
  count: number;
  origin(b: number): number;
  /** Destinations of b: null for every rank. */
  destinations(b: number): ArrayLike<number> | null;
}

function blocksOf(s: Schedule): Blocks {
  const t = s.blocks;
  if (t.kind === 'pairs') {
    const p = t.nodes;
    return { count: t.count, origin: (b) => pairSource(p, b), destinations: (b) => [pairDestination(p, b)] };
  }
  const d = t.destinations;
  return {
    count: t.count,
    origin: (b) => t.origin[b],
    destinations: (b) => {
      if (d.kind === 'all') return null;
      const [a, e] = destinationRange(d, b);
      return d.nodes.subarray(a, e);
    },
  };
}

/**
 * The layout of a schedule's blocks in MSCCL buffers (see above); `custom` when no collective fits.
 * `order`: the blocks in the order they first move (firstMovesJob).
 */
export function chunkLayout(s: Schedule, order: Uint32Array): ChunkLayout {
  const n = s.nodeCount;
  if (s.collective === 'allreduce')
    return {
      coll: 'allreduce',
      reading: 'all-reduce of one chunk: every message is a whole partial result',
      nchunks: 1,
      inChunks: 1,
      outChunks: 1,
      inplace: true,
      outofplace: true,
      input: () => 0,
      output: () => 0,
      ownCopies: () => [],
    };
  const blocks = blocksOf(s);
  const B = blocks.count;
  // Index of each block among the blocks of its (origin) or (origin, destination) group, in the order
  // blocks first move: what travels together then lies together, and fewer messages need packing.
  const index = new Uint32Array(B);
  const everywhere = B > 0 && blocks.destinations(0) === null;
  if (everywhere) {
    const perOrigin = new Uint32Array(n);
    for (const b of order) index[b] = perOrigin[blocks.origin(b)]++;
    const roots = [...perOrigin.keys()].filter((r) => perOrigin[r] > 0);
    if (roots.length === 1)
      return {
        ...fixed('broadcast', `broadcast of ${B} chunks from rank ${roots[0]}`, B, B, B),
        input: (r, b) => (blocks.origin(b) === r ? index[b] : -1),
        output: (_r, b) => index[b],
        ownCopies: (r) => (r === roots[0] ? Array.from({ length: B }, (_, j) => [j, j]) : []),
      };
    const c = perOrigin[0];
    if (c > 0 && perOrigin.every((k) => k === c))
      return {
        ...fixed('allgather', `all-gather of ${c} chunk${c === 1 ? '' : 's'} per rank`, n * c, c, n * c),
        input: (r, b) => (blocks.origin(b) === r ? index[b] : -1),
        output: (_r, b) => blocks.origin(b) * c + index[b],
        ownCopies: (r) => Array.from({ length: c }, (_, j) => [j, r * c + j]),
      };
    return custom(s, blocks, 'blocks start on some ranks in unequal numbers and must reach every rank');
  }
  // Personalised: one destination per block, the same number c for every pair of distinct ranks
  // (and c or none from a rank to itself)?
  const perPair = new Map<number, number>();
  let personal = true;
  for (const b of order) {
    if (!personal) break;
    const d = blocks.destinations(b)!;
    if (d.length !== 1) personal = false;
    else {
      const key = blocks.origin(b) * n + d[0];
      index[b] = perPair.get(key) ?? 0;
      perPair.set(key, index[b] + 1);
    }
  }
  const c = perPair.get(1) ?? 0;
  let pairs = 0;
  for (const [key, k] of perPair)
    if (k !== c) personal = false;
    else if (Math.floor(key / n) !== key % n) pairs++;
  const uniform = personal && c > 0 && pairs === n * (n - 1);
  if (uniform)
    return {
      ...fixed(
        'alltoall',
        `all-to-all of ${c} chunk${c === 1 ? '' : 's'} per pair of ranks`,
        n * c,
        n * c,
        n * c,
      ),
      inplace: false,
      input: (r, b) => (blocks.origin(b) === r ? blocks.destinations(b)![0] * c + index[b] : -1),
      output: (r, b) => (blocks.destinations(b)![0] === r ? blocks.origin(b) * c + index[b] : -1),
      ownCopies: (r) => Array.from({ length: c }, (_, j) => [r * c + j, r * c + j]),
    };
  return custom(
    s,
    blocks,
    personal
      ? 'personalised blocks, but not the same number for every pair of ranks'
      : 'blocks with several destinations, not every rank',
  );
}

/** The blocks in the order they first move (transfer by transfer); blocks that never move last, by id. */
export function* firstMovesJob(s: Schedule): Job<Uint32Array> {
  const B = s.collective === 'allreduce' ? 0 : s.blocks.count;
  const pace = pacer(1024);
  const seen = new Uint8Array(B);
  const order = new Uint32Array(B);
  let k = 0;
  for (let t = 0; t < s.transferCount && k < B; t++) {
    for (const b of blockIdsOf(s, t))
      if (!seen[b]) {
        seen[b] = 1;
        order[k++] = b;
      }
    if (pace()) yield;
  }
  for (let b = 0; b < B; b++) if (!seen[b]) order[k++] = b;
  return order;
}

function fixed(coll: MscclColl, reading: string, nchunks: number, inChunks: number, outChunks: number) {
  return { coll, reading, nchunks, inChunks, outChunks, inplace: true, outofplace: true };
}

/** Chunk b is block b everywhere; which ranks must output b comes from the block table. */
function custom(s: Schedule, blocks: Blocks, why: string): ChunkLayout {
  const B = blocks.count;
  const n = s.nodeCount;
  const wanted = new Set<number>();
  const own: [number, number][][] = Array.from({ length: n }, () => []);
  for (let b = 0; b < B; b++) {
    const d = blocks.destinations(b);
    const o = blocks.origin(b);
    for (let i = 0; i < (d ? d.length : n); i++) {
      const r = d ? d[i] : i;
      wanted.add(r * B + b);
      if (r === o) own[r].push([b, b]);
    }
  }
  return {
    coll: 'custom',
    reading: `custom (the Lab's ${s.collective}: ${why}); chunk b is block b in every buffer`,
    nchunks: B,
    inChunks: B,
    outChunks: B,
    inplace: true,
    outofplace: true,
    input: (r, b) => (blocks.origin(b) === r ? b : -1),
    output: (r, b) => (wanted.has(r * B + b) ? b : -1),
    ownCopies: (r) => own[r],
  };
}
