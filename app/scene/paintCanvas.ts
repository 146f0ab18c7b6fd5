/**
 * The shared painter's canvas side: primitives (primitives.ts) drawn on a 2D context, seen through a
 * pan-and-zoom view. It is a drawing (slicedPainter.ts): it yields after each path and every
 * TEXTS_PER_PART texts, so a big picture can be spread over several tasks, and the picture is the
 * same however it is sliced.
 */
import type { View } from '../views/panZoom';
import type { Drawing } from '../views/slicedPainter';
import { pixelCanvas } from './pixelCanvas';
import {
  PICTURE_FONT,
  shownAt,
  type ImagePrimitive,
  type PathOp,
  type PathPrimitive,
  type Primitive,
  type TextPrimitive,
} from './primitives';

/** Texts drawn between two points where a sliced drawing may pause. */
const TEXTS_PER_PART = 64;

/** The part of a 2D context the painter uses (a fake in the tests). */
export type PaintContext = Pick<
  CanvasRenderingContext2D,
  | 'save'
  | 'restore'
  | 'translate'
  | 'scale'
  | 'rotate'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'arc'
  | 'rect'
  | 'closePath'
  | 'fill'
  | 'stroke'
  | 'clip'
  | 'fillText'
  | 'strokeText'
  | 'setLineDash'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'lineCap'
  | 'lineJoin'
  | 'globalAlpha'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
  | 'drawImage'
  | 'imageSmoothingEnabled'
  | 'imageSmoothingQuality'
>;

/** Makes `ops` the context's current path. */
export function tracePath(ctx: PaintContext, ops: readonly PathOp[]): void {
  ctx.beginPath();
  for (const op of ops)
    switch (op[0]) {
      case 'M':
        ctx.moveTo(op[1], op[2]);
        break;
      case 'L':
        ctx.lineTo(op[1], op[2]);
        break;
      case 'Z':
        ctx.closePath();
        break;
      case 'R':
        ctx.rect(op[1], op[2], op[3], op[4]);
        break;
      case 'A':
        ctx.arc(op[1], op[2], op[3], op[4], op[5], op[6]);
    }
}

function paintPath(ctx: PaintContext, p: PathPrimitive): void {
  if (!p.ops.length || (p.fill === undefined && p.stroke === undefined)) return;
  ctx.save();
  tracePath(ctx, p.ops);
  ctx.globalAlpha = p.alpha ?? 1;
  if (p.fill !== undefined) {
    ctx.fillStyle = p.fill;
    ctx.fill(p.fillRule ?? 'nonzero');
  }
  if (p.stroke !== undefined) {
    ctx.strokeStyle = p.stroke;
    ctx.lineWidth = p.lineWidth ?? 1;
    ctx.lineCap = p.lineCap ?? 'butt';
    ctx.lineJoin = p.lineJoin ?? 'miter';
    ctx.setLineDash(p.dash ?? []);
    ctx.stroke();
  }
  ctx.restore();
}

function paintImage(ctx: PaintContext, im: ImagePrimitive): void {
  ctx.save();
  ctx.imageSmoothingEnabled = im.smooth;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(pixelCanvas(im.pixels), im.x, im.y, im.width, im.height);
  ctx.restore();
}

const ALIGN = { start: 'left', middle: 'center', end: 'right' } as const;

/** Draws one text (also used by the canvas painters not yet on primitives). */
export function paintText(ctx: PaintContext, t: TextPrimitive): void {
  ctx.font = `${t.weight} ${t.size}px ${t.family ?? PICTURE_FONT}`;
  ctx.textAlign = ALIGN[t.anchor];
  ctx.textBaseline = t.baseline;
  let [x, y] = [t.x, t.y];
  if (t.rotate) {
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(t.rotate);
    [x, y] = [0, 0];
  }
  if (t.halo) {
    ctx.lineJoin = 'round';
    ctx.lineWidth = t.halo.width;
    ctx.strokeStyle = t.halo.colour;
    ctx.strokeText(t.text, x, y);
  }
  ctx.fillStyle = t.fill;
  ctx.fillText(t.text, x, y);
  if (t.rotate) ctx.restore();
}

function* paintItems(ctx: PaintContext, items: readonly Primitive[], k: number): Drawing {
  let texts = 0;
  for (const item of items) {
    if (item.kind === 'path') {
      paintPath(ctx, item);
      yield;
    } else if (item.kind === 'text') {
      paintText(ctx, item);
      if (++texts % TEXTS_PER_PART === 0) yield;
    } else if (item.kind === 'image') {
      paintImage(ctx, item);
      yield;
    } else if (shownAt(item, k)) {
      ctx.save();
      if (item.clip) {
        tracePath(ctx, item.clip);
        ctx.clip();
      }
      const t = item.transform;
      if (t) {
        ctx.translate(t.x, t.y);
        ctx.scale(t.k, t.k);
      }
      yield* paintItems(ctx, item.items, k * (t?.k ?? 1));
      ctx.restore();
    }
  }
}

/**
 * Draws `items` on `ctx` through `view` (a world point (x, y) shows at view.x + view.k·x, …); groups
 * are drawn where the view's zoom is within their range.
 */
export function* paintCanvas(
  ctx: PaintContext,
  items: readonly Primitive[],
  view: View = { k: 1, x: 0, y: 0 },
): Drawing {
  ctx.save();
  ctx.translate(view.x, view.y);
  ctx.scale(view.k, view.k);
  yield* paintItems(ctx, items, view.k);
  ctx.restore();
}

/** Draws `items` on `ctx` at once, without yielding (small pictures: a frame, a ring round a cell). */
export function paintAll(ctx: PaintContext, items: readonly Primitive[], view?: View): void {
  const drawing = paintCanvas(ctx, items, view);
  while (!drawing.next().done);
}
