/**
 * The shared painter's SVG side: primitives (primitives.ts) as a scene (scene.ts) and so as an SVG
 * document (sceneSvg.ts). What is drawn is what paintCanvas draws at the same zoom: groups outside
 * their zoom range are left out, clips become clip paths, a group's transform is applied to the
 * coordinates and sizes of what it holds (a scene is in the picture's own coordinates), images are
 * embedded as PNG data URLs.
 */
import { pngHref } from './pixelCanvas';
import { finish, PICTURE_FONT, shownAt, type PathOp, type Primitive } from './primitives';
import type { ClipRef, Scene } from './scene';
import { apply, IDENTITY, multiply, PathData, scaleOf, type Matrix } from './pathData';
import { sceneToSvg } from './sceneSvg';
import { splitAlpha } from './sceneText';

/** SVG path data of `ops` under `m` (absolute coordinates, as drawn). */
export function pathData(ops: readonly PathOp[], m: Matrix = IDENTITY): string {
  const p = new PathData();
  for (const op of ops) p.add(op, m);
  return p.d;
}

function* addItems(
  scene: Scene,
  items: readonly Primitive[],
  k: number,
  clip: ClipRef,
  m: Matrix,
): Generator<void, void, void> {
  const scale = scaleOf(m);
  for (const item of items) {
    if (item.kind === 'path') {
      const d = pathData(item.ops, m);
      if (!d || (item.fill === undefined && item.stroke === undefined)) continue;
      const alpha = item.alpha ?? 1;
      const [fill, fa] = item.fill === undefined ? [null, 1] : splitAlpha(item.fill);
      const [stroke, sa] = item.stroke === undefined ? [null, 1] : splitAlpha(item.stroke);
      scene.items.push({
        kind: 'path',
        d,
        fill,
        fillOpacity: fill === null ? 1 : fa * alpha,
        stroke,
        strokeOpacity: stroke === null ? 1 : sa * alpha,
        strokeWidth: (item.lineWidth ?? 1) * scale,
        lineCap: item.lineCap ?? 'butt',
        lineJoin: item.lineJoin ?? 'miter',
        dash: (item.dash ?? []).map((v) => v * scale),
        fillRule: item.fillRule ?? 'nonzero',
        clip,
      });
      yield;
      yield;
    } else if (item.kind === 'text') {
      const [fill, opacity] = splitAlpha(item.fill);
      const [x, y] = apply(m, item.x, item.y);
      scene.items.push({
        kind: 'text',
        text: item.text,
        x,
        y,
        size: item.size * scale,
        weight: item.weight,
        family: item.family ?? PICTURE_FONT,
        anchor: item.anchor,
        baseline: item.baseline,
        fill,
        opacity,
        rotate: ((item.rotate ?? 0) * 180) / Math.PI,
        clip,
        ...(item.halo ? { halo: { colour: item.halo.colour, width: item.halo.width * scale } } : {}),
      });
    } else if (item.kind === 'image') {
      const [x0, y0] = apply(m, item.x, item.y);
      const [x1, y1] = apply(m, item.x + item.width, item.y + item.height);
      scene.items.push({
        kind: 'image',
        x: Math.min(x0, x1),
        y: Math.min(y0, y1),
        width: Math.abs(x1 - x0),
        height: Math.abs(y1 - y0),
        href: pngHref(item.pixels),
        opacity: 1,
        smooth: item.smooth,
        clip,
      });
      yield;
    } else if (shownAt(item, k)) {
      let inner = clip;
      if (item.clip) {
        scene.clips.push({ d: pathData(item.clip, m), parent: clip });
        inner = scene.clips.length - 1;
      }
      const t = item.transform;
      const within = t ? multiply(m, [t.k, 0, 0, t.k, t.x, t.y]) : m;
      yield* addItems(scene, item.items, k * (t?.k ?? 1), inner, within);
    }
  }
}

/** The primitives as a scene of width × height, as seen at zoom `k` (levels of detail), in parts. */
export function* sceneParts(
  items: readonly Primitive[],
  width: number,
  height: number,
  k = 1,
): Generator<void, Scene, void> {
  const scene: Scene = { width, height, items: [], clips: [] };
  yield* addItems(scene, items, k, null, IDENTITY);
  return scene;
}

/** The primitives as a scene, all at once. */
export const toScene = (items: readonly Primitive[], width: number, height: number, k = 1): Scene =>
  finish(sceneParts(items, width, height, k));

/** The primitives as an SVG document of width × height px (see sceneToSvg for title and background). */
export function toSvg(
  items: readonly Primitive[],
  width: number,
  height: number,
  title = '',
  background: string | null = null,
): string {
  return sceneToSvg(toScene(items, width, height), title, background);
}
