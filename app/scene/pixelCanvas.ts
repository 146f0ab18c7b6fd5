/**
 * Pixels (an image primitive's) on a canvas of their own: what the canvas painter scales onto the
 * picture and what the SVG writer embeds as a PNG. One canvas per pixel array, kept while the array
 * lives, so a picture painted again (each slice, each hover) does not copy its pixels again.
 */
import type { Pixels } from './primitives';

const made = new WeakMap<Pixels, HTMLCanvasElement>();

/** The pixels on a canvas of cols × rows (made once per pixel array). */
export function pixelCanvas(p: Pixels): HTMLCanvasElement {
  let canvas = made.get(p);
  if (!canvas) {
    if (typeof document === 'undefined') throw new Error('pixels can be drawn only where there is a canvas');
    canvas = document.createElement('canvas');
    canvas.width = p.cols;
    canvas.height = p.rows;
    const data = new Uint8ClampedArray(p.data.buffer as ArrayBuffer, p.data.byteOffset, p.data.length);
    canvas.getContext('2d')?.putImageData(new ImageData(data, p.cols, p.rows), 0, 0);
    made.set(p, canvas);
  }
  return canvas;
}

/** The pixels as a PNG data: URL (an SVG's embedded image). */
export const pngHref = (p: Pixels): string => pixelCanvas(p).toDataURL('image/png');
