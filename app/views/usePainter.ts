import { useEffect, useRef, type RefObject } from 'react';
import { backBufferSurface, SlicedPainter } from './slicedPainter';

/** Longest slice of a network picture, in ms (a main-thread task should stay well under 50 ms). */
export const PICTURE_SLICE_MS = 8;
/** The slice run in the task that moved the step, which also renders the page: shorter. */
export const FIRST_SLICE_MS = 4;

/** A sliced painter for the canvas in `canvas`, kept for the component's life. */
export function usePainter(
  canvas: RefObject<HTMLCanvasElement | null>,
): SlicedPainter<CanvasRenderingContext2D> {
  const painter = useRef<SlicedPainter<CanvasRenderingContext2D> | null>(null);
  painter.current ??= new SlicedPainter(
    backBufferSurface(() => canvas.current),
    PICTURE_SLICE_MS,
  );
  useEffect(() => {
    const p = painter.current;
    return () => p?.dispose();
  }, []);
  return painter.current;
}
