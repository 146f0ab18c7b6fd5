import { useEffect, useRef, useState, type RefObject } from 'react';

/** Width and height of an element (HTML or SVG), kept current with a ResizeObserver. */
export function useSize(ref: RefObject<Element | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      setSize((s) => (s.width === width && s.height === height ? s : { width, height }));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}

/**
 * Sizes a canvas's pixels for the device pixel ratio (and its CSS size, when it is on the page) and
 * resets the context to its default state, scaled to CSS pixels. Every frame starts from there, so a
 * picture depends only on what is drawn, not on what the previous frame left behind.
 */
export function prepareCanvas(
  canvas: HTMLCanvasElement,
  ctx: CanvasRenderingContext2D,
  width: number,
  height: number,
  onPage = true,
): void {
  const dpr = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(width * dpr));
  const h = Math.max(1, Math.round(height * dpr));
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
    if (onPage) {
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    }
  }
  ctx.reset();
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
}

/** Prepares a canvas on the page for crisp drawing at the device pixel ratio (see prepareCanvas). */
export function setupCanvas(
  canvas: HTMLCanvasElement,
  width: number,
  height: number,
): CanvasRenderingContext2D | null {
  const ctx = canvas.getContext('2d');
  if (ctx) prepareCanvas(canvas, ctx, width, height);
  return ctx;
}

/** A picture's box and the canvas inside it (see PictureBox): the refs to attach and the box's size. */
export interface CanvasBox {
  box: RefObject<HTMLDivElement | null>;
  canvas: RefObject<HTMLCanvasElement | null>;
  width: number;
  height: number;
}

/** The refs of a picture's box and canvas, and the box's size kept current (see useSize). */
export function useCanvasBox(): CanvasBox {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { width, height } = useSize(box);
  return { box, canvas, width, height };
}
