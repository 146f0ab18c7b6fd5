/**
 * The current frame as a file: an SVG written from the view's primitives (primitiveSvg.ts), or a PNG
 * drawn from them by the shared painter on a canvas of width × scale by height × scale. Both are
 * made in slices (layouts and the painter yield between parts), so a big picture never holds the
 * page up.
 */
import type { TypeScale } from '../views/canvasText';
import type { Drawing } from '../views/slicedPainter';
import { composeFrame, framePrimitives, type FramePicture } from './framePicture';
import { sceneParts, toScene } from './primitiveSvg';
import { finish } from './primitives';
import type { Scene } from './scene';
import { sceneToSvg } from './sceneSvg';

/** Sizes an exported picture may have, px (either side, before the scale). */
export const PICTURE_SIDE = { min: 200, max: 4000 } as const;
/** Scales a PNG may be written at. */
export const PNG_SCALES = [1, 2, 3] as const;

/** A side length the export accepts: a whole number within PICTURE_SIDE (anything else: `fallback`). */
export function pictureSide(value: number, fallback: number): number {
  if (!Number.isFinite(value)) return fallback;
  return Math.min(PICTURE_SIDE.max, Math.max(PICTURE_SIDE.min, Math.round(value)));
}

/** Runs a drawing to its end, giving the browser a turn whenever `budgetMs` has passed. */
export async function drainDrawing(
  drawing: Drawing,
  around: (part: () => boolean) => boolean = (part) => part(),
  budgetMs = 12,
): Promise<void> {
  let t0 = performance.now();
  while (!around(() => !!drawing.next().done)) {
    if (performance.now() - t0 > budgetMs) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      t0 = performance.now();
    }
  }
}

/** A frame laid out as primitives, with its page and legend, as a scene of width × height px. */
export const frameScene = (picture: FramePicture, width: number, height: number, type: TypeScale): Scene =>
  toScene(finish(framePrimitives(picture, width, height, type)), width, height);

/** Runs a generator made in parts to its end, giving the browser a turn whenever `budgetMs` has passed. */
export async function settle<T>(parts: Generator<void, T, void>, budgetMs = 12): Promise<T> {
  let t0 = performance.now();
  for (;;) {
    const r = parts.next();
    if (r.done) return r.value;
    if (performance.now() - t0 > budgetMs) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      t0 = performance.now();
    }
  }
}

/** The picture as an SVG document of width × height px. */
export async function pictureSvg(
  picture: FramePicture,
  width: number,
  height: number,
  type: TypeScale,
): Promise<string> {
  const items = await settle(framePrimitives(picture, width, height, type));
  return sceneToSvg(await settle(sceneParts(items, width, height)), picture.title);
}

/** The picture as a PNG of (width × scale) × (height × scale) pixels. */
export async function picturePng(
  picture: FramePicture,
  width: number,
  height: number,
  scale: number,
  type: TypeScale,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  // A canvas in memory, read back after each part (one pixel) so that the browser rasterises as it
  // goes, in the slice that drew it (as the views' back buffers do), not all at once when encoding.
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('this browser gives no canvas to draw the picture on');
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  await drainDrawing(composeFrame(ctx, picture, width, height, type), (part) => {
    const done = part();
    ctx.getImageData(0, 0, 1, 1);
    return done;
  });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (b) => (b ? resolve(b) : reject(new Error('the picture could not be encoded'))),
      'image/png',
    ),
  );
}
