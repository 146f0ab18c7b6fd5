/**
 * The shared painter's SVG side: primitives (primitives.ts) as a scene (scene.ts) and so as an SVG
 * document (sceneSvg.ts). What is drawn is what paintCanvas draws at the same zoom: groups outside
 * their zoom range are left out, clips become clip paths.
 */
import { finish, PICTURE_FONT, shownAt, type PathOp, type Primitive } from './primitives';
import type { ClipRef, Scene } from './scene';
import { IDENTITY, PathData } from './scenePath';
import { sceneToSvg } from './sceneSvg';
import { splitAlpha } from './sceneText';

/** SVG path data of `ops` (absolute coordinates, as drawn). */
export function pathData(ops: readonly PathOp[]): string {
  const p = new PathData();
  for (const op of ops) p.add(op, IDENTITY);
  return p.d;
}

function* addItems(
  scene: Scene,
  items: readonly Primitive[],
  k: number,
  clip: ClipRef,
): Generator<void, void, void> {
  for (const item of items) {
    if (item.kind === 'path') {
      const d = pathData(item.ops);
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
        strokeWidth: item.lineWidth ?? 1,
        lineCap: item.lineCap ?? 'butt',
        lineJoin: item.lineJoin ?? 'miter',
        dash: item.dash ?? [],
        fillRule: item.fillRule ?? 'nonzero',
        clip,
      });
      yield;
      yield;
    } else if (item.kind === 'text') {
      const [fill, opacity] = splitAlpha(item.fill);
      scene.items.push({
        kind: 'text',
        text: item.text,
        x: item.x,
        y: item.y,
        size: item.size,
        weight: item.weight,
        family: item.family ?? PICTURE_FONT,
        anchor: item.anchor,
        baseline: item.baseline,
        fill,
        opacity,
        rotate: 0,
        clip,
        ...(item.halo ? { halo: item.halo } : {}),
      });
    } else if (shownAt(item, k)) {
      let inner = clip;
      if (item.clip) {
        scene.clips.push({ d: pathData(item.clip), parent: clip });
        inner = scene.clips.length - 1;
      }
      yield* addItems(scene, item.items, k, inner);
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
  yield* addItems(scene, items, k, null);
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
