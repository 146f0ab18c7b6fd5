import { pairTable, rectIds, rectSize, type PairGrid } from './block-pairs';
import { indexArray, type IndexArray, type SignedArray } from './columns';
import { idsOf, sizeOf } from './contributions';

export type Collective =
  | 'allgather'
  | 'allreduce'
  | 'alltoall'
  | 'broadcast'
  | 'scatter'
  | 'gather'
  | 'gossip'
  | 'multiscatter'
  // Imported schedules (src/interop/) may also claim these, as MSCCL names them; `custom` claims nothing.
  | 'reduce_scatter'
  | 'reduce'
  | 'custom';

/**
 * Routes of transfers, in one of two encodings.
 * - `ring-arc`: a signed hop count per transfer; the arc starts at the sender and runs clockwise
 *   (positive) or counter-clockwise (negative) around a ring topology.
 * - `link-list`: an explicit list of directed link ids per transfer (offsets into a pool). Each link
 *   starts at the sender or where an earlier link of the list ends, so a list may describe a tree.
 */
export type PathColumns =
  { kind: 'ring-arc'; hops: SignedArray } | { kind: 'link-list'; offsets: Uint32Array; links: Uint32Array };

/**
 * Receivers of transfers: either the single node where the path ends, or explicit lists.
 */
export type ReceiverColumns =
  { kind: 'path-end' } | { kind: 'list'; offsets: Uint32Array; nodes: IndexArray };

/**
 * Data blocks: who starts with each one and who must end with it. Listed block by block, or (for
 * multi-scatter) the pair blocks of P nodes, which follow from their numbering and store nothing.
 */
export type BlockTable = ListedBlocks | PairBlocks;

/** Blocks listed one by one (the default when `kind` is absent). */
export interface ListedBlocks {
  kind?: 'listed';
  count: number;
  origin: IndexArray;
  /**
   * `all`: every node is a destination (all-gather, broadcast of every block); `single`: block b has
   * the one destination nodes[b] (personalised data: all-to-all, scatter, multi-scatter); `list`:
   * block b must reach nodes[offsets[b] .. offsets[b+1]).
   */
  destinations:
    | { kind: 'all' }
    | { kind: 'single'; nodes: IndexArray }
    | { kind: 'list'; offsets: Uint32Array; nodes: IndexArray };
  /** Size of one block in bytes. */
  bytes: number;
}

/**
 * The P(P−1) pair blocks of P nodes (block-pairs.ts): block (s, d) starts at s and must reach d.
 * 16.8 million of them for multi-scatter on 4096 processors, which would take 67 MB listed.
 */
export interface PairBlocks {
  kind: 'pairs';
  count: number;
  /** P: the nodes of the numbering. */
  nodes: number;
  bytes: number;
}

/**
 * A schedule in columns. Steps are numbered 1..stepCount in everything users see; the columns are
 * indexed from 0, so step s uses transfers stepStart[s-1] .. stepStart[s]-1.
 */
export interface Schedule {
  algorithm: string;
  collective: Collective;
  nodeCount: number;
  stepCount: number;
  transferCount: number;
  /** Names of the phases; `stepPhase[s-1]` indexes into it. */
  phases: string[];
  stepPhase: Uint16Array;
  stepStart: Uint32Array;
  src: IndexArray;
  channel: Uint16Array;
  path: PathColumns;
  receivers: ReceiverColumns;
  /**
   * Blocks carried by each transfer: a list of ids (`offsets` null means exactly one block per
   * transfer), or for personalised pair blocks a rectangle of the source × destination matrix per
   * transfer (block-pairs.ts). Read them with blockCountOf / blockIdsOf unless a hot loop needs both.
   */
  transferBlocks: TransferBlocks;
  blocks: BlockTable;
  /**
   * Per-node limits on transfers sent / received in one step, when the model sets them; `fanout`
   * (optional) caps the receivers of one transfer (a passive star's message life-span).
   */
  ports?: { tx: number; rx: number; fanout?: number };
  /** Links that exist in each step (reconfigurable circuits); absent means every link exists. */
  activeLinks?: { stepStart: Uint32Array; links: Uint32Array };
  /**
   * The blocks are contributions to a reduction done chunk by chunk (imported MSCCL and TE-CCL
   * schedules): a transfer lists every contribution its partial sums combine, and the replay treats
   * them as blocks that spread. The per-processor reduction rules (verify/reduction.ts) then do not
   * apply; the importer's own replay checks each chunk's sums (src/interop/).
   */
  chunkedReduction?: boolean;
}

/** Block lists (the default when `kind` is absent) or pair rectangles. */
export type TransferBlocks =
  | { kind?: 'list'; offsets: Uint32Array | null; ids: IndexArray }
  | ({ kind: 'pairs' } & PairGrid)
  | RangeBlocks;
export type BlockLists = Exclude<TransferBlocks, { kind: 'pairs' } | { kind: 'ranges' }>;

/**
 * The contributions each transfer of an all-reduce combines, as ranges (contributions.ts): transfer
 * t's set is bounds[2·offsets[t] .. 2·offsets[t+1]). A message with the complete result is one range,
 * where a list would name every processor.
 */
export interface RangeBlocks {
  kind: 'ranges';
  offsets: Uint32Array;
  bounds: Uint32Array;
}

/** The contribution set transfer t carries (a view). */
export function rangesOf(tb: RangeBlocks, t: number): Uint32Array {
  return tb.bounds.subarray(2 * tb.offsets[t], 2 * tb.offsets[t + 1]);
}

/** Every node starts with one block of its own and every node must end with every block. */
export function allGatherBlocks(n: number, bytes: number): ListedBlocks {
  const origin = indexArray(n, n);
  for (let i = 0; i < n; i++) origin[i] = i;
  return { count: n, origin, destinations: { kind: 'all' }, bytes };
}

/** Range [first, end) of transfer indices of step s (1-based). */
export function stepRange(s: Schedule, step: number): [number, number] {
  return [s.stepStart[step - 1], s.stepStart[step]];
}

/** Number of blocks transfer t carries. */
export function blockCountOf(s: Schedule, t: number): number {
  const tb = s.transferBlocks;
  if (tb.kind === 'pairs') return rectSize(tb, t);
  if (tb.kind === 'ranges') return sizeOf(rangesOf(tb, t));
  return tb.offsets ? tb.offsets[t + 1] - tb.offsets[t] : 1;
}

/** Blocks carried by the transfers [a, b), summed (without writing out any list). */
export function blocksMovedIn(s: Schedule, a: number, b: number): number {
  const tb = s.transferBlocks;
  if (tb.kind === 'ranges') {
    let sum = 0;
    for (let i = 2 * tb.offsets[a]; i < 2 * tb.offsets[b]; i += 2) sum += tb.bounds[i + 1] - tb.bounds[i];
    return sum;
  }
  if (tb.kind !== 'pairs') return tb.offsets ? tb.offsets[b] - tb.offsets[a] : b - a;
  let sum = 0;
  for (let t = a; t < b; t++) sum += rectSize(tb, t);
  return sum;
}

/** Block ids an example in the narration lists at most. */
export const EXAMPLE_BLOCKS = 16;

/** The first `max` ids of the blocks transfer t carries, in order. */
export function firstBlockIds(s: Schedule, t: number, max: number): IndexArray {
  const tb = s.transferBlocks;
  if (tb.kind === 'ranges') {
    const r = rangesOf(tb, t);
    const out: number[] = [];
    for (let i = 0; i < r.length && out.length < max; i += 2)
      for (let v = r[i]; v < r[i + 1] && out.length < max; v++) out.push(v);
    return Uint32Array.from(out);
  }
  const ids = blockIdsOf(s, t);
  return ids.length > max ? ids.subarray(0, max) : ids;
}

/** The ids of the blocks transfer t carries (a view of the list, or the rectangle written out). */
export function blockIdsOf(s: Schedule, t: number): IndexArray {
  const tb = s.transferBlocks;
  if (tb.kind === 'pairs') {
    const out = new Uint32Array(rectSize(tb, t));
    rectIds(tb, t, out);
    return out;
  }
  if (tb.kind === 'ranges') return idsOf(rangesOf(tb, t));
  return tb.offsets ? tb.ids.subarray(tb.offsets[t], tb.offsets[t + 1]) : tb.ids.subarray(t, t + 1);
}

/**
 * The same schedule with its blocks as lists: pair rectangles written out id by id, and a pair
 * table written out block by block (the exact replay reads lists). Lists come back unchanged.
 */
export function withBlockLists(s: Schedule): ListSchedule {
  const blocks = listedBlocks(s.blocks, s.nodeCount);
  const tb = s.transferBlocks;
  if (tb.kind !== 'pairs' && tb.kind !== 'ranges') return { ...s, transferBlocks: tb, blocks };
  const offsets = new Uint32Array(s.transferCount + 1);
  for (let t = 0; t < s.transferCount; t++) offsets[t + 1] = offsets[t] + blockCountOf(s, t);
  const ids = new Uint32Array(offsets[s.transferCount]);
  for (let t = 0; t < s.transferCount; t++)
    if (tb.kind === 'pairs') rectIds(tb, t, ids.subarray(offsets[t]));
    else ids.set(idsOf(rangesOf(tb, t)), offsets[t]);
  return { ...s, transferBlocks: { offsets, ids }, blocks };
}

/** A schedule whose transfers and table list their blocks (what withBlockLists returns). */
export type ListSchedule = Schedule & { transferBlocks: BlockLists; blocks: ListedBlocks };

/** The table listed block by block (pair blocks written out; listed tables come back unchanged). */
export function listedBlocks(t: BlockTable, maxNode: number): ListedBlocks {
  return t.kind === 'pairs' ? pairTable(t.nodes, maxNode) : t;
}

/** The listed table of a schedule that keeps one (every schedule but multi-scatter's). */
export function blockTableOf(s: Schedule): ListedBlocks {
  if (s.blocks.kind === 'pairs') throw new Error(`${s.algorithm} has pair blocks, not a listed table`);
  return s.blocks;
}

/** Range [first, end) of block b's destinations in `destinations.nodes` (single and list tables). */
export function destinationRange(
  d: Exclude<ListedBlocks['destinations'], { kind: 'all' }>,
  b: number,
): [number, number] {
  return d.kind === 'single' ? [b, b + 1] : [d.offsets[b], d.offsets[b + 1]];
}

/**
 * A destinations table from per-block lists: `single` when every block has exactly one destination
 * (no offsets column needed), else `list`.
 */
export function destinationTable(offsets: Uint32Array, nodes: IndexArray): ListedBlocks['destinations'] {
  const count = offsets.length - 1;
  for (let b = 0; b < count; b++)
    if (offsets[b + 1] - offsets[b] !== 1) return { kind: 'list', offsets, nodes };
  return { kind: 'single', nodes };
}

/** The typed arrays of a schedule's transfer blocks (for transfer lists). */
export function transferBlockColumns(s: Schedule): (ArrayBufferView | null)[] {
  const tb = s.transferBlocks;
  if (tb.kind === 'ranges') return [tb.offsets, tb.bounds];
  return tb.kind === 'pairs' ? [tb.sFirst, tb.sCount, tb.dFirst, tb.dStep, tb.dCount] : [tb.offsets, tb.ids];
}

/** The typed arrays of a block table (none for pair blocks). */
export function blockTableColumns(t: BlockTable): (ArrayBufferView | null)[] {
  if (t.kind === 'pairs') return [];
  const d = t.destinations;
  return [t.origin, d.kind === 'list' ? d.offsets : null, d.kind !== 'all' ? d.nodes : null];
}

/** The block lists of a schedule that keeps them (ring and circuit schedules always do). */
export function blockLists(s: Schedule): BlockLists {
  const tb = s.transferBlocks;
  if (tb.kind === 'pairs' || tb.kind === 'ranges')
    throw new Error(
      `${s.algorithm} carries ${tb.kind === 'pairs' ? 'pair rectangles' : 'ranges'}, not block lists`,
    );
  return tb;
}
