import type { FramePicture, LegendEntry } from '../scene/framePicture';
import { COLORS } from '../lib/colors';
import { drawMatrixFrame, matrixMargins, type TypeScale } from './canvasText';

/** Where a square matrix picture goes in a box: its margins (titles, numbers) and its side, px. */
export function matrixBox(width: number, height: number, rows: number, type: TypeScale) {
  const margins = matrixMargins(rows, type);
  return { margins, side: Math.max(40, Math.min(width - margins.left - 8, height - margins.top - 8)) };
}

/** An image a matrix is drawn from (a canvas, an offscreen canvas, a bitmap). */
export type MatrixSource = CanvasImageSource & { width: number; height: number };

/**
 * A matrix picture (holdings, blocks) at any size: its image scaled without smoothing, the frame,
 * axis titles and numbers of the screen (drawMatrixFrame), the selected cell ringed.
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
    *paint(ctx, width, height, type) {
      const { margins, side } = matrixBox(width, height, m.rows, type);
      // Centred across the picture (the view puts it at the left of its pane).
      ctx.translate(Math.max(0, (width - (margins.left + side + 8)) / 2), 0);
      ctx.imageSmoothingEnabled = false;
      const image = typeof m.image === 'function' ? m.image() : m.image;
      if (image) ctx.drawImage(image, margins.left, margins.top, side, side);
      yield;
      drawMatrixFrame(ctx, margins, side, m.rows, m.cols, m.across, m.down, type);
      if (m.selected) ringCell(ctx, margins, side, m.rows, m.cols, m.selected);
    },
    legend: m.legend,
  };
}

/** Rings a matrix's cell (the selected one) in the highlight colour, at least 3 px wide. */
export function ringCell(
  ctx: CanvasRenderingContext2D,
  margins: { left: number; top: number },
  side: number,
  rows: number,
  cols: number,
  cell: { row: number; col: number },
) {
  const [cw, ch] = [side / cols, side / rows];
  ctx.strokeStyle = COLORS.highlight;
  ctx.lineWidth = 2;
  ctx.strokeRect(
    margins.left + cell.col * cw - 1,
    margins.top + cell.row * ch - 1,
    Math.max(3, cw) + 2,
    Math.max(3, ch) + 2,
  );
}
