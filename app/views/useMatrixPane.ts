import { useMemo, useRef } from 'react';
import { palette } from '../lib/colors';
import { usePalette } from '../lib/theme';
import { useTypeScale } from '../lib/typeScale';
import { setupCanvas, useSize } from '../lib/useSize';
import { CachedLayer } from './cachedLayer';
import { paintAll } from '../scene/paintCanvas';
import { matrixFramePrimitives } from './canvasText';
import { matrixBox } from './matrixPicture';
import { canDraw } from './TooSmall';

/**
 * What the two matrix views (holdings, blocks) set up alike: their box and canvas, the type scale,
 * where the square picture stands in the box (matrixBox), the theme's palette, a canvas made ready to
 * draw on, the frame with its titles and numbers (cached: the same on every step) and the cell under
 * a point of the box. The same object until one of those changes.
 */
export function useMatrixPane(m: { rows: number; cols: number; across: string; down: string }) {
  const { rows, cols, across, down } = m;
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { width, height } = useSize(box);
  const type = useTypeScale();
  const { margins, side } = useMemo(() => matrixBox(width, height, rows, type), [width, height, rows, type]);
  const colours = palette(usePalette());
  const frame = useRef<CachedLayer | null>(null);
  // One object while nothing it draws with changes, so that effects may depend on it.
  return useMemo(
    () => ({
      box,
      canvas,
      width,
      height,
      type,
      margins,
      side,
      colours,
      /** The canvas sized for the box and cleared, images unsmoothed; null when it cannot be drawn. */
      startDrawing() {
        const c = canvas.current;
        if (!c || !canDraw(width, height)) return null;
        const ctx = setupCanvas(c, width, height);
        if (ctx) ctx.imageSmoothingEnabled = false;
        return ctx;
      },
      drawFrame(ctx: CanvasRenderingContext2D) {
        frame.current ??= new CachedLayer();
        frame.current.drawOnto(ctx, width, height, `${side}:${rows}:${cols}:${type.factor}`, (f) =>
          paintAll(f, matrixFramePrimitives(margins, side, rows, cols, across, down, type)),
        );
      },
      /** The cell under the point (x, y) of the box, px, or null outside the matrix. */
      cellAt(x: number, y: number) {
        const col = Math.floor(((x - margins.left) / side) * cols);
        const row = Math.floor(((y - margins.top) / side) * rows);
        return row >= 0 && row < rows && col >= 0 && col < cols ? { row, col } : null;
      },
    }),
    [width, height, type, margins, side, colours, rows, cols, across, down],
  );
}
