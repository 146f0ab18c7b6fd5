import { indexArray } from '../model/columns';
import { receiversOf } from '../model/paths';
import type { Schedule } from '../model/schedule';
import type { Topology } from '../model/topology';

/**
 * Pictures of the all-to-all block matrix (source × destination, one RGBA pixel per cell, pooled to at
 * most `maxSide` pixels a side), one per step from 0 to the last: pale where the blocks of a cell are
 * still at their source, amber where they are on their way, green where they are delivered (mixed
 * in proportion when a cell holds several blocks, or several cells share a pixel). Blocks are
 * forwarded: after a step a block is where its transfer ended. Pure, so the worker can make them.
 */
export interface BlockPictures {
  /** Pixels per side. */
  size: number;
  /** Source (destination) nodes per pixel. */
  pool: number;
  /** RGBA, size × size × 4 bytes, for steps 0 … stepCount. */
  steps: Uint8ClampedArray<ArrayBuffer>[];
}

export const STATE_RGB = {
  source: [226, 232, 240],
  transit: [245, 158, 11],
  home: [22, 163, 74],
} as const;

export function blockPictures(s: Schedule, topo: Topology, realNodes: number, maxSide = 600): BlockPictures {
  const pool = Math.max(1, Math.ceil(realNodes / maxSide));
  const size = Math.ceil(realNodes / pool);
  const B = s.blocks.count;
  const d = s.blocks.destinations;
  const origin = s.blocks.origin;
  const dest = indexArray(B, topo.nodeCount);
  const cell = new Uint32Array(B);
  const total = new Float32Array(size * size);
  for (let b = 0; b < B; b++) {
    dest[b] = d.kind === 'list' ? d.nodes[d.offsets[b]] : origin[b];
    cell[b] = Math.floor(origin[b] / pool) * size + Math.floor(dest[b] / pool);
    total[cell[b]]++;
  }
  const loc = indexArray(B, topo.nodeCount);
  loc.set(origin);
  const rx = new Uint32Array(Math.max(1, topo.nodeCount + topo.auxCount));
  const home = new Float32Array(size * size);
  const moving = new Float32Array(size * size);
  const steps: Uint8ClampedArray<ArrayBuffer>[] = [];
  for (let step = 0; step <= s.stepCount; step++) {
    if (step > 0) {
      const off = s.transferBlocks.offsets;
      for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) {
        if (receiversOf(s, topo, t, rx) !== 1) continue;
        const a = off ? off[t] : t;
        const e = off ? off[t + 1] : t + 1;
        for (let i = a; i < e; i++) loc[s.transferBlocks.ids[i]] = rx[0];
      }
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
      const fs = 1 - fh - fm;
      for (let c = 0; c < 3; c++)
        rgba[i * 4 + c] = STATE_RGB.source[c] * fs + STATE_RGB.transit[c] * fm + STATE_RGB.home[c] * fh;
      rgba[i * 4 + 3] = 255;
    }
    steps.push(rgba);
  }
  return { size, pool, steps };
}
