/**
 * The pan and zoom of a network picture, as one plain object (no DOM): how far the picture is
 * magnified (k) and shifted (x, y), in the view's pixels, so that a world point (wx, wy) shows at
 * (x + k·wx, y + k·wy). The world is the picture as drawn at 1×, a box of the viewport's size, and
 * the picture always covers the viewport: k stays within [1, maxZoom] and the shift within
 * [viewport − k·viewport, 0]. Every network view uses one (see usePanZoom and panZoomGestures);
 * the keyboard, the wheel, pinches, drags, the reset button and the mesh's overview map all go
 * through it, so its limits apply to all of them alike.
 */

import type { PictureKeyId } from '../lib/keys';

export interface View {
  k: number;
  x: number;
  y: number;
}

/** The whole picture, as drawn without zoom. */
export const WHOLE: View = { k: 1, x: 0, y: 0 };

/** Zoom factor of one press of + or −. */
export const KEY_ZOOM = 1.5;
/** Share of the viewport one arrow press pans by. */
export const PAN_SHARE = 0.15;
/** Deepest zoom of a picture unless its view asks for another. */
export const DEFAULT_MAX_ZOOM = 16;

export interface PanZoomOptions {
  /** Deepest zoom (≥ 1). */
  maxZoom?: number;
}

export interface PanZoom {
  /** The current transform. */
  readonly view: View;
  readonly maxZoom: number;
  /** New options (the limit applies at once). */
  update(options: PanZoomOptions): void;
  /** The viewport's size in px: the world box, and what the shift is kept within. */
  setViewport(width: number, height: number): void;
  /** Magnifies by `factor` around the view point (px, py), which stays where it is. */
  zoomAt(factor: number, px: number, py: number): void;
  /** Shifts the picture by (dx, dy) view pixels. */
  panBy(dx: number, dy: number): void;
  /** Shows `view` (kept within the limits). */
  show(view: View): void;
  /** The whole picture again. */
  reset(): void;
  /** What a picture key does (zoom about the middle, pan a share of the viewport, the whole picture). */
  key(id: PictureKeyId): void;
  /** The world point under view point (px, py): what hit-testing asks about. */
  toWorld(px: number, py: number): [number, number];
  /** Where world point (wx, wy) shows in the view. */
  toScreen(wx: number, wy: number): [number, number];
  /** Whether the view is other than the whole picture. */
  zoomed(): boolean;
  /** Calls `listener` after each change; returns the function that stops it. */
  subscribe(listener: (view: View) => void): () => void;
  /** Drops the listeners. */
  destroy(): void;
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

export function createPanZoom(options: PanZoomOptions = {}): PanZoom {
  let maxZoom = Math.max(1, options.maxZoom ?? DEFAULT_MAX_ZOOM);
  let [width, height] = [0, 0];
  let view: View = WHOLE;
  const listeners = new Set<(view: View) => void>();

  /** `v` within the limits: zoom in [1, maxZoom], the picture covering the viewport. */
  const limited = (v: View): View => {
    const k = clamp(Number.isFinite(v.k) ? v.k : 1, 1, maxZoom);
    const x = clamp(Number.isFinite(v.x) ? v.x : 0, width - k * width, 0);
    const y = clamp(Number.isFinite(v.y) ? v.y : 0, height - k * height, 0);
    // Normalise −0 so that a reset view reads 0,0.
    return { k, x: x + 0, y: y + 0 };
  };
  const set = (v: View) => {
    const next = limited(v);
    if (next.k === view.k && next.x === view.x && next.y === view.y) return;
    view = next;
    for (const l of listeners) l(view);
  };

  const pz: PanZoom = {
    get view() {
      return view;
    },
    get maxZoom() {
      return maxZoom;
    },
    update(o) {
      if (o.maxZoom !== undefined) maxZoom = Math.max(1, o.maxZoom);
      set(view);
    },
    setViewport(w, h) {
      if (w === width && h === height) return;
      [width, height] = [w, h];
      set(view);
    },
    zoomAt(factor, px, py) {
      const k = clamp(view.k * factor, 1, maxZoom);
      const [wx, wy] = pz.toWorld(px, py);
      set({ k, x: px - k * wx, y: py - k * wy });
    },
    panBy(dx, dy) {
      set({ k: view.k, x: view.x + dx, y: view.y + dy });
    },
    show: set,
    reset() {
      set(WHOLE);
    },
    key(id) {
      const [dx, dy] = [width * PAN_SHARE, height * PAN_SHARE];
      if (id === 'zoom-in') pz.zoomAt(KEY_ZOOM, width / 2, height / 2);
      else if (id === 'zoom-out') pz.zoomAt(1 / KEY_ZOOM, width / 2, height / 2);
      else if (id === 'whole') pz.reset();
      else if (id === 'pan-left') pz.panBy(dx, 0);
      else if (id === 'pan-right') pz.panBy(-dx, 0);
      else if (id === 'pan-up') pz.panBy(0, dy);
      else pz.panBy(0, -dy);
    },
    toWorld: (px, py) => [(px - view.x) / view.k, (py - view.y) / view.k],
    toScreen: (wx, wy) => [view.x + view.k * wx, view.y + view.k * wy],
    zoomed: () => view.k !== 1 || view.x !== 0 || view.y !== 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    destroy() {
      listeners.clear();
    },
  };
  return pz;
}

/** The zoom factor of a wheel turn: 2 for about 500 px of scrolling, as d3-zoom and most maps do. */
export function wheelFactor(deltaY: number, deltaMode: number, ctrlKey = false): number {
  const perPixel = deltaMode === 1 ? 0.05 : deltaMode ? 1 : 0.002;
  // A pinch on a trackpad arrives as a wheel with Ctrl held, in small steps: magnified tenfold.
  return 2 ** (-deltaY * perPixel * (ctrlKey ? 10 : 1));
}
