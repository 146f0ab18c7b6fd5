/**
 * An image primitive's pixels on a canvas: what the canvas painter scales onto the picture and what
 * the SVG writer embeds as a PNG. Pixels get a canvas of their own, kept while their array lives, so
 * a picture painted again (each slice, each hover) does not copy them again; an image already drawn
 * is used as it is.
 */
import type { DrawnImage, Pixels } from './primitives';

const made = new WeakMap<Pixels, HTMLCanvasElement>();

const isPixels = (p: Pixels | DrawnImage): p is Pixels => 'data' in p && 'cols' in p;

/** Something the canvas can draw: the pixels on a canvas of cols × rows (made once per array). */
export function pixelCanvas(p: Pixels | DrawnImage): CanvasImageSource {
  return isPixels(p) ? canvasOf(p) : p;
}

function canvasOf(p: Pixels): HTMLCanvasElement {
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

/** The image as a PNG data: URL (an SVG's embedded image). */
export function pngHref(p: Pixels | DrawnImage): string {
  if (isPixels(p)) return canvasOf(p).toDataURL('image/png');
  const own = p as { toDataURL?: (type: string) => string };
  if (typeof own.toDataURL === 'function') return own.toDataURL('image/png');
  if (typeof document === 'undefined')
    throw new Error('an image can be embedded only where there is a canvas');
  const c = document.createElement('canvas');
  [c.width, c.height] = [p.width, p.height];
  c.getContext('2d')?.drawImage(p, 0, 0);
  return c.toDataURL('image/png');
}
