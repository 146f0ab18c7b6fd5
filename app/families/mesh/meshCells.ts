import { rgb } from 'd3';
import { COLORS } from '../../lib/colors';
import { PathOps, type Primitive } from '../../scene/primitives';
import { ednMarks, shadeRgbs, shades } from './meshColours';
import { fillShadeRows, markSenders, shadeIndex, visibleWindow } from './meshImage';
import { cellAt } from './meshLayout';
import { blockAt, groupProgress, partialFraction } from './meshScene';
import { CHUNK, type MeshPicture, type MeshSight } from './meshSight';

/** One filled path per shade (the shades with no shape left out). */
const byShade = (paths: PathOps[], colours: readonly string[]): Primitive[] =>
  paths.flatMap((path, i) =>
    path.empty ? [] : [{ kind: 'path', ops: path.ops, fill: colours[i] } as const],
  );

/**
 * The processors on screen, in layout coordinates, at the picture's level of detail: zoomed out far
 * enough that a processor is under TILE_BELOW_PX, each group of an OTIS-Mesh one tile (its
 * processors' mean partial, a square in the middle for its most advanced one) and a plain mesh one
 * image, a pixel per processor; else each processor a square in the shade of its partial, with the
 * EDN levels' corner marks. Made in parts (a pause every CHUNK processors).
 */
export function* cellPrimitives(m: MeshPicture, v: MeshSight): Generator<void, Primitive[], void> {
  const { layout: l, groups, side, info, counts } = m;
  const { onScreen, p, total, blockSize, box } = v;
  const out: Primitive[] = [];
  if (v.tiles) {
    const [mean, best] = [new Float32Array(groups), new Float32Array(groups)];
    for (let i = 0; i < onScreen.length; i += 64) {
      groupProgress(counts, total, p, onScreen.slice(i, i + 64), mean, best);
      yield;
    }
    const [outer, middle] = [shades().map(() => new PathOps()), shades().map(() => new PathOps())];
    const inner = blockSize * 0.3;
    for (const g of onScreen) {
      const [x, y] = blockAt(l, g);
      outer[shadeIndex(mean[g])].rect(x, y, blockSize, blockSize);
      middle[shadeIndex(best[g])].rect(x + inner, y + inner, blockSize - 2 * inner, blockSize - 2 * inner);
    }
    return [...byShade(outer, shades()), ...byShade(middle, shades())];
  }
  if (v.asImage) {
    const w = visibleWindow(l, box.x0, box.y0, box.x1, box.y1);
    const [cols, rows] = [w.c1 - w.c0, w.r1 - w.r0];
    if (cols <= 0 || rows <= 0) return out;
    const data = new Uint8ClampedArray(cols * rows * 4);
    const slice = Math.max(1, Math.floor((8 * CHUNK) / cols));
    for (let r = 0; r < rows; r += slice) {
      fillShadeRows(data, w, side, counts, total, shadeRgbs(), r, Math.min(rows, r + slice));
      yield;
    }
    const accent = rgb(COLORS.accent);
    const s = m.result.schedule;
    for (let t = v.a; v.sendersOnly && t < v.b; t += 8 * CHUNK) {
      markSenders(data, w, side, s.src, t, Math.min(v.b, t + 8 * CHUNK), [accent.r, accent.g, accent.b]);
      yield;
    }
    // Shrunk (several processors to a pixel) smoothly; enlarged, each processor a crisp square.
    out.push({
      kind: 'image',
      x: l.x0 + w.c0 * l.cell,
      y: l.y0 + w.r0 * l.cell,
      width: cols * l.cell,
      height: rows * l.cell,
      pixels: { cols, rows, data },
      smooth: v.cellPx < 1,
    });
    return out;
  }
  // A path per shade and chunk, so that rasterising one fill never makes a long task.
  let paths = shades().map(() => new PathOps());
  const { inset } = v;
  let done = 0;
  for (const g of onScreen)
    for (let u = g * p; u < (g + 1) * p; u++) {
      const [x, y] = cellAt(l, u);
      if (x + l.cell < box.x0 || x > box.x1 || y + l.cell < box.y0 || y > box.y1) continue;
      paths[shadeIndex(partialFraction(counts[u], total))].rect(
        x + inset,
        y + inset,
        l.cell - 2 * inset,
        l.cell - 2 * inset,
      );
      if (++done % CHUNK === 0) {
        out.push(...byShade(paths, shades()));
        paths = shades().map(() => new PathOps());
        yield;
      }
    }
  out.push(...byShade(paths, shades()));
  // EDN levels: a corner mark, darker for higher levels.
  if (info?.level && v.cellPx >= 5) {
    const marks = ednMarks().map(() => new PathOps());
    const size = Math.max(2 / v.k, l.cell * 0.3);
    for (const g of onScreen)
      for (let i = 0; i < p; i++) {
        const lv = info.level[i];
        if (!lv) continue;
        const [x, y] = cellAt(l, g * p + i);
        marks[Math.min(lv, ednMarks().length - 1)].rect(x + inset, y + inset, size, size);
      }
    marks[0] = new PathOps();
    out.push(...byShade(marks, ednMarks()));
  }
  return out;
}
