import { indexArray, type IndexArray } from '../../src/model/columns';
import { receiversOf } from '../../src/model/paths';
import type { RunResult } from '../../src/run';

const COLORS = {
  source: [226, 232, 240],
  transit: [245, 158, 11],
  home: [22, 163, 74],
} as const;

/**
 * Pictures of the source × destination block matrix, one per step, made on first use and kept. The
 * location of every block after each step is derived once by applying the steps' transfers in order
 * (each block is forwarded to the transfer's receiver), so a picture costs one pass over the blocks.
 */
export class BlockImages {
  readonly size: number;
  private readonly pool: number;
  private readonly cell: Uint32Array;
  private readonly total: Float32Array;
  private readonly locations: IndexArray[] = [];
  private readonly images = new Map<number, ImageData>();

  constructor(
    private readonly result: RunResult,
    n: number,
  ) {
    this.pool = Math.max(1, Math.ceil(n / 600));
    this.size = Math.ceil(n / this.pool);
    const s = result.schedule;
    const d = s.blocks.destinations;
    this.cell = new Uint32Array(s.blocks.count);
    this.total = new Float32Array(this.size * this.size);
    for (let b = 0; b < s.blocks.count; b++) {
      const r = s.blocks.origin[b];
      const dest = d.kind === 'list' ? d.nodes[d.offsets[b]] : r;
      this.cell[b] = Math.floor(r / this.pool) * this.size + Math.floor(dest / this.pool);
      this.total[this.cell[b]]++;
    }
  }

  /** Where every block is after `step`. */
  locationsAt(step: number): IndexArray {
    const s = this.result.schedule;
    if (this.locations.length === 0) {
      const loc = indexArray(s.blocks.count, this.result.topology.nodeCount);
      loc.set(s.blocks.origin);
      this.locations.push(loc);
    }
    const rx = new Uint32Array(Math.max(1, this.result.topology.nodeCount));
    while (this.locations.length <= step) {
      const k = this.locations.length;
      const loc = this.locations[k - 1].slice();
      const off = s.transferBlocks.offsets;
      for (let t = s.stepStart[k - 1]; t < s.stepStart[k]; t++) {
        if (receiversOf(s, this.result.topology, t, rx) !== 1) continue;
        const a = off ? off[t] : t;
        const e = off ? off[t + 1] : t + 1;
        for (let i = a; i < e; i++) loc[s.transferBlocks.ids[i]] = rx[0];
      }
      this.locations.push(loc);
    }
    return this.locations[step];
  }

  /** Whether the picture of `step` is made already. */
  has(step: number): boolean {
    return this.images.has(step);
  }

  imageAt(step: number): ImageData {
    const cached = this.images.get(step);
    if (cached) return cached;
    const s = this.result.schedule;
    const d = s.blocks.destinations;
    const loc = this.locationsAt(step);
    const cells = this.size * this.size;
    const home = new Float32Array(cells);
    const moving = new Float32Array(cells);
    for (let b = 0; b < s.blocks.count; b++) {
      const at = loc[b];
      const dest = d.kind === 'list' ? d.nodes[d.offsets[b]] : at;
      if (at === dest) home[this.cell[b]]++;
      else if (at !== s.blocks.origin[b]) moving[this.cell[b]]++;
    }
    const img = new ImageData(this.size, this.size);
    for (let i = 0; i < cells; i++) {
      const t = Math.max(1, this.total[i]);
      const fh = home[i] / t;
      const fm = moving[i] / t;
      const fs = 1 - fh - fm;
      for (let c = 0; c < 3; c++)
        img.data[i * 4 + c] = Math.round(
          COLORS.source[c] * fs + COLORS.transit[c] * fm + COLORS.home[c] * fh,
        );
      img.data[i * 4 + 3] = 255;
    }
    this.images.set(step, img);
    return img;
  }
}
