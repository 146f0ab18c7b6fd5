import { receiversOf } from '../../src/kernel/model/paths';
import { blockCountOf, blockIdsOf } from '../../src/kernel/model/schedule';
import { firstArrival, forEachVisit } from '../../src/kernel/replay/holding-queries';
import type { RunResult } from '../../src/result';

import { palette, type Palette } from '../lib/colors';

type HoldingStates = Palette['holdingStates'];
/** Above this many nodes or blocks, cells are pooled into pixels (each pixel shows the share held). */
const MAX_SIDE = 1024;

/**
 * Most cells an incremental repaint may read in one go (each delivery repaints its pixel: f² cells);
 * past it the full repaint, sliced, takes over.
 */
const INCREMENTAL_CELLS = 1_000_000;

/**
 * The holdings matrix as an image: one pixel per (node, block) cell, or per f × f pool of cells for
 * large runs. Moving to another step repaints only the pixels whose cells arrived between the two
 * steps (found from the transfers of those steps), so playing costs per frame what the step delivers,
 * not nodes × blocks. When a step delivers too much for that, the whole image is repainted row by
 * row in slices (`work`), so no single task of the page runs long: a gossip step on 4096 nodes
 * delivers 14.7 million cells.
 */
export class MatrixImage {
  readonly pool: number;
  readonly width: number;
  readonly height: number;
  /** RGBA pixels, row by row (wrap in an ImageData to draw). */
  readonly data: Uint8ClampedArray;
  private step = -1;
  /** Next pixel row (or column, see `byColumns`) of a full repaint in progress, or −1. */
  private nextRow = -1;
  /**
   * Pooled sparse holdings are repainted a pixel column at a time, from each block's list of visits:
   * pixel by pixel would ask every node of the pool about every block (f² questions a pixel).
   */
  private readonly byColumns: boolean;
  private readonly colHeld: Uint32Array;
  private readonly stamp: Uint32Array;
  private stampGen = 0;
  private readonly rowHeld: Uint32Array;

  private readonly states: HoldingStates;

  /** `states`: the colours of not held, held and arrived in this step (the theme's, unless given). */
  constructor(
    private readonly result: RunResult,
    states: HoldingStates = palette().holdingStates,
  ) {
    this.states = states;
    const h = result.holdings;
    this.pool = Math.max(1, Math.ceil(Math.max(h.nodeCount, h.blockCount) / MAX_SIDE));
    this.width = Math.ceil(h.blockCount / this.pool);
    this.height = Math.ceil(h.nodeCount / this.pool);
    this.data = new Uint8ClampedArray(this.width * this.height * 4);
    this.stamp = new Uint32Array(this.width * this.height);
    this.rowHeld = new Uint32Array(this.width);
    this.byColumns = this.pool > 1 && h.kind !== 'dense';
    this.colHeld = new Uint32Array(this.byColumns ? this.height : 0);
  }

  /** Repaints for `step` at once; returns whether anything changed. */
  moveTo(step: number): boolean {
    const changed = this.begin(step);
    this.work(Infinity);
    return changed;
  }

  /**
   * Starts moving to `step`: small changes are painted at once, larger ones start a full repaint that
   * `work` carries out. Returns whether anything changed.
   */
  begin(step: number): boolean {
    if (step === this.step) return this.nextRow >= 0;
    const from = this.step;
    this.step = step;
    if (from < 0) this.nextRow = 0;
    else if (this.repaintBetween(from, step)) {
      // A full repaint in progress goes on where it was: the rows it has done showed `from` and now
      // show `step` too; the rest are painted for `step` when it reaches them. Restarting it instead
      // would never finish while playing at full speed (the step moves before the last slice).
    } else this.nextRow = 0;
    return true;
  }

  /** Whether a full repaint is still in progress. */
  get pending(): boolean {
    return this.nextRow >= 0;
  }

  /** Continues a full repaint until it is done or `deadline` (performance.now()) passes; true when done. */
  work(deadline: number): boolean {
    const units = this.byColumns ? this.width : this.height;
    while (this.nextRow >= 0 && this.nextRow < units) {
      if (this.byColumns) this.repaintColumn(this.nextRow++);
      else this.repaintRow(this.nextRow++);
      if (deadline !== Infinity && performance.now() > deadline) break;
    }
    if (this.nextRow >= units) this.nextRow = -1;
    return this.nextRow < 0;
  }

  /**
   * One pixel row. Pooled dense holdings are read row by row (sequential memory), then coloured: the
   * same shares as `paint`, several times faster than pixel by pixel.
   */
  private repaintRow(py: number): void {
    const { empty, held: full } = this.states;
    const h = this.result.holdings;
    if (!(this.pool > 1 && h.kind === 'dense')) {
      for (let px = 0; px < this.width; px++) this.paint(px, py);
      return;
    }
    const arrival = h.arrival;
    const B = h.blockCount;
    const f = this.pool;
    const w = this.width;
    const step = this.step;
    const held = this.rowHeld;
    held.fill(0);
    const v1 = Math.min(h.nodeCount, (py + 1) * f);
    for (let v = py * f; v < v1; v++) {
      const base = v * B;
      for (let px = 0, b = 0; px < w; px++) {
        let c = 0;
        for (const end = Math.min(B, b + f); b < end; b++) if (arrival[base + b] <= step) c++;
        held[px] += c;
      }
    }
    const d = this.data;
    const rows = v1 - py * f;
    for (let px = 0; px < w; px++) {
      const cells = rows * (Math.min(B, (px + 1) * f) - px * f);
      const t = cells ? held[px] / cells : 0;
      const p = (py * w + px) * 4;
      d[p] = empty[0] + (full[0] - empty[0]) * t;
      d[p + 1] = empty[1] + (full[1] - empty[1]) * t;
      d[p + 2] = empty[2] + (full[2] - empty[2]) * t;
      d[p + 3] = 255;
    }
  }

  /** One pixel column of pooled sparse holdings: the same shares as `paint`, from the visit lists. */
  private repaintColumn(px: number): void {
    const { empty, held: full } = this.states;
    const h = this.result.holdings;
    const f = this.pool;
    const step = this.step;
    const held = this.colHeld;
    held.fill(0);
    const b1 = Math.min(h.blockCount, (px + 1) * f);
    for (let b = px * f; b < b1; b++)
      forEachVisit(h, b, (v, st) => {
        if (st <= step) held[(v / f) | 0]++;
      });
    const d = this.data;
    const cols = b1 - px * f;
    for (let py = 0; py < this.height; py++) {
      const cells = (Math.min(h.nodeCount, (py + 1) * f) - py * f) * cols;
      const t = cells ? held[py] / cells : 0;
      const p = (py * this.width + px) * 4;
      d[p] = empty[0] + (full[0] - empty[0]) * t;
      d[p + 1] = empty[1] + (full[1] - empty[1]) * t;
      d[p + 2] = empty[2] + (full[2] - empty[2]) * t;
      d[p + 3] = 255;
    }
  }

  /** Repaints the pixels of cells that arrived in steps between `a` and `b`; false if too many. */
  private repaintBetween(a: number, b: number): boolean {
    const s = this.result.schedule;
    const lo = Math.max(1, Math.min(a, b));
    const hi = Math.min(s.stepCount, Math.max(a, b));
    if (hi < lo) return true;
    if (s.stepStart[hi] - s.stepStart[lo - 1] > this.width * this.height) return false;
    // Deliveries (block × receiver) of the steps, each a random access: past a quarter of the cells, a
    // full repaint (sequential, see repaintPooled) is cheaper.
    const rxList = s.receivers.kind === 'list' ? s.receivers.offsets : null;
    let deliveries = 0;
    for (let t = s.stepStart[lo - 1]; t < s.stepStart[hi]; t++)
      deliveries += blockCountOf(s, t) * (rxList ? rxList[t + 1] - rxList[t] : 1);
    if (
      deliveries * this.pool * this.pool > INCREMENTAL_CELLS ||
      4 * deliveries > this.result.holdings.nodeCount * this.result.holdings.blockCount
    )
      return false;
    const gen = ++this.stampGen;
    const rx = new Uint32Array(Math.max(1, this.result.topology.nodeCount + this.result.topology.auxCount));
    const f = this.pool;
    for (let t = s.stepStart[lo - 1]; t < s.stepStart[hi]; t++) {
      const nr = receiversOf(s, this.result.topology, t, rx);
      const ids = blockIdsOf(s, t);
      for (let r = 0; r < nr; r++)
        for (let k = 0; k < ids.length; k++) {
          const px = (ids[k] / f) | 0;
          const py = (rx[r] / f) | 0;
          const i = py * this.width + px;
          if (this.stamp[i] === gen) continue;
          this.stamp[i] = gen;
          this.paint(px, py);
        }
    }
    return true;
  }

  private paint(px: number, py: number): void {
    const { empty, held: full, arrived } = this.states;
    const h = this.result.holdings;
    const B = h.blockCount;
    const step = this.step;
    const d = this.data;
    const p = (py * this.width + px) * 4;
    let c: readonly [number, number, number];
    const f = this.pool;
    if (f === 1) {
      const a = firstArrival(h, py, px);
      c = a > step ? empty : a === step && step > 0 ? arrived : full;
    } else {
      let held = 0;
      let cells = 0;
      for (let v = py * f; v < Math.min(h.nodeCount, (py + 1) * f); v++)
        for (let b = px * f; b < Math.min(B, (px + 1) * f); b++) {
          cells++;
          if (firstArrival(h, v, b) <= step) held++;
        }
      const t = cells ? held / cells : 0;
      c = [
        empty[0] + (full[0] - empty[0]) * t,
        empty[1] + (full[1] - empty[1]) * t,
        empty[2] + (full[2] - empty[2]) * t,
      ];
    }
    d[p] = c[0];
    d[p + 1] = c[1];
    d[p + 2] = c[2];
    d[p + 3] = 255;
  }
}
