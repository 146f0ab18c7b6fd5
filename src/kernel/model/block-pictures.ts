import { pairTable, rectIds, rectSize, type PairGrid } from './block-pairs';
import { indexArray, type IndexArray } from './columns';
import { receiversOf } from './paths';
import { type Collective, type Schedule } from './schedule';
import type { Topology } from './topology';

/**
 * Pictures of the all-to-all block matrix (source × destination, one RGBA pixel per cell, pooled to at
 * most `maxSide` pixels a side), one per step from 0 to the last. A pixel holds shares, not colours:
 * red is the share of its blocks delivered, green the share on their way (at a relay), and the rest
 * is still at the source (see STATE_SHARES; a cell of several blocks, or a pixel of several cells,
 * has a mix). The page colours them in its theme's palette as it draws them (a colour matrix), so
 * a theme change needs no new pictures. Blocks are forwarded: after a step a block is where its
 * transfer ended. Pure, so the worker can make them.
 */
export interface BlockPictures {
  /** Pixels per side. */
  size: number;
  /** Source (destination) nodes per pixel. */
  pool: number;
  /** RGBA, size × size × 4 bytes, for steps 0 … stepCount. */
  steps: Uint8ClampedArray<ArrayBuffer>[];
}

/**
 * Whether a result's detail view is this source × destination matrix (personalised data: every
 * block has one source and one destination) rather than the node × block holdings matrix.
 */
export function showsBlockMatrix(s: { collective: Collective }): boolean {
  return s.collective === 'alltoall' || s.collective === 'multiscatter';
}

/** The pixel of a cell wholly in one state: red = share delivered, green = share on its way. */
export const STATE_SHARES = {
  source: [0, 0, 0],
  transit: [0, 255, 0],
  home: [255, 0, 0],
} as const;

/** What the pictures need of a schedule: blocks, and per step which blocks went where. */
export interface PictureInput {
  blockCount: number;
  /** Where each block starts and must end (empty for pair blocks: `pairNodes` implies them). */
  origin: IndexArray;
  dest: IndexArray;
  /** P when the blocks are the pair blocks of P nodes, else null. */
  pairNodes: number | null;
  nodeCount: number;
  stepCount: number;
  stepStart: Uint32Array;
  /**
   * Blocks of transfer t: ids[offsets[t] .. offsets[t+1]) (offsets null: one block per transfer), or
   * the rectangles of `grid` when the schedule carries pair rectangles (ids then empty).
   */
  blockOffsets: Uint32Array | null;
  ids: IndexArray;
  grid: PairGrid | null;
  /** The one receiver of each transfer, or −1 for a multicast (blocks are then not moved). */
  receiver: Int32Array;
}

/**
 * Copies what the pictures need out of a schedule, so the schedule's own arrays can be transferred
 * to the page (which detaches them) before the pictures are made.
 */
export function pictureInput(s: Schedule, topo: Topology): PictureInput {
  const B = s.blocks.count;
  const tb = s.transferBlocks;
  if (tb.kind === 'ranges') throw new Error('block pictures are for personalised data, not reductions');
  // Pair blocks store no table: blockPictures writes it out after the result is sent.
  const t = s.blocks.kind === 'pairs' ? null : s.blocks;
  let dest: IndexArray = new Uint16Array(0);
  if (t?.destinations.kind === 'single') dest = t.destinations.nodes.slice();
  else if (t) {
    const d = t.destinations;
    dest = indexArray(B, topo.nodeCount);
    for (let b = 0; b < B; b++) dest[b] = d.kind === 'all' ? t.origin[b] : d.nodes[d.offsets[b]];
  }
  const receiver = new Int32Array(s.transferCount);
  const rx = new Uint32Array(Math.max(1, topo.nodeCount + topo.auxCount));
  for (let t = 0; t < s.transferCount; t++) receiver[t] = receiversOf(s, topo, t, rx) === 1 ? rx[0] : -1;
  return {
    blockCount: B,
    origin: t ? t.origin.slice() : new Uint16Array(0),
    dest,
    pairNodes: s.blocks.kind === 'pairs' ? s.blocks.nodes : null,
    nodeCount: topo.nodeCount,
    stepCount: s.stepCount,
    stepStart: s.stepStart.slice(),
    blockOffsets: tb.kind !== 'pairs' && tb.offsets ? tb.offsets.slice() : null,
    ids: tb.kind !== 'pairs' ? tb.ids.slice() : new Uint32Array(0),
    grid:
      tb.kind === 'pairs'
        ? {
            nodes: tb.nodes,
            sFirst: tb.sFirst.slice(),
            sCount: tb.sCount.slice(),
            dFirst: tb.dFirst.slice(),
            dStep: tb.dStep.slice(),
            dCount: tb.dCount.slice(),
          }
        : null,
    receiver,
  };
}

export function blockPictures(input: PictureInput, realNodes: number, maxSide = 600): BlockPictures {
  const pool = Math.max(1, Math.ceil(realNodes / maxSide));
  const size = Math.ceil(realNodes / pool);
  const { blockCount: B, ids, blockOffsets: off, receiver, grid } = input;
  let { origin, dest } = input;
  if (input.pairNodes !== null) {
    const table = pairTable(input.pairNodes, input.nodeCount);
    if (table.destinations.kind !== 'single') throw new Error('pair tables have one destination a block');
    origin = table.origin;
    dest = table.destinations.nodes;
  }
  let rect = new Uint32Array(0);
  const cell = new Uint32Array(B);
  const total = new Float32Array(size * size);
  for (let b = 0; b < B; b++) {
    cell[b] = Math.floor(origin[b] / pool) * size + Math.floor(dest[b] / pool);
    total[cell[b]]++;
  }
  const loc = indexArray(B, input.nodeCount);
  loc.set(origin);
  const home = new Float32Array(size * size);
  const moving = new Float32Array(size * size);
  const steps: Uint8ClampedArray<ArrayBuffer>[] = [];
  for (let step = 0; step <= input.stepCount; step++) {
    if (step > 0)
      for (let t = input.stepStart[step - 1]; t < input.stepStart[step]; t++) {
        const to = receiver[t];
        if (to < 0) continue;
        if (grid) {
          if (rect.length < rectSize(grid, t)) rect = new Uint32Array(rectSize(grid, t));
          for (let i = 0, e = rectIds(grid, t, rect); i < e; i++) loc[rect[i]] = to;
          continue;
        }
        const a = off ? off[t] : t;
        const e = off ? off[t + 1] : t + 1;
        for (let i = a; i < e; i++) loc[ids[i]] = to;
      }
    home.fill(0);
    moving.fill(0);
    for (let b = 0; b < B; b++) {
      const at = loc[b];
      if (at === dest[b]) home[cell[b]]++;
      else if (at !== origin[b]) moving[cell[b]]++;
    }
    const rgba = new Uint8ClampedArray(size * size * 4);
    for (let i = 0; i < size * size; i++) {
      const t = Math.max(1, total[i]);
      const fh = home[i] / t;
      const fm = moving[i] / t;
      rgba[i * 4] = 255 * fh;
      rgba[i * 4 + 1] = 255 * fm;
      rgba[i * 4 + 3] = 255;
    }
    steps.push(rgba);
  }
  return { size, pool, steps };
}
