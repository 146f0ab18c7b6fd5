import { useEffect, useRef, useState, type RefObject } from 'react';
import { usePalette } from '../lib/theme';
import type { CanvasBox } from '../lib/useSize';
import { canDraw } from './drawable';
import { backBufferSurface, SlicedPainter, type Drawing } from './slicedPainter';

/** Longest slice of a network picture, in ms (a main-thread task should stay well under 50 ms). */
export const PICTURE_SLICE_MS = 8;
/** The slice run in the task that moved the step, which also renders the page: shorter. */
export const FIRST_SLICE_MS = 4;

/**
 * A sliced painter for the canvas in `canvas`, kept for the component's life. A drawing that throws,
 * even in a later slice, is rethrown while rendering, so the view's error boundary shows it.
 */
export function usePainter(
  canvas: RefObject<HTMLCanvasElement | null>,
): SlicedPainter<CanvasRenderingContext2D> {
  const painter = useRef<SlicedPainter<CanvasRenderingContext2D> | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  if (failure) throw failure.error;
  painter.current ??= new SlicedPainter(
    backBufferSurface(() => canvas.current),
    PICTURE_SLICE_MS,
    undefined,
    FIRST_SLICE_MS,
  );
  painter.current.onError = (error) => setFailure({ error });
  useEffect(() => {
    const p = painter.current;
    return () => p?.dispose();
  }, []);
  return painter.current;
}

/**
 * Paints the picture in `frame`'s canvas with `draw`, sliced (see usePainter), whenever the drawing,
 * the box's size or the theme changes (drawings read the theme's colours from lib/colors), and not
 * while the box is too small to draw in. `draw` is the view's useCallback: its dependencies say when
 * the picture changes.
 */
export function usePaintedCanvas(frame: CanvasBox, draw: (ctx: CanvasRenderingContext2D) => Drawing): void {
  const painter = usePainter(frame.canvas);
  const theme = usePalette();
  const { width, height } = frame;
  useEffect(() => {
    if (!canDraw(width, height)) return;
    painter.request(width, height, draw);
  }, [painter, width, height, theme, draw]);
}
