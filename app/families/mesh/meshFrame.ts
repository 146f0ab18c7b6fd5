import { COLORS } from '../../lib/colors';
import { plural } from '../../lib/format';
import { PathOps, text, type HitTarget, type Layout, type Primitive } from '../../scene/primitives';
import { DESK_TYPE, stepTitle, typePx } from '../../views/canvasText';
import { markPrimitives } from '../../views/drawMarkedLinks';
import { cellPrimitives } from './meshCells';
import { OPTICAL_COLOUR } from './meshColours';
import { cellAt, centreOf } from './meshLayout';
import { meshMarkShapes, meshMarkWidth } from './meshMarks';
import { messagePrimitives } from './meshMessages';
import { blockAt, partialFraction } from './meshScene';
import { meshSight, type MeshPicture, type MeshSight } from './meshSight';

/**
 * A mesh or an OTIS-Mesh as primitives: only what is on screen, at the level of detail of the zoom
 * (meshCells.ts), the step's messages (meshMessages.ts), the control group, the root, the hovered
 * processor's optical link, marked links, highlighted processors and, where they fit, numbers and
 * group names; all in layout coordinates in a group moved and scaled by the view (below the caption,
 * clipped to the picture), whose hit targets are the groups' blocks of processors. Then the caption.
 * Made in parts, so a big mesh is laid out over several tasks.
 */
export function* meshPrimitives(m: MeshPicture): Layout {
  const { layout: l, view, width, height, top } = m;
  const v = meshSight(m);
  const world: Primitive[] = yield* cellPrimitives(m, v);
  world.push(...rootAndControl(m, v));
  if (v.inStep && !v.sendersOnly) world.push(...(yield* messagePrimitives(m, v)));
  world.push(...hoveredLink(m, v));
  world.push(
    ...markPrimitives(
      meshMarkShapes(m.result.topology, l, m.groups, m.marked ?? [], v.k),
      meshMarkWidth(l, v.k),
    ),
  );
  world.push(...highlighted(m, v), ...labels(m, v));
  const hits: HitTarget[] = v.onScreen.map((g) => {
    const [x, y] = blockAt(l, g);
    return {
      kind: 'node',
      id: g * v.p,
      shape: { kind: 'cells', x, y, cell: l.cell, cols: m.side, rows: m.side },
    };
  });
  const clip = new PathOps();
  clip.rect(0, top, width, height - top);
  const picture: Primitive = {
    kind: 'group',
    clip: clip.ops,
    items: [{ kind: 'group', transform: { k: v.k, x: view.x, y: view.y + top }, items: world, hits }],
  };
  return [picture, ...caption(m)];
}

/** The control group outlined and the root ringed. */
function rootAndControl(m: MeshPicture, v: MeshSight): Primitive[] {
  const { info, layout: l } = m;
  if (!info) return [];
  const lineWidth = Math.max(1.5, Math.min(4, v.cellPx / 6)) / v.k;
  const out: Primitive[] = [];
  if (info.control >= 0) {
    const [x, y] = blockAt(l, info.control);
    const pad = Math.max(l.gap / 3, 2 / v.k);
    const box = new PathOps();
    box.rect(x - pad, y - pad, v.blockSize + 2 * pad, v.blockSize + 2 * pad);
    out.push({ kind: 'path', ops: box.ops, stroke: OPTICAL_COLOUR, lineWidth });
  }
  const [rx, ry] = centreOf(l, (info.control >= 0 ? info.control * v.p : 0) + info.root);
  const ring = new PathOps();
  ring.arc(rx, ry, Math.max(5 / v.k, l.cell * 0.55), 0, 2 * Math.PI);
  out.push({ kind: 'path', ops: ring.ops, stroke: COLORS.highlight, lineWidth });
  return out;
}

/** The hovered processor's optical link, to its transpose (N, G), dashed. */
function hoveredLink(m: MeshPicture, v: MeshSight): Primitive[] {
  if (m.hovered === null || m.groups <= 1) return [];
  const [g, i] = [Math.floor(m.hovered / v.p), m.hovered % v.p];
  if (g === i) return [];
  const [x0, y0] = centreOf(m.layout, m.hovered);
  const [x1, y1] = centreOf(m.layout, i * v.p + g);
  const line = new PathOps();
  line.moveTo(x0, y0);
  line.lineTo(x1, y1);
  const k = v.k;
  return [
    {
      kind: 'path',
      ops: line.ops,
      stroke: OPTICAL_COLOUR,
      lineWidth: 2 / k,
      lineCap: 'round',
      dash: [6 / k, 4 / k],
    },
  ];
}

/** The processors picked elsewhere, each outlined. */
function highlighted(m: MeshPicture, v: MeshSight): Primitive[] {
  if (!m.highlight?.length) return [];
  const { layout: l, k } = { layout: m.layout, k: v.k };
  const pad = 2 / k;
  const boxes = new PathOps();
  for (const u of m.highlight)
    if (u >= 0 && u < v.p * m.groups) {
      const [x, y] = cellAt(l, u);
      boxes.rect(x - pad, y - pad, l.cell + 2 * pad, l.cell + 2 * pad);
    }
  return [{ kind: 'path', ops: boxes.ops, stroke: COLORS.highlight, lineWidth: 3 / k }];
}

/**
 * Processor numbers when they fit (the paper numbers each group's processors 0 … P − 1), in lecture
 * mode only where they can be written at its smallest size; group names above their blocks when
 * there is room.
 */
function labels(m: MeshPicture, v: MeshSight): Primitive[] {
  const { layout: l, groups } = m;
  const { k, box, p } = v;
  const type = m.type ?? DESK_TYPE;
  const out: Primitive[] = [];
  const number = Math.max(type.min, Math.min(typePx(type, 16), v.cellPx * 0.4));
  if (!v.tiles && v.cellPx >= 22 && number <= v.cellPx * 0.6)
    for (const g of v.onScreen)
      for (let u = g * p; u < (g + 1) * p; u++) {
        const [x, y] = centreOf(l, u);
        if (x + l.cell < box.x0 || x - l.cell > box.x1 || y + l.cell < box.y0 || y - l.cell > box.y1)
          continue;
        const fill = partialFraction(m.counts[u], v.total) > 0.6 ? COLORS.onNode : COLORS.text;
        out.push(text(String(u % p), x, y, number / k, 600, fill));
      }
  const groupName = Math.max(type.min, Math.min(typePx(type, 14), l.gap * k * 0.8));
  if (groups > 1 && l.gap * k >= 10 && groupName <= l.gap * k * 1.2)
    for (const g of v.onScreen) {
      const [x, y] = blockAt(l, g);
      out.push(
        text(`G${g}`, x, y - 1, groupName / k, 600, COLORS.muted, { anchor: 'start', baseline: 'bottom' }),
      );
    }
  return out;
}

/** The step and its phase above the picture (none in compare panes). */
function caption(m: MeshPicture): Primitive[] {
  if (m.compact) return [];
  const s = m.result.schedule;
  const type = m.type ?? DESK_TYPE;
  const phase =
    m.step >= 1 && m.step <= s.stepCount
      ? s.phases[s.stepPhase[m.step - 1]]
      : `${plural(s.stepCount, 'step')} ahead`;
  const top = { baseline: 'top' } as const;
  return [
    text(stepTitle(m.step, s.stepCount), m.width / 2, 4, typePx(type, 22), 700, COLORS.text, top),
    text(phase, m.width / 2, 8 + typePx(type, 22), typePx(type, 15), 600, COLORS.muted, top),
  ];
}
