/**
 * A view's current frame as a picture that can be drawn at any size and type: the layout the view
 * already uses on screen, plus its legend.
 * The export (pictureExport.ts) draws it on a canvas for a PNG and writes it as SVG — one geometry
 * for the screen and both files.
 */
import { COLORS } from '../lib/colors';
import { typePx, type TypeScale } from '../views/canvasText';
import type { Drawing } from '../views/slicedPainter';
import { paintCanvas } from './paintCanvas';
import { PathOps, text, type Layout, type Primitive } from './primitives';
import { estimateTextWidth } from './sceneText';

/** One entry of a legend: a mark in a colour and what it means. */
export interface LegendEntry {
  label: string;
  /** A filled square, a short line, a ring, a dashed ring, a strip of several colours, or none (words only). */
  mark: 'swatch' | 'line' | 'ring' | 'dashed-ring' | 'strip' | 'none';
  /** One colour, or for a strip its colours from left to right. */
  colours: readonly string[];
}

/** A frame as the export takes it: laid out as primitives, which the shared painter draws and writes. */
export interface FramePicture {
  /** A short name for file names (ring, star, circuit, mesh, noc, graph). */
  name: string;
  /** What the picture shows, in words (the SVG's title). */
  title: string;
  /** Its legend (worked out when asked: a view registers its frame on every render). */
  legend(): readonly LegendEntry[];
  /** The frame laid out in width × height px in the given type (in parts). */
  layout(width: number, height: number, type: TypeScale): Layout;
}

/** The older name of a frame laid out as primitives (every frame is now). */
export type LaidOutPicture = FramePicture;

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

/** The legend strip (legendLayout) as primitives, its top at `top`, under a rule `width` px long. */
export function legendPrimitives(l: LegendLayout, top: number, width: number): Primitive[] {
  const s = l.size;
  if (!l.placed.length) return [];
  const rule = new PathOps();
  rule.moveTo(0, top + 0.5);
  rule.lineTo(width, top + 0.5);
  const out: Primitive[] = [{ kind: 'path', ops: rule.ops, stroke: COLORS.fibre, lineWidth: 1 }];
  for (const { entry, x, y: dy } of l.placed) {
    const y = top + dy;
    const mw = markWidth(entry, s);
    const [c0] = entry.colours;
    const mark = new PathOps();
    switch (entry.mark) {
      case 'swatch':
        // With a rim, so that a pale swatch stands out from the page.
        mark.rect(x, y - s * 0.4, s * 0.8, s * 0.8);
        out.push({ kind: 'path', ops: mark.ops, fill: c0, stroke: COLORS.muted, lineWidth: 1 });
        break;
      case 'line':
        mark.moveTo(x, y);
        mark.lineTo(x + s, y);
        out.push({ kind: 'path', ops: mark.ops, stroke: c0, lineWidth: Math.max(2, s * 0.2) });
        break;
      case 'ring':
      case 'dashed-ring':
        mark.circle(x + s * 0.4, y, s * 0.35);
        out.push({
          kind: 'path',
          ops: mark.ops,
          stroke: c0,
          lineWidth: Math.max(2, s * 0.15),
          dash: entry.mark === 'dashed-ring' ? [3, 3] : [],
        });
        break;
      case 'strip': {
        const w = (mw - s * 0.2) / entry.colours.length;
        entry.colours.forEach((c, i) => {
          const cell = new PathOps();
          cell.rect(x + i * w, y - s * 0.2, w + 0.5, s * 0.4);
          out.push({ kind: 'path', ops: cell.ops, fill: c });
        });
      }
    }
    out.push(text(entry.label, x + mw + s * 0.4, y, s, 500, COLORS.text, { anchor: 'start' }));
  }
  return out;
}

/** Where the frame goes on the page and where its legend starts below it. */
function frameBox(picture: FramePicture, width: number, height: number, type: TypeScale) {
  const legend = legendLayout(picture.legend(), width, type);
  // A gap above the legend, where labels just outside the drawing's box (numbers round a ring) stay
  // whole instead of being cut.
  const gap = legend.height ? Math.round(legend.size * 0.6) : 0;
  const drawHeight = Math.max(Math.ceil(height / 2), height - legend.height - gap);
  return { legend, drawHeight, top: drawHeight + gap };
}

/**
 * The exported picture of a frame laid out as primitives: a page of width × height in the theme's
 * background, the frame above (clipped to its box) and its legend in a strip below.
 */
export function* framePrimitives(
  picture: FramePicture,
  width: number,
  height: number,
  type: TypeScale,
): Layout {
  const { legend, drawHeight, top } = frameBox(picture, width, height, type);
  const [page, clip] = [new PathOps(), new PathOps()];
  page.rect(0, 0, width, height);
  clip.rect(0, 0, width, top);
  const items = yield* picture.layout(width, drawHeight, type);
  return [
    { kind: 'path', ops: page.ops, fill: COLORS.background },
    { kind: 'group', clip: clip.ops, items },
    ...legendPrimitives(legend, top, width),
  ];
}

/**
 * The exported picture drawn on a canvas (a PNG): a page of width × height in the theme's background
 * (the picture's colours are the theme's: Light gives a white page for print) with the frame above
 * and its legend in a strip below (the frame gets what the legend leaves, at least half).
 */
export function* composeFrame(
  ctx: CanvasRenderingContext2D,
  picture: FramePicture,
  width: number,
  height: number,
  type: TypeScale,
): Drawing {
  yield* paintCanvas(ctx, yield* framePrimitives(picture, width, height, type));
}
