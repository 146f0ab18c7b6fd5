import type { LinkLoad } from '../../../src/kernel/replay/link-load';
import type { RunResult } from '../../../src/result';
import { COLORS } from '../../lib/colors';
import { typePx, type TypeScale } from '../canvasText';
import type { Drawing } from '../slicedPainter';
import { gridImage, type PlotBox } from './linkLoadPicture';
import { kindName, shortKindName } from './linkNames';

const FONT = 12;

function rgbOf(css: string): number[] {
  if (css.startsWith('#')) {
    const v = parseInt(css.slice(1), 16);
    return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
  }
  return (css.match(/\d+/g) ?? ['0', '0', '0']).slice(0, 3).map(Number);
}

/**
 * Where the grid goes: a band on the left for the link kinds' names (as wide as the longest, at most
 * a third of the canvas), a row under it for the step numbers.
 */
export function plotBox(
  result: RunResult,
  load: LinkLoad,
  size: { width: number; height: number },
  type: TypeScale,
): PlotBox {
  const px = typePx(type, FONT);
  const longest = Math.max(4, ...load.groups.map((g) => kindName(g.kind).length));
  const left = Math.min(size.width / 3, Math.ceil(longest * px * 0.56) + 12);
  const bottom = px + 10;
  return {
    x: left,
    y: 4,
    width: Math.max(1, size.width - left - 6),
    height: Math.max(1, size.height - 4 - bottom),
  };
}

/**
 * The heatmap: the grid's image (made in slices: a bin per pixel at most, a pixel showing its
 * busiest bin), scaled to the box, then the kinds' names and the step numbers.
 */
export function* drawGrid(
  ctx: CanvasRenderingContext2D,
  result: RunResult,
  load: LinkLoad,
  size: { width: number; height: number },
  type: TypeScale,
): Drawing {
  const box = plotBox(result, load, size, type);
  const iw = Math.min(load.cols, Math.max(1, Math.floor(box.width)));
  const ih = Math.min(load.rows, Math.max(1, Math.floor(box.height)));
  const out: { image: ImageData | null } = { image: null };
  yield* gridImage(load, iw, ih, rgbOf(COLORS.surface), rgbOf(COLORS.background), out);
  if (!out.image) return;
  const off = new OffscreenCanvas(iw, ih);
  off.getContext('2d')!.putImageData(out.image, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(off, box.x, box.y, box.width, box.height);
  ctx.strokeStyle = COLORS.line;
  ctx.lineWidth = 1;
  ctx.strokeRect(box.x - 0.5, box.y - 0.5, box.width + 1, box.height + 1);

  const px = typePx(type, FONT);
  ctx.font = `600 ${px}px system-ui, sans-serif`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'right';
  for (const g of load.groups) {
    const y0 = box.y + (g.first / load.linkCount) * box.height;
    const h = (g.count / load.linkCount) * box.height;
    if (g.first > 0) {
      ctx.strokeStyle = COLORS.text;
      ctx.beginPath();
      ctx.moveTo(box.x - 6, Math.round(y0) + 0.5);
      ctx.lineTo(box.x + box.width, Math.round(y0) + 0.5);
      ctx.stroke();
    }
    if (h < px) continue; // too thin to name
    ctx.fillStyle = COLORS.text;
    const full = kindName(g.kind);
    const name = ctx.measureText(full).width <= box.x - 8 ? full : shortKindName(g.kind);
    fitText(ctx, name, box.x - 6, y0 + h / 2, box.x - 8);
  }

  ctx.font = `${px}px system-ui, sans-serif`;
  ctx.fillStyle = COLORS.muted;
  ctx.textBaseline = 'top';
  const ticks = stepTicks(load.stepCount, Math.max(1, Math.floor(box.width / (px * 6))));
  for (const s of ticks) {
    const x = box.x + ((s - 0.5) / load.stepCount) * box.width;
    ctx.textAlign = s === ticks[0] ? 'left' : s === load.stepCount ? 'right' : 'center';
    ctx.fillText(
      s === ticks[0] ? `step ${s}` : String(s),
      s === ticks[0] ? box.x : Math.min(x, box.x + box.width),
      box.y + box.height + 4,
    );
  }
}

/** Text right-aligned at x, cut with an ellipsis to fit `room` pixels. */
function fitText(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, room: number): void {
  let t = text;
  while (t.length > 1 && ctx.measureText(t).width > room) t = `${t.slice(0, -2)}…`;
  ctx.fillText(t, x, y);
}

/** Step numbers to write under the grid: the first, the last and round numbers between, at most `most`. */
export function stepTicks(steps: number, most: number): number[] {
  if (steps <= 1) return [1];
  const raw = steps / Math.max(1, most - 1);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const every = [1, 2, 5, 10].map((m) => m * mag).find((e) => e >= raw) ?? 10 * mag;
  const out = [1];
  for (let s = every; s < steps; s += every)
    if (s - out[out.length - 1] >= every / 2 && steps - s >= every / 2) out.push(s);
  out.push(steps);
  return out;
}

/**
 * What changes with the step, drawn over the heatmap: the current step's column, the marked link's
 * row and the keyboard's cell.
 */
export function drawMarks(
  ctx: CanvasRenderingContext2D,
  load: LinkLoad,
  box: PlotBox,
  step: number,
  markedLink: number,
  cursor: { row: number; col: number } | null,
): void {
  ctx.strokeStyle = COLORS.highlight;
  ctx.lineWidth = 2;
  if (step >= 1 && step <= load.stepCount) {
    const x = box.x + ((step - 0.5) / load.stepCount) * box.width;
    ctx.beginPath();
    ctx.moveTo(x, box.y);
    ctx.lineTo(x, box.y + box.height);
    ctx.stroke();
  }
  if (markedLink >= 0) {
    const pos = load.order.indexOf(markedLink);
    const y = box.y + ((pos + 0.5) / load.linkCount) * box.height;
    ctx.setLineDash([6, 4]);
    ctx.beginPath();
    ctx.moveTo(box.x, y);
    ctx.lineTo(box.x + box.width, y);
    ctx.stroke();
    ctx.setLineDash([]);
    // An arrow in the margin points at the marked row.
    ctx.fillStyle = COLORS.highlight;
    ctx.beginPath();
    ctx.moveTo(box.x - 1, y);
    ctx.lineTo(box.x - 9, y - 5);
    ctx.lineTo(box.x - 9, y + 5);
    ctx.fill();
  }
  if (cursor) {
    const x0 = box.x + (load.colStart[cursor.col] / load.stepCount) * box.width;
    const x1 = box.x + (load.colStart[cursor.col + 1] / load.stepCount) * box.width;
    const y0 = box.y + (load.rowStart[cursor.row] / load.linkCount) * box.height;
    const y1 = box.y + (load.rowStart[cursor.row + 1] / load.linkCount) * box.height;
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    const w = Math.max(8, x1 - x0);
    const h = Math.max(8, y1 - y0);
    ctx.strokeStyle = COLORS.text;
    ctx.strokeRect(cx - w / 2, cy - h / 2, w, h);
  }
}
