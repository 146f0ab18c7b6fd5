/**
 * A view's current frame as a picture that can be drawn at any size and type: the painter the view
 * already uses on screen, plus its legend. The export (pictureExport.ts) draws it on a canvas for a
 * PNG and records it as a scene for an SVG — one geometry for the screen and both files.
 */
import { COLORS } from '../lib/colors';
import { typePx, type TypeScale } from '../views/canvasText';
import type { Drawing } from '../views/slicedPainter';
import { estimateTextWidth } from './sceneText';

/** One entry of a legend: a mark in a colour and what it means. */
export interface LegendEntry {
  label: string;
  /** A filled square, a short line, a ring, a dashed ring, a strip of several colours, or none (words only). */
  mark: 'swatch' | 'line' | 'ring' | 'dashed-ring' | 'strip' | 'none';
  /** One colour, or for a strip its colours from left to right. */
  colours: readonly string[];
}

export interface FramePicture {
  /** A short name for file names (ring, star, circuit, mesh, noc, graph). */
  name: string;
  /** What the picture shows, in words (the SVG's title). */
  title: string;
  /** Draws the frame into width × height px in the given type (the view's own painter). */
  paint(ctx: CanvasRenderingContext2D, width: number, height: number, type: TypeScale): Drawing;
  /** Its legend (worked out when asked: a view registers its frame on every render). */
  legend(): readonly LegendEntry[];
}

/** Where each legend entry goes, and the strip's height. */
export interface LegendLayout {
  size: number;
  height: number;
  placed: { entry: LegendEntry; x: number; y: number }[];
}

/** Width of an entry's mark, and the gaps around it, for type of `size` px. */
const markWidth = (e: LegendEntry, size: number) =>
  e.mark === 'strip' ? size * 4 : e.mark === 'none' ? -size * 0.4 : size * 1.3;

/**
 * The legend strip under a picture `width` px wide: entries left to right in rows (wrapped where the
 * next would not fit), in the type's size of 14 px desk type. Widths come from estimateTextWidth, so
 * the layout is the same in the SVG, the PNG and the tests.
 */
export function legendLayout(entries: readonly LegendEntry[], width: number, type: TypeScale): LegendLayout {
  const size = typePx(type, 14);
  const pad = Math.round(size * 0.8);
  const rowHeight = Math.round(size * 1.6);
  if (!entries.length) return { size, height: 0, placed: [] };
  const placed: LegendLayout['placed'] = [];
  let [x, y] = [pad, pad + rowHeight / 2];
  for (const entry of entries) {
    const w = markWidth(entry, size) + size * 0.4 + estimateTextWidth(entry.label, size);
    if (x > pad && x + w > width - pad) [x, y] = [pad, y + rowHeight];
    placed.push({ entry, x, y });
    x += w + size * 1.2;
  }
  return { size, height: Math.ceil(y + rowHeight / 2 + pad), placed };
}

/** Draws the legend strip laid out by legendLayout, its top at `top`, under a rule `width` px long. */
export function drawLegend(ctx: CanvasRenderingContext2D, l: LegendLayout, top: number, width: number): void {
  const s = l.size;
  if (!l.placed.length) return;
  ctx.strokeStyle = COLORS.fibre;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(0, top + 0.5);
  ctx.lineTo(width, top + 0.5);
  ctx.stroke();
  for (const { entry, x, y: dy } of l.placed) {
    const y = top + dy;
    const mw = markWidth(entry, s);
    const [c0] = entry.colours;
    switch (entry.mark) {
      case 'swatch':
        ctx.fillStyle = c0;
        ctx.fillRect(x, y - s * 0.4, s * 0.8, s * 0.8);
        // A rim, so that a pale swatch stands out from the page.
        ctx.strokeStyle = COLORS.muted;
        ctx.lineWidth = 1;
        ctx.strokeRect(x, y - s * 0.4, s * 0.8, s * 0.8);
        break;
      case 'line':
        ctx.strokeStyle = c0;
        ctx.lineWidth = Math.max(2, s * 0.2);
        ctx.beginPath();
        ctx.moveTo(x, y);
        ctx.lineTo(x + s, y);
        ctx.stroke();
        break;
      case 'ring':
      case 'dashed-ring':
        ctx.strokeStyle = c0;
        ctx.lineWidth = Math.max(2, s * 0.15);
        if (entry.mark === 'dashed-ring') ctx.setLineDash([3, 3]);
        ctx.beginPath();
        ctx.arc(x + s * 0.4, y, s * 0.35, 0, 2 * Math.PI);
        ctx.stroke();
        ctx.setLineDash([]);
        break;
      case 'strip': {
        const w = (mw - s * 0.2) / entry.colours.length;
        entry.colours.forEach((c, i) => {
          ctx.fillStyle = c;
          ctx.fillRect(x + i * w, y - s * 0.2, w + 0.5, s * 0.4);
        });
      }
    }
    ctx.fillStyle = COLORS.text;
    ctx.font = `500 ${s}px system-ui, sans-serif`;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(entry.label, x + mw + s * 0.4, y);
  }
}

/**
 * The exported picture: a page of width × height in the theme's background (the picture's colours
 * are the theme's: Light gives a white page for print) with the frame above and its legend in a
 * strip below (the frame gets what the legend leaves, at least half). The same calls go to a canvas
 * (PNG) and to a scene recorder (SVG).
 */
export function* composeFrame(
  ctx: CanvasRenderingContext2D,
  picture: FramePicture,
  width: number,
  height: number,
  type: TypeScale,
): Drawing {
  const legend = legendLayout(picture.legend(), width, type);
  // A gap above the legend, where labels just outside the drawing's box (numbers round a ring) stay
  // whole instead of being cut.
  const gap = legend.height ? Math.round(legend.size * 0.6) : 0;
  const drawHeight = Math.max(Math.ceil(height / 2), height - legend.height - gap);
  ctx.fillStyle = COLORS.background;
  ctx.fillRect(0, 0, width, height);
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, width, drawHeight + gap);
  ctx.clip();
  yield* picture.paint(ctx, width, drawHeight, type);
  ctx.restore();
  ctx.save();
  drawLegend(ctx, legend, drawHeight + gap, width);
  ctx.restore();
}
