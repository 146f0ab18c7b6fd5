import { wheelFactor, type PanZoom } from './panZoom';

/** A press that moves less than this (px) is a click, not a drag. */
const CLICK_SLOP = 4;

/**
 * Wires an element's wheel, pointer and double-click events to a pan-zoom object: the wheel (and a
 * trackpad pinch) zooms around the pointer, one pointer dragging pans, two pinch-zoom around their
 * middle, a double click shows the whole picture. `top()` is how far below the element's top edge
 * the zoomed part begins (a caption above it stays put). A press that dragged does not also click.
 * Returns the function that unwires it all.
 */
export function panZoomGestures(el: HTMLElement, pz: PanZoom, top: () => number = () => 0): () => void {
  const at = (e: { clientX: number; clientY: number }): [number, number] => {
    const r = el.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top - top()];
  };
  const pointers = new Map<number, [number, number]>();
  let travelled = 0;

  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const [x, y] = at(e);
    pz.zoomAt(wheelFactor(e.deltaY, e.deltaMode, e.ctrlKey), x, y);
  };
  const onDown = (e: PointerEvent) => {
    if (e.button !== 0) return;
    pointers.set(e.pointerId, at(e));
    if (pointers.size === 1) travelled = 0;
    el.setPointerCapture?.(e.pointerId);
  };
  const onMove = (e: PointerEvent) => {
    const before = pointers.get(e.pointerId);
    if (!before) return;
    const now = at(e);
    if (pointers.size === 1) {
      pz.panBy(now[0] - before[0], now[1] - before[1]);
    } else {
      // Two fingers: the distance between them scales, their middle pans.
      const other = [...pointers].find(([id]) => id !== e.pointerId)![1];
      const d0 = Math.hypot(before[0] - other[0], before[1] - other[1]);
      const d1 = Math.hypot(now[0] - other[0], now[1] - other[1]);
      const [m0, m1] = [mid(before, other), mid(now, other)];
      if (d0 > 0) pz.zoomAt(d1 / d0, m0[0], m0[1]);
      pz.panBy(m1[0] - m0[0], m1[1] - m0[1]);
    }
    travelled += Math.hypot(now[0] - before[0], now[1] - before[1]);
    pointers.set(e.pointerId, now);
  };
  const onUp = (e: PointerEvent) => {
    pointers.delete(e.pointerId);
  };
  // Capture phase: a drag's closing click never reaches the view's own click handler.
  const onClick = (e: MouseEvent) => {
    if (travelled > CLICK_SLOP) {
      e.stopPropagation();
      travelled = 0;
    }
  };
  const onDouble = () => pz.reset();

  // One signal takes every listener off again.
  const listening = new AbortController();
  const on = { signal: listening.signal };
  el.addEventListener('wheel', onWheel, { ...on, passive: false });
  el.addEventListener('pointerdown', onDown, on);
  el.addEventListener('pointermove', onMove, on);
  el.addEventListener('pointerup', onUp, on);
  el.addEventListener('pointercancel', onUp, on);
  el.addEventListener('click', onClick, { ...on, capture: true });
  el.addEventListener('dblclick', onDouble, on);
  el.style.touchAction = 'none';
  return () => {
    listening.abort();
    el.style.touchAction = '';
  };
}

const mid = (a: [number, number], b: [number, number]): [number, number] => [
  (a[0] + b[0]) / 2,
  (a[1] + b[1]) / 2,
];
