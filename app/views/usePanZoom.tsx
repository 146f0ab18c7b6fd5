import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { pictureKeyFor } from '../lib/keys';
import type { CanvasBox } from '../lib/useSize';
import { usePaintedCanvas } from './usePainter';
import { createPanZoom, WHOLE, type PanZoom, type View } from './panZoom';
import { panZoomGestures } from './panZoomGestures';
import type { Drawing } from './slicedPainter';

export interface PanZoomOptions {
  /** Deepest zoom. */
  maxZoom?: number;
  /** The zoomed part's height (px); the default is the whole box. */
  viewportHeight?: number;
  /** How far below the box's top the zoomed part begins (px): a caption above it stays put. */
  top?: number;
  /** When this changes (a new network), the whole picture is shown again. */
  resetOn?: unknown;
}

export interface ZoomedPicture {
  pz: PanZoom;
  view: View;
  zoomed: boolean;
  /** The picture's attributes that make it a zoomable widget (focus, keys, data-zoom, data-pan). */
  boxProps: {
    tabIndex: number;
    role: string;
    'aria-roledescription': string;
    'aria-label': string;
    onKeyDown: (e: KeyboardEvent) => void;
    'data-zoom': string;
    'data-pan': string;
  };
}

/**
 * A view's pan-zoom object (one for the view's life), wired to the gestures on `frame`'s canvas, its
 * viewport kept at the box's size, and the current transform as React state. The picture is a widget
 * that takes the keys of PICTURE_KEYS while it has the focus; at the whole picture it gives the arrows
 * back to the page (they step the schedule), zoomed in they pan.
 */
export function usePanZoom(frame: CanvasBox, name: string, options: PanZoomOptions = {}): ZoomedPicture {
  const pzRef = useRef<PanZoom | null>(null);
  pzRef.current ??= createPanZoom({ maxZoom: options.maxZoom });
  const pz = pzRef.current;
  const [view, setView] = useState<View>(WHOLE);
  const top = useRef(options.top ?? 0);
  top.current = options.top ?? 0;
  const viewportHeight = options.viewportHeight ?? frame.height;

  useEffect(() => pz.subscribe(setView), [pz]);
  useEffect(() => () => pz.destroy(), [pz]);
  useEffect(() => pz.update({ maxZoom: options.maxZoom }), [pz, options.maxZoom]);
  useEffect(() => pz.setViewport(frame.width, viewportHeight), [pz, frame.width, viewportHeight]);
  useEffect(() => pz.reset(), [pz, options.resetOn]);
  useEffect(() => {
    const el = frame.canvas.current;
    return el ? panZoomGestures(el, pz, () => top.current) : undefined;
  }, [pz, frame.canvas]);

  const zoomed = view.k !== 1 || view.x !== 0 || view.y !== 0;
  return {
    pz,
    view,
    zoomed,
    boxProps: {
      tabIndex: 0,
      // Zoomed in, the picture is a widget that keeps the arrows (focusKind reads the role); at the
      // whole picture it is a plain group and the arrows step the schedule as everywhere else.
      role: zoomed ? 'application' : 'group',
      'aria-roledescription': 'zoomable picture',
      'aria-label': `${name}: + and − zoom, arrow keys pan once zoomed in, 0 shows the whole network`,
      onKeyDown: (e) => {
        const id = pictureKeyFor(e);
        if (!id || (id.startsWith('pan-') && !zoomed)) return;
        e.preventDefault();
        pz.key(id);
      },
      'data-zoom': view.k.toFixed(2),
      'data-pan': `${Math.round(view.x)},${Math.round(view.y)}`,
    },
  };
}

/** `draw` as seen through `view`: the whole drawing magnified and shifted (views without levels of detail). */
export function throughView<C extends CanvasRenderingContext2D>(
  draw: (ctx: C) => Drawing,
  view: View,
): (ctx: C) => Drawing {
  if (view.k === 1 && view.x === 0 && view.y === 0) return draw;
  return function* (ctx) {
    ctx.save();
    ctx.translate(view.x, view.y);
    ctx.scale(view.k, view.k);
    yield* draw(ctx);
    ctx.restore();
  };
}

/** Paints `draw` in `frame`'s canvas through `view` (usePaintedCanvas; `draw` is the view's useCallback). */
export function useZoomedCanvas(
  frame: CanvasBox,
  draw: (ctx: CanvasRenderingContext2D) => Drawing,
  view: View,
): void {
  const paint = useMemo(() => throughView(draw, view), [draw, view]);
  usePaintedCanvas(frame, paint);
}

/** The "whole network" button shown while the picture is zoomed in or shifted. */
export function ZoomReset({
  zoom,
  testId = 'zoom-reset',
}: {
  zoom: Pick<ZoomedPicture, 'pz' | 'view' | 'zoomed'>;
  testId?: string;
}) {
  if (!zoom.zoomed) return null;
  return (
    <button
      type="button"
      className="absolute bottom-2 right-2 z-10 rounded-md border border-border bg-surface px-2 py-1 text-sm"
      onClick={() => zoom.pz.reset()}
      data-testid={testId}
    >
      whole network ({zoom.view.k.toFixed(1)}×)
    </button>
  );
}
