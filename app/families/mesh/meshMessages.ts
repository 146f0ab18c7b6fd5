import { pathLinks } from '../../../src/kernel/model/paths';
import { COLORS } from '../../lib/colors';
import { PathOps, type Primitive } from '../../scene/primitives';
import { OPTICAL, OPTICAL_COLOUR } from './meshColours';
import { centreOf } from './meshLayout';
import { blockAt } from './meshScene';
import { CHUNK, type MeshPicture, type MeshSight } from './meshSight';

/**
 * The step's messages, in layout coordinates: each an arrow along its route's links (electronic in
 * the accent, optical in orange); zoomed out to tiles, the optical ones from tile to tile (thin and
 * translucent: a thousand converge on one group) and the groups whose processors send electronically
 * outlined. Only messages that touch a group on screen; made in parts, a path pair per CHUNK messages,
 * so that no stroke is long.
 */
export function* messagePrimitives(m: MeshPicture, v: MeshSight): Generator<void, Primitive[], void> {
  const { layout: l, side, groups } = m;
  const s = m.result.schedule;
  const topo = m.result.topology;
  const { k, p, tiles, seen, blockSize, cellPx } = v;
  const out: Primitive[] = [];
  const path = s.path.kind === 'link-list' ? s.path : null;
  const links = new Uint32Array(Math.max(16, 4 * side + 2));
  let [electronic, optical] = [new PathOps(), new PathOps()];
  const strokeMessages = () => {
    out.push(
      {
        kind: 'path',
        ops: electronic.ops,
        stroke: COLORS.accent,
        lineCap: 'round',
        lineWidth: Math.max(1, Math.min(3, cellPx / 8)) / k,
      },
      {
        kind: 'path',
        ops: optical.ops,
        stroke: OPTICAL_COLOUR,
        lineCap: 'round',
        lineWidth: (tiles ? 0.75 : Math.max(0.75, Math.min(2, cellPx / 12))) / k,
        alpha: tiles ? 0.6 : 1,
      },
    );
    [electronic, optical] = [new PathOps(), new PathOps()];
  };
  const head = Math.max(3, Math.min(8, cellPx / 3)) / k;
  const arrow = (into: PathOps, x0: number, y0: number, x1: number, y1: number, back: number) => {
    const len = Math.hypot(x1 - x0, y1 - y0) || 1;
    const [ux, uy] = [(x1 - x0) / len, (y1 - y0) / len];
    const [ex, ey] = [x1 - ux * back, y1 - uy * back];
    into.moveTo(ex - ux * head - uy * head * 0.5, ey - uy * head + ux * head * 0.5);
    into.lineTo(ex, ey);
    into.lineTo(ex - ux * head + uy * head * 0.5, ey - uy * head - ux * head * 0.5);
  };
  const active = new Uint8Array(groups);
  for (let t = v.a; t < v.b; t++) {
    if ((t - v.a) % CHUNK === CHUNK - 1) {
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
    const outline = new PathOps();
    for (const g of v.onScreen)
      if (active[g]) {
        const [x, y] = blockAt(l, g);
        outline.rect(x, y, blockSize, blockSize);
      }
    out.push({ kind: 'path', ops: outline.ops, stroke: COLORS.accent, lineWidth: 1 / k });
  }
  strokeMessages();
  return out;
}
