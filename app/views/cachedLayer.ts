import { paletteTheme } from '../lib/colors';
import { prepareCanvas } from '../lib/useSize';

/**
 * A part of a picture that changes only with its key — a matrix's axis titles and tick labels —
 * drawn once into a canvas of its own and copied onto every frame. Text is the costly part of a
 * frame on a freshly reset canvas (the font is looked up again each time), so views that redraw on
 * every step while playing draw their fixed text through one of these.
 */
export class CachedLayer {
  private key: string | null = null;
  private readonly canvas = document.createElement('canvas');

  /**
   * Draws the layer onto `target` (a context scaled to CSS pixels, as setupCanvas leaves it), first
   * repainting it with `paint` if `key`, the size, the pixel ratio or the colour theme changed.
   */
  drawOnto(
    target: CanvasRenderingContext2D,
    width: number,
    height: number,
    key: string,
    paint: (ctx: CanvasRenderingContext2D) => void,
  ): void {
    const full = `${width}×${height}@${window.devicePixelRatio || 1}:${paletteTheme()}:${key}`;
    if (full !== this.key) {
      const ctx = this.canvas.getContext('2d');
      if (!ctx) return;
      prepareCanvas(this.canvas, ctx, width, height, false);
      paint(ctx);
      this.key = full;
    }
    target.save();
    // The layer is already in device pixels: copy it one to one.
    target.setTransform(1, 0, 0, 1, 0, 0);
    target.drawImage(this.canvas, 0, 0);
    target.restore();
  }
}
