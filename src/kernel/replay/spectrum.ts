import { pathLinks } from '../model/paths';
import type { Schedule } from '../model/schedule';
import type { Topology } from '../model/topology';

/**
 * One step's spectrum at the resolution it is drawn at: the links of each band (a ring's two fibres,
 * else one run of links) across, the channels up, cut into at most `cols` × `rows` bins. A bin is
 * busy when any of its (link, channel) slots is. When the picture has room for every slot, a bin is
 * one slot. How many slots are busy is counted in the worker (`SpectrumCounts`); this is only what is
 * drawn, and it is filled from the step's transfers alone, never from a table of every slot.
 */
export interface GridShape {
  /** 2 for a ring's two fibres (links 0 … n − 1 and n … 2n − 1), else 1. */
  bands: number;
  /** Links in a band, and the channels of the busiest link. */
  linksPerBand: number;
  channels: number;
  /** Bins across (links) and up (channels) in each band. */
  cols: number;
  rows: number;
}

export interface SpectrumGrid extends GridShape {
  /** Band by band, row by row from channel 0: 1 where a slot of the bin is busy. */
  busy: Uint8Array;
}

/**
 * The bins of a picture of at most `maxCols` × `maxRows` bins per band, for `linkCount` links of at
 * most `channels` channels each (`SpectrumCounts.channels`, from the worker: a million-processor
 * mesh has 4 million links to look through for it).
 */
export function gridShape(
  linkCount: number,
  channels: number,
  bands: 1 | 2,
  maxCols: number,
  maxRows: number,
): GridShape {
  const linksPerBand = Math.max(1, Math.ceil(linkCount / bands));
  const cols = Math.max(1, Math.min(linksPerBand, Math.floor(maxCols)));
  const rows = Math.max(1, Math.min(channels, Math.floor(maxRows)));
  return { bands, linksPerBand, channels, cols, rows };
}

export const spectrumGrid = (shape: GridShape): SpectrumGrid => ({
  ...shape,
  busy: new Uint8Array(shape.bands * shape.rows * shape.cols),
});

/** Slots of one bin: links across × channels up (1 × 1 when every slot has a bin of its own). */
export function binSize(g: GridShape): { links: number; channels: number } {
  return { links: Math.ceil(g.linksPerBand / g.cols), channels: Math.ceil(g.channels / g.rows) };
}

/**
 * Marks the bins of step `step`'s busy slots in `g`, yielding after about `every` slots so that a
 * sliced painter can spread a big step (static all-to-all on 256 nodes: 4.2 million slots) over
 * several tasks.
 */
export function* fillSpectrumGrid(
  s: Schedule,
  topo: Topology,
  step: number,
  g: SpectrumGrid,
  every = 1 << 14,
): Generator<void, void, void> {
  g.busy.fill(0);
  if (step < 1 || step > s.stepCount) return;
  const route = new Uint32Array(Math.max(1, topo.linkCount));
  const { cols, rows, linksPerBand, channels, busy } = g;
  const bandCells = rows * cols;
  let done = 0;
  for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) {
    const ch = s.channel[t];
    if (ch >= channels) continue;
    const len = pathLinks(s, topo, t, route);
    const row = Math.floor((ch * rows) / channels) * cols;
    for (let i = 0; i < len; i++) {
      const link = route[i];
      const band = Math.min(g.bands - 1, Math.floor(link / linksPerBand));
      const col = Math.floor(((link - band * linksPerBand) * cols) / linksPerBand);
      busy[band * bandCells + row + col] = 1;
    }
    done += len;
    if (done >= every) {
      done = 0;
      yield;
    }
  }
}
