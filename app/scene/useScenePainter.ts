import { useCallback } from 'react';
import { paintCanvas } from './paintCanvas';
import type { Layout, Primitive } from './primitives';

/**
 * The painter of a network view (SlicedPainter runs it): lays out `frame` with the family's
 * `layOut` and paints the primitives, both in the same slices. It is made again whenever a value of
 * `frame` changes, so what the picture depends on is the frame itself, never a list kept beside it
 * that could miss one. `laidOut` is told the primitives each time (the mesh keeps them for the
 * pointer); it should only store them, as it is not a dependency.
 */
export function useScenePainter<F extends object>(
  layOut: (frame: F) => Layout,
  frame: F,
  laidOut?: (items: readonly Primitive[]) => void,
) {
  return useCallback(
    function* (ctx: CanvasRenderingContext2D) {
      const items = yield* layOut(frame);
      laidOut?.(items);
      yield* paintCanvas(ctx, items);
    },
    // The frame's values, in the order its literal lists them (the same order every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [layOut, ...Object.values(frame)],
  );
}
