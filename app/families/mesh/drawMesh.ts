import { rgb } from 'd3';
import type { View } from '../../views/panZoom';
import type { MeshExtras } from '../../../src/families/mesh/mesh-picture';
import { pathLinks } from '../../../src/kernel/model/paths';
import { stepRange } from '../../../src/kernel/model/schedule';
import type { RunResult } from '../../../src/result';
import { COLORS, paletteTheme, type Theme } from '../../lib/colors';
import { DESK_TYPE, stepTitle, typePx, type TypeScale } from '../../views/canvasText';
import type { Drawing } from '../../views/slicedPainter';
import { cellAt, centreOf, type MeshLayout } from './meshLayout';
import { fillShadeRows, markSenders, shadeIndex, visibleWindow } from './meshImage';
import { blockAt, groupProgress, partialFraction, showsImage, showsTiles, visibleGroups } from './meshScene';
import { plural } from '../../lib/format';
import { drawMarkShapes } from '../../views/drawMarkedLinks';
import { meshMarkShapes, meshMarkWidth } from './meshMarks';

/** Optical link kind (src/families/mesh/geometry.ts). */
export const OPTICAL = 4;
/**
 * Partial-result shades: nine from an empty partial (the ground's end, pale) to the complete result
 * (deep green), per theme, as red, green and blue.
 */
const SHADE_RGB_OF = Object.fromEntries(
  (
    [
      ['light', [241, 245, 249], [21, 128, 61]],
      ['dark', [30, 41, 59], [74, 222, 128]],
      ['contrast', [38, 38, 38], [134, 239, 172]],
    ] as const
  ).map(([theme, from, to]) => [
    theme,
    Array.from({ length: 9 }, (_, i) =>
      [0, 1, 2].map((c) => Math.round(from[c] + ((to[c] - from[c]) * i) / 8)),
    ),
  ]),
) as Record<Theme, number[][]>;
const SHADES_OF = Object.fromEntries(
  Object.entries(SHADE_RGB_OF).map(([theme, rgbs]) => [
    theme,
    rgbs.map(([r, g, b]) => `rgb(${r},${g},${b})`),
  ]),
) as Record<Theme, string[]>;
const shades = () => SHADES_OF[paletteTheme()];
export const shade = (frac: number) => shades()[shadeIndex(frac)];
/** Electronic links are drawn in the theme's accent token (COLORS.accent). */
export const OPTICAL_COLOUR = '#d97706';
/** EDN levels' corner marks, from level 1 up: further from the ground the higher the level. */
const EDN_MARKS: Record<Theme, string[]> = {
  light: ['', '#94a3b8', '#64748b', '#475569', '#334155', '#1e293b'],
  dark: ['', '#475569', '#64748b', '#94a3b8', '#cbd5e1', '#f1f5f9'],
  contrast: ['', '#737373', '#a3a3a3', '#d4d4d4', '#e5e5e5', '#ffffff'],
};
export const ednMarks = () => EDN_MARKS[paletteTheme()];
/** Processors or messages handled between two points where the drawing may pause. */
const CHUNK = 4096;

export interface MeshPicture {
  result: RunResult;
  step: number;
  layout: MeshLayout;
  /** Zoom and pan (d3-zoom's transform) of the picture below the caption. */
  view: View;
  width: number;
  height: number;
  /** Room above the picture for the step caption (0 in compare panes). */
  top: number;
  /** Contributions each processor's partial combines after `step`. */
  counts: Uint32Array;
  info: MeshExtras | null;
  side: number;
  groups: number;
  highlight: readonly number[] | null;
  /** The processor under the pointer: its optical link is drawn. */
  hovered: number | null;
  /** Links marked from the link-load view or a verdict (markedLinks.ts). */
  marked?: readonly number[];
  compact: boolean;
  /** Desk or lecture type (canvasText.ts). */
  type?: TypeScale;
}

/**
 * Draws a mesh or an OTIS-Mesh: only what is on screen; zoomed out far enough that a processor is
 * under TILE_BELOW_PX, each group is one tile (its processors' mean partial), with the groups that
 * send in this step outlined and the optical messages drawn from tile to tile.
 */
export function* drawMesh(ctx: CanvasRenderingContext2D, m: MeshPicture): Drawing {
  const { layout: l, view, width, height, top, side, groups, info, counts } = m;
  const s = m.result.schedule;
  const topo = m.result.topology;
  const p = side * side;
  const total = s.blocks.count;
  const { k } = view;
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, top, width, height - top);
  ctx.clip();
  ctx.translate(view.x, view.y + top);
  ctx.scale(k, k);
  // What is on screen, in layout coordinates.
  const [vx0, vy0] = [-view.x / k, -view.y / k];
  const [vx1, vy1] = [vx0 + width / k, vy0 + (height - top) / k];
  const onScreen = visibleGroups(l, groups, vx0, vy0, vx1, vy1);
  const seen = new Uint8Array(groups);
  for (const g of onScreen) seen[g] = 1;
  const tiles = showsTiles(l, groups, k);
  const cellPx = l.cell * k;
  const inset = cellPx > 6 ? 1 / k : 0;
  const blockSize = side * l.cell;
  const inStep = m.step >= 1 && m.step <= s.stepCount;
  const [a, b] = inStep ? stepRange(s, m.step) : [0, 0];
  // A plain mesh drawn as an image marks a big step's senders in it rather than drawing its arrows.
  const asImage = showsImage(l, groups, k);
  const sendersOnly = asImage && b - a > CHUNK;

  if (tiles) {
    const [mean, best] = [new Float32Array(groups), new Float32Array(groups)];
    for (let i = 0; i < onScreen.length; i += 64) {
      groupProgress(counts, total, p, onScreen.slice(i, i + 64), mean, best);
      yield;
    }
    // The tile: its processors' mean partial; in its middle, a square for its most advanced one.
    const byShade = shades().map(() => new Path2D());
    const inner = blockSize * 0.3;
    for (const g of onScreen) {
      const [x, y] = blockAt(l, g);
      byShade[shadeIndex(mean[g])].rect(x, y, blockSize, blockSize);
    }
    byShade.forEach((path, i) => {
      ctx.fillStyle = shades()[i];
      ctx.fill(path);
    });
    byShade.forEach((_, i) => (byShade[i] = new Path2D()));
    for (const g of onScreen) {
      const [x, y] = blockAt(l, g);
      byShade[shadeIndex(best[g])].rect(x + inner, y + inner, blockSize - 2 * inner, blockSize - 2 * inner);
    }
    byShade.forEach((path, i) => {
      ctx.fillStyle = shades()[i];
      ctx.fill(path);
    });
  } else if (asImage) {
    // A processor under a few pixels: the processors on screen as an image, a pixel each, scaled.
    const w = visibleWindow(l, vx0, vy0, vx1, vy1);
    const [cols, rows] = [w.c1 - w.c0, w.r1 - w.r0];
    if (cols > 0 && rows > 0) {
      const img = new ImageData(cols, rows);
      const slice = Math.max(1, Math.floor((8 * CHUNK) / cols));
      for (let r = 0; r < rows; r += slice) {
        fillShadeRows(
          img.data,
          w,
          side,
          counts,
          total,
          SHADE_RGB_OF[paletteTheme()],
          r,
          Math.min(rows, r + slice),
        );
        yield;
      }
      const accent = rgb(COLORS.accent);
      for (let t = a; sendersOnly && t < b; t += 8 * CHUNK) {
        markSenders(img.data, w, side, s.src, t, Math.min(b, t + 8 * CHUNK), [accent.r, accent.g, accent.b]);
        yield;
      }
      const off = new OffscreenCanvas(cols, rows);
      off.getContext('2d')?.putImageData(img, 0, 0);
      // Shrunk (several processors to a pixel) smoothly; enlarged, each processor a crisp square.
      ctx.imageSmoothingEnabled = cellPx < 1;
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(off, l.x0 + w.c0 * l.cell, l.y0 + w.r0 * l.cell, cols * l.cell, rows * l.cell);
      ctx.imageSmoothingEnabled = true;
      yield;
    }
  } else {
    // Filled a chunk at a time, so that rasterising one fill never makes a long task.
    let byShade = shades().map(() => new Path2D());
    const fillAll = () => {
      byShade.forEach((path, i) => {
        ctx.fillStyle = shades()[i];
        ctx.fill(path);
      });
      byShade = shades().map(() => new Path2D());
    };
    let done = 0;
    for (const g of onScreen)
      for (let v = g * p; v < (g + 1) * p; v++) {
        const [x, y] = cellAt(l, v);
        if (x + l.cell < vx0 || x > vx1 || y + l.cell < vy0 || y > vy1) continue;
        byShade[shadeIndex(partialFraction(counts[v], total))].rect(
          x + inset,
          y + inset,
          l.cell - 2 * inset,
          l.cell - 2 * inset,
        );
        if (++done % CHUNK === 0) {
          fillAll();
          yield;
        }
      }
    fillAll();
    yield;
    // EDN levels: a corner mark, darker for higher levels.
    if (info?.level && cellPx >= 5) {
      const marks = ednMarks().map(() => new Path2D());
      const size = Math.max(2 / k, l.cell * 0.3);
      for (const g of onScreen)
        for (let i = 0; i < p; i++) {
          const lv = info.level[i];
          if (!lv) continue;
          const [x, y] = cellAt(l, g * p + i);
          marks[Math.min(lv, ednMarks().length - 1)].rect(x + inset, y + inset, size, size);
        }
      marks.forEach((path, i) => {
        if (!i) return;
        ctx.fillStyle = ednMarks()[i];
        ctx.fill(path);
      });
    }
  }

  // The control group and the root.
  if (info) {
    ctx.lineWidth = Math.max(1.5, Math.min(4, cellPx / 6)) / k;
    if (info.control >= 0) {
      const [x, y] = blockAt(l, info.control);
      const pad = Math.max(l.gap / 3, 2 / k);
      ctx.strokeStyle = OPTICAL_COLOUR;
      ctx.strokeRect(x - pad, y - pad, blockSize + 2 * pad, blockSize + 2 * pad);
    }
    const root = (info.control >= 0 ? info.control * p : 0) + info.root;
    const [rx, ry] = centreOf(l, root);
    ctx.strokeStyle = COLORS.highlight;
    ctx.beginPath();
    ctx.arc(rx, ry, Math.max(5 / k, l.cell * 0.55), 0, 2 * Math.PI);
    ctx.stroke();
  }

  // The step's messages.
  if (inStep && !sendersOnly) {
    const path = s.path.kind === 'link-list' ? s.path : null;
    const links = new Uint32Array(Math.max(16, 4 * side + 2));
    let electronic = new Path2D();
    let optical = new Path2D();
    // Stroked a chunk of messages at a time (and once at the end), so that no stroke is long.
    const strokeMessages = () => {
      ctx.lineCap = 'round';
      ctx.lineWidth = Math.max(1, Math.min(3, cellPx / 8)) / k;
      ctx.strokeStyle = COLORS.accent;
      ctx.stroke(electronic);
      // From tile to tile, a thousand optical messages converge on one group: thin and translucent.
      ctx.lineWidth = (tiles ? 0.75 : Math.max(0.75, Math.min(2, cellPx / 12))) / k;
      ctx.strokeStyle = OPTICAL_COLOUR;
      ctx.globalAlpha = tiles ? 0.6 : 1;
      ctx.stroke(optical);
      ctx.globalAlpha = 1;
      [electronic, optical] = [new Path2D(), new Path2D()];
    };
    const head = Math.max(3, Math.min(8, cellPx / 3)) / k;
    const arrow = (into: Path2D, x0: number, y0: number, x1: number, y1: number, back: number) => {
      const len = Math.hypot(x1 - x0, y1 - y0) || 1;
      const [ux, uy] = [(x1 - x0) / len, (y1 - y0) / len];
      const [ex, ey] = [x1 - ux * back, y1 - uy * back];
      into.moveTo(ex - ux * head - uy * head * 0.5, ey - uy * head + ux * head * 0.5);
      into.lineTo(ex, ey);
      into.lineTo(ex - ux * head + uy * head * 0.5, ey - uy * head - ux * head * 0.5);
    };
    const active = new Uint8Array(groups);
    for (let t = a; t < b; t++) {
      if ((t - a) % CHUNK === CHUNK - 1) {
        strokeMessages();
        yield;
      }
      const from = s.src[t];
      const gFrom = Math.floor(from / p);
      const firstLink = path ? path.links[path.offsets[t]] : -1;
      const isOptical = firstLink >= 0 && topo.linkKind[firstLink] === OPTICAL;
      if (tiles) {
        if (!isOptical) {
          active[gFrom] = 1;
          continue;
        }
        const gTo = Math.floor(topo.linkTo[firstLink] / p);
        if (!seen[gFrom] && !seen[gTo]) continue;
        const [x0, y0] = blockAt(l, gFrom);
        const [x1, y1] = blockAt(l, gTo);
        const c = blockSize / 2;
        optical.moveTo(x0 + c, y0 + c);
        optical.lineTo(x1 + c, y1 + c);
        arrow(optical, x0 + c, y0 + c, x1 + c, y1 + c, c);
        continue;
      }
      const gTo = isOptical ? Math.floor(topo.linkTo[firstLink] / p) : gFrom;
      if (!seen[gFrom] && !seen[gTo]) continue;
      const count = pathLinks(s, topo, t, links);
      for (let j = 0; j < count; j++) {
        const link = links[j];
        const into = topo.linkKind[link] === OPTICAL ? optical : electronic;
        const [x0, y0] = centreOf(l, topo.linkFrom[link]);
        const [x1, y1] = centreOf(l, topo.linkTo[link]);
        into.moveTo(x0, y0);
        into.lineTo(x1, y1);
        if (j === count - 1) arrow(into, x0, y0, x1, y1, l.cell * 0.3);
      }
    }
    if (tiles) {
      const outline = new Path2D();
      for (const g of onScreen)
        if (active[g]) {
          const [x, y] = blockAt(l, g);
          outline.rect(x, y, blockSize, blockSize);
        }
      ctx.lineWidth = 1 / k;
      ctx.strokeStyle = COLORS.accent;
      ctx.stroke(outline);
    }
    strokeMessages();
  }

  // The hovered processor's optical link, to its transpose (N, G).
  if (m.hovered !== null && groups > 1) {
    const g = Math.floor(m.hovered / p);
    const i = m.hovered % p;
    if (g !== i) {
      const [x0, y0] = centreOf(l, m.hovered);
      const [x1, y1] = centreOf(l, i * p + g);
      ctx.setLineDash([6 / k, 4 / k]);
      ctx.lineWidth = 2 / k;
      ctx.strokeStyle = OPTICAL_COLOUR;
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(x1, y1);
      ctx.stroke();
      ctx.setLineDash([]);
    }
  }

  drawMarkShapes(ctx, meshMarkShapes(topo, l, groups, m.marked ?? [], k), meshMarkWidth(l, k));
  if (m.highlight?.length) {
    ctx.lineWidth = 3 / k;
    ctx.strokeStyle = COLORS.highlight;
    const pad = 2 / k;
    for (const v of m.highlight)
      if (v >= 0 && v < p * groups) {
        const [x, y] = cellAt(l, v);
        ctx.strokeRect(x - pad, y - pad, l.cell + 2 * pad, l.cell + 2 * pad);
      }
  }

  // Processor numbers when they fit (the paper numbers each group's processors 0 … P − 1), in
  // lecture mode only where they can be written at its smallest size.
  const type = m.type ?? DESK_TYPE;
  const number = Math.max(type.min, Math.min(typePx(type, 16), cellPx * 0.4));
  if (!tiles && cellPx >= 22 && number <= cellPx * 0.6) {
    ctx.font = `600 ${number / k}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const g of onScreen)
      for (let v = g * p; v < (g + 1) * p; v++) {
        const [x, y] = centreOf(l, v);
        if (x + l.cell < vx0 || x - l.cell > vx1 || y + l.cell < vy0 || y - l.cell > vy1) continue;
        ctx.fillStyle = partialFraction(counts[v], total) > 0.6 ? COLORS.onNode : COLORS.text;
        ctx.fillText(String(v % p), x, y);
      }
  }
  // Group names above their blocks when there is room.
  const groupName = Math.max(type.min, Math.min(typePx(type, 14), l.gap * k * 0.8));
  if (groups > 1 && l.gap * k >= 10 && groupName <= l.gap * k * 1.2) {
    ctx.font = `600 ${groupName / k}px system-ui, sans-serif`;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'bottom';
    ctx.fillStyle = COLORS.muted;
    for (const g of onScreen) {
      const [x, y] = blockAt(l, g);
      ctx.fillText(`G${g}`, x, y - 1);
    }
  }
  ctx.restore();

  if (!m.compact) {
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.fillStyle = COLORS.text;
    ctx.font = `700 ${typePx(type, 22)}px system-ui, sans-serif`;
    ctx.fillText(stepTitle(m.step, s.stepCount), width / 2, 4);
    ctx.font = `600 ${typePx(type, 15)}px system-ui, sans-serif`;
    ctx.fillStyle = COLORS.muted;
    ctx.fillText(
      m.step >= 1 && m.step <= s.stepCount
        ? s.phases[s.stepPhase[m.step - 1]]
        : `${plural(s.stepCount, 'step')} ahead`,
      width / 2,
      8 + typePx(type, 22),
    );
  }
}
