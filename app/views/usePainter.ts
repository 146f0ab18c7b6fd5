import { useEffect, useRef, useState, type RefObject } from 'react';
import { backBufferSurface, SlicedPainter } from './slicedPainter';

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
