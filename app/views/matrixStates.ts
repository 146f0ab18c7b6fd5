import { contrastRatio, cssRgb } from '../lib/colors';

/**
 * What the two matrices share about their states: the block matrix's share pixels turned into
 * colours, the marks drawn besides colour (a diagonal: on its way; a dot: arrived in this step), and
 * the colour a mark takes on a given fill. Pure, tested without a browser.
 */
export type Rgb = readonly [number, number, number];
export type MarkKind = 'diagonal' | 'dot';

/** Cells narrower than this many CSS pixels get no marks (they would be noise). */
export const MARK_MIN_CELL = 7;

/** Colour of a block-matrix pixel whose shares are `home` and `transit` (0 … 1): a blend by share. */
export function blendShares(
  states: { source: Rgb; transit: Rgb; home: Rgb },
  home: number,
  transit: number,
): [number, number, number] {
  const source = 1 - home - transit;
  const mix = (c: number) =>
    Math.round(states.source[c] * source + states.transit[c] * transit + states.home[c] * home);
  return [mix(0), mix(1), mix(2)];
}

/**
 * The feColorMatrix that does `blendShares` on the share pixels (red: delivered, green: on its way),
 * so the block pictures are coloured on the GPU as they are drawn, in the theme in force.
 */
export function shareColourMatrix(states: { source: Rgb; transit: Rgb; home: Rgb }): string {
  const rows = [0, 1, 2].map((c) =>
    [
      (states.home[c] - states.source[c]) / 255,
      (states.transit[c] - states.source[c]) / 255,
      0,
      0,
      states.source[c] / 255,
    ].map((v) => +v.toFixed(5)),
  );
  return [...rows, [0, 0, 0, 1, 0]].map((r) => r.join(' ')).join('  ');
}

/**
 * Share pixels (RGBA, red: delivered, green: on its way) turned into the states' colours on the CPU:
 * what shareColourMatrix does on the GPU, for a picture that leaves the page (an exported SVG or PNG
 * holds colours, not shares).
 */
export function colourShares(
  shares: Uint8ClampedArray,
  states: { source: Rgb; transit: Rgb; home: Rgb },
): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(shares.length);
  for (let p = 0; p < shares.length; p += 4) {
    const [r, g, b] = blendShares(states, shares[p] / 255, shares[p + 1] / 255);
    [out[p], out[p + 1], out[p + 2], out[p + 3]] = [r, g, b, shares[p + 3]];
  }
  return out;
}

/** Near-black or white, whichever stands out more on `fill`: the colour of a mark drawn on it. */
export function markColourOn(fill: Rgb): string {
  const css = cssRgb(fill);
  return contrastRatio(css, '#0f172a') >= contrastRatio(css, '#ffffff') ? '#0f172a' : '#ffffff';
}

/**
 * The block matrix's marks at a step, from its share pixels (`before`: the previous step's, or null
 * at step 0): pixels with blocks on their way, and pixels where blocks were delivered in this step.
 */
export function blockMarks(
  now: Uint8ClampedArray,
  before: Uint8ClampedArray | null,
): { transit: number[]; arrived: number[] } {
  const transit: number[] = [];
  const arrived: number[] = [];
  for (let i = 0, p = 0; p < now.length; i++, p += 4) {
    if (now[p + 1] > 0) transit.push(i);
    if (before && now[p] > before[p]) arrived.push(i);
  }
  return { transit, arrived };
}

/**
 * Draws a mark in each cell of `cells` (index = row × cols + column) of a grid whose cells are
 * cw × ch CSS pixels from (left, top).
 */
export function drawCellMarks(
  ctx: CanvasRenderingContext2D,
  cells: readonly number[],
  cols: number,
  kind: MarkKind,
  grid: { left: number; top: number; cw: number; ch: number },
  colour: string,
): void {
  const { left, top, cw, ch } = grid;
  ctx.save();
  ctx.strokeStyle = ctx.fillStyle = colour;
  // Marks grow with the cell up to a size that reads at a glance, not further.
  ctx.lineWidth = Math.max(1.25, Math.min(3, Math.min(cw, ch) / 8));
  ctx.beginPath();
  for (const i of cells) {
    const x = left + (i % cols) * cw;
    const y = top + Math.floor(i / cols) * ch;
    if (kind === 'diagonal') {
      const inset = Math.min(cw, ch) * 0.18;
      ctx.moveTo(x + inset, y + ch - inset);
      ctx.lineTo(x + cw - inset, y + inset);
    } else {
      const r = Math.max(1.5, Math.min(5, Math.min(cw, ch) * 0.18));
      ctx.moveTo(x + cw / 2 + r, y + ch / 2);
      ctx.arc(x + cw / 2, y + ch / 2, r, 0, 2 * Math.PI);
    }
  }
  if (kind === 'diagonal') ctx.stroke();
  else ctx.fill();
  ctx.restore();
}
