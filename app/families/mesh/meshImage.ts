import { gridCol, gridRow, squareGrid } from '../../../src/kernel/model/grid';
import type { MeshLayout } from './meshLayout';
import { partialFraction } from './meshScene';

/**
 * A plain mesh zoomed out until a processor is under a few pixels (a 1024 × 1024 mesh in a 400-px
 * pane: several processors to a pixel) is drawn as an image, one pixel per processor, scaled onto its
 * place: a million rectangles cost the rasteriser seconds, an image of a million pixels milliseconds.
 * Pure (no DOM): which processors are on screen and their pixels.
 */

/** The processors on screen: columns c0 ≤ c < c1, rows r0 ≤ r < r1. */
export interface MeshWindow {
  c0: number;
  c1: number;
  r0: number;
  r1: number;
}

/** The window of a plain mesh's processors that meets [x0, x1] × [y0, y1] (layout coordinates). */
export function visibleWindow(l: MeshLayout, x0: number, y0: number, x1: number, y1: number): MeshWindow {
  const clamp = (v: number) => Math.max(0, Math.min(l.side, v));
  return {
    c0: clamp(Math.floor((x0 - l.x0) / l.cell)),
    c1: clamp(Math.ceil((x1 - l.x0) / l.cell)),
    r0: clamp(Math.floor((y0 - l.y0) / l.cell)),
    r1: clamp(Math.ceil((y1 - l.y0) / l.cell)),
  };
}

/** The shade (0 … shades − 1) of a partial fraction, as the processors' rectangles use. */
export const shadeIndex = (frac: number, shades = 9) =>
  Math.round(Math.min(1, Math.max(0, frac)) * (shades - 1));

/**
 * Fills rows [from, to) of the window (0 = its top row) in `data`, the window's RGBA pixels, a pixel
 * per processor in the shade of its partial: `rgb[i]` is shade i's red, green and blue.
 */
export function fillShadeRows(
  data: Uint8ClampedArray,
  w: MeshWindow,
  side: number,
  counts: Uint32Array,
  total: number,
  rgb: readonly (readonly number[])[],
  from: number,
  to: number,
): void {
  const cols = w.c1 - w.c0;
  for (let row = from; row < to; row++) {
    const first = (w.r0 + row) * side + w.c0;
    let at = row * cols * 4;
    for (let c = 0; c < cols; c++, at += 4) {
      // Element by element, no destructuring: a million pixels must not make a million arrays.
      const shade = rgb[shadeIndex(partialFraction(counts[first + c], total), rgb.length)];
      data[at] = shade[0];
      data[at + 1] = shade[1];
      data[at + 2] = shade[2];
      data[at + 3] = 255;
    }
  }
}

/**
 * Colours the pixels of the senders of transfers [from, to) that are in the window: a step of
 * hundreds of thousands of messages over processors under a pixel shows where it sends, where their
 * arrows would be a blur costing seconds to stroke.
 */
export function markSenders(
  data: Uint8ClampedArray,
  w: MeshWindow,
  side: number,
  src: ArrayLike<number>,
  from: number,
  to: number,
  rgb: readonly number[],
): void {
  const cols = w.c1 - w.c0;
  const rows = w.r1 - w.r0;
  const grid = squareGrid(side);
  for (let t = from; t < to; t++) {
    const r = gridRow(grid, src[t]) - w.r0;
    const c = gridCol(grid, src[t]) - w.c0;
    if (r < 0 || c < 0 || c >= cols || r >= rows) continue;
    const at = (r * cols + c) * 4;
    data[at] = rgb[0];
    data[at + 1] = rgb[1];
    data[at + 2] = rgb[2];
  }
}
