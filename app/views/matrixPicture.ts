import type { FramePicture, LegendEntry } from '../scene/framePicture';
import { COLORS } from '../lib/colors';
import { paintAll } from '../scene/paintCanvas';
import { PathOps, type DrawnImage, type PathPrimitive, type Primitive } from '../scene/primitives';
import { matrixFramePrimitives, matrixMargins, type TypeScale } from './canvasText';

/** Where a square matrix picture goes in a box: its margins (titles, numbers) and its side, px. */
export function matrixBox(width: number, height: number, rows: number, type: TypeScale) {
  const margins = matrixMargins(rows, type);
  return { margins, side: Math.max(40, Math.min(width - margins.left - 8, height - margins.top - 8)) };
}

/** An image a matrix is drawn from (a canvas, an offscreen canvas, a bitmap). */
export type MatrixSource = DrawnImage;

/**
 * A matrix picture (holdings, blocks) at any size, laid out as primitives: its image scaled without
 * smoothing, the frame, axis titles and numbers of the screen (matrixFramePrimitives), the selected
 * cell ringed; centred across the picture (the view puts it at the left of its pane).
 */
export function matrixPicture(m: {
  name: string;
  title: string;
  /** The image, or a function that makes it when the picture is drawn (an export's colours). */
  image: MatrixSource | null | (() => MatrixSource | null);
  rows: number;
  cols: number;
  across: string;
  down: string;
  legend: () => LegendEntry[];
  selected?: { row: number; col: number } | null;
}): FramePicture {
  return {
    name: m.name,
    title: m.title,
    *layout(width, height, type) {
      const { margins, side } = matrixBox(width, height, m.rows, type);
      const items: Primitive[] = [];
      const image = typeof m.image === 'function' ? m.image() : m.image;
      if (image)
        items.push({
          kind: 'image',
          x: margins.left,
          y: margins.top,
          width: side,
          height: side,
          pixels: image,
          smooth: false,
        });
      yield;
      items.push(...matrixFramePrimitives(margins, side, m.rows, m.cols, m.across, m.down, type));
      if (m.selected) items.push(cellRing(margins, side, m.rows, m.cols, m.selected));
      const x = Math.max(0, (width - (margins.left + side + 8)) / 2);
      return [{ kind: 'group', transform: { k: 1, x, y: 0 }, items }];
    },
    legend: m.legend,
  };
}

/** A matrix's cell (the selected one) ringed in the highlight colour, at least 3 px wide. */
export function cellRing(
  margins: { left: number; top: number },
  side: number,
  rows: number,
  cols: number,
  cell: { row: number; col: number },
): PathPrimitive {
  const [cw, ch] = [side / cols, side / rows];
  const ring = new PathOps();
  ring.rect(
    margins.left + cell.col * cw - 1,
    margins.top + cell.row * ch - 1,
    Math.max(3, cw) + 2,
    Math.max(3, ch) + 2,
  );
  return { kind: 'path', ops: ring.ops, stroke: COLORS.highlight, lineWidth: 2 };
}

/** Rings a matrix's cell on a canvas (cellRing). */
export function ringCell(
  ctx: CanvasRenderingContext2D,
  margins: { left: number; top: number },
  side: number,
  rows: number,
  cols: number,
  cell: { row: number; col: number },
) {
  paintAll(ctx, [cellRing(margins, side, rows, cols, cell)]);
}
