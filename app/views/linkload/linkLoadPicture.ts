import { interpolateYlGnBu, rgb } from 'd3';
import { BIN_OVER, BIN_PRESENT, type LinkLoad } from '../../../src/kernel/replay/link-load';

/** Where the grid sits on the canvas, in CSS pixels. */
export interface PlotBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A bin's rank when bins share a pixel: a cell over its channels first, then the fullest, an absent link last. */
export function binKey(load: LinkLoad, bin: number): number {
  const st = load.state[bin];
  if (st & BIN_OVER) return 1e9 + load.ratio[bin];
  return st & BIN_PRESENT ? load.ratio[bin] : -1;
}

/** First grid item that pixel `px` of `pixels` covers, over `items` items. */
const firstOf = (items: number, pixels: number, px: number) =>
  Math.min(items - 1, Math.max(0, Math.floor((px * items) / pixels)));
/** One past the last item it covers (at least one item; written out: this runs once per pixel). */
const endOf = (items: number, pixels: number, px: number, first: number) =>
  pixels >= items ? first + 1 : Math.max(first + 1, Math.floor(((px + 1) * items) / pixels));

/** The bin with the highest key among those pixel (px, py) of an iw × ih image covers. */
export function binAtPixel(load: LinkLoad, iw: number, ih: number, px: number, py: number): number {
  const c0 = firstOf(load.cols, iw, px);
  const c1 = endOf(load.cols, iw, px, c0);
  const r0 = firstOf(load.rows, ih, py);
  const r1 = endOf(load.rows, ih, py, r0);
  let best = r0 * load.cols + c0;
  let bestKey = binKey(load, best);
  for (let r = r0; r < r1; r++)
    for (let c = c0; c < c1; c++) {
      const b = r * load.cols + c;
      const k = binKey(load, b);
      if (k > bestKey) {
        best = b;
        bestKey = k;
      }
    }
  return best;
}

/** The bin under a point of the canvas (CSS pixels), or null outside the grid. */
export function binAt(load: LinkLoad, box: PlotBox, x: number, y: number): number | null {
  if (x < box.x || y < box.y || x >= box.x + box.width || y >= box.y + box.height) return null;
  const iw = Math.min(load.cols, Math.max(1, Math.floor(box.width)));
  const ih = Math.min(load.rows, Math.max(1, Math.floor(box.height)));
  const px = Math.floor(((x - box.x) * iw) / box.width);
  const py = Math.floor(((y - box.y) * ih) / box.height);
  return binAtPixel(load, iw, ih, px, py);
}

/** Shades of the scale from idle to full, and the colours beyond it. */
const SHADES = 32;
const SCALE = Array.from({ length: SHADES + 1 }, (_, i) => {
  const c = rgb(interpolateYlGnBu(0.12 + (0.88 * i) / SHADES));
  return [c.r, c.g, c.b] as const;
});
/** Over its channels on an exclusive link (a conflict): vermillion; crowded shared link (congestion): purple. */
export const OVER_RGB = [213, 50, 0] as const;
export const CROWDED_RGB = [106, 61, 154] as const;

/** The colour of a bin's key: idle and absent links in the theme's quiet tones, then the scale. */
export function keyColour(
  key: number,
  idle: readonly number[],
  absent: readonly number[],
): readonly number[] {
  if (key >= 1e9) return OVER_RGB;
  if (key < 0) return absent;
  if (key === 0) return idle;
  if (key > 1) return CROWDED_RGB;
  return SCALE[Math.max(1, Math.round(key * SHADES))];
}

/** CSS colour of a point of the scale (the legend). */
export const scaleCss = (ratio: number) => {
  const [r, g, b] = SCALE[Math.round(Math.min(1, ratio) * SHADES)];
  return `rgb(${r},${g},${b})`;
};

/**
 * The grid as an image, one pixel per screen pixel or per bin (whichever is fewer), a pixel showing
 * its busiest bin. A generator: it yields after every few rows, so a painter can spread it over tasks.
 */
export function* gridImage(
  load: LinkLoad,
  iw: number,
  ih: number,
  idle: readonly number[],
  absent: readonly number[],
  out: { image: ImageData | null },
): Generator<void, void, void> {
  const img = new ImageData(iw, ih);
  const rowsPerSlice = Math.max(1, Math.floor(2_000 / iw));
  for (let py = 0; py < ih; py++) {
    for (let px = 0; px < iw; px++) {
      const [r, g, b] = keyColour(binKey(load, binAtPixel(load, iw, ih, px, py)), idle, absent);
      const k = (py * iw + px) * 4;
      img.data[k] = r;
      img.data[k + 1] = g;
      img.data[k + 2] = b;
      img.data[k + 3] = 255;
    }
    if ((py + 1) % rowsPerSlice === 0) yield;
  }
  out.image = img;
}
