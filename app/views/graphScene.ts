/**
 * Any network at a step as primitives (app/scene/primitives.ts), without knowing its model:
 * processors on a circle, auxiliary vertices (couplers, switches) on a smaller one inside, the
 * step's transfers along the links of their routes coloured by channel, marked links, highlighted
 * nodes, numbers and the centre caption. Plain data: GraphView paints it with the shared painter and
 * the export writes it as SVG.
 */
import { pathLinks } from '../../src/kernel/model/paths';
import { stepRange } from '../../src/kernel/model/schedule';
import type { RunResult } from '../../src/result';
import { COLORS, wavelengthColor } from '../lib/colors';
import { plural } from '../lib/format';
import { finish, PathOps, type Layout, type Primitive } from '../scene/primitives';
import { centreCaption, nodeLabels, stepTitle, type TypeScale } from './canvasText';
import { markedLinkPrimitives } from './drawMarkedLinks';
import { nodeAngle, type RingLayout } from './ringGeometry';

/** Transfers laid out between two points where a layout in parts may pause. */
const CHUNK = 512;

/**
 * Up to this many vertices each is drawn as a dot; more would sit closer than a dot's width on any
 * screen, so their circle is drawn as one band and only the vertices the step's transfers touch are
 * marked (a file may declare millions of processors: the picture's cost follows the step, not them).
 */
export const EACH_VERTEX_UP_TO = 1024;
/** Vertices put in one path. */
const VERTEX_CHUNK = 256;

/** Most channels of any link (a loop: a spread of millions of links would overflow the stack). */
export function mostChannels(linkChannels: ArrayLike<number>): number {
  let most = 1;
  for (let i = 0; i < linkChannels.length; i++) most = Math.max(most, linkChannels[i]);
  return most;
}

/** What the graph shows at a step besides the schedule. */
export interface GraphFrame {
  highlight: readonly number[] | null;
  marked?: readonly number[];
  compact: boolean;
  type: TypeScale;
}

/**
 * Any network at `step` on a ring layout as primitives, laid out in parts: the step's transfers
 * along their links (coloured by channel), the marked links, processors and auxiliary vertices, the
 * nodes `highlight` names, numbers and the caption.
 */
export function* graphSceneParts(result: RunResult, step: number, l: RingLayout, o: GraphFrame): Layout {
  const { highlight, marked = [], compact, type } = o;
  const topo = result.topology;
  const n = topo.nodeCount;
  const aux = topo.auxCount;
  // Where vertex v sits: processors on the circle, auxiliary vertices on a smaller one inside.
  const auxR = aux === 1 ? 0 : l.r * 0.35;
  const radiusOf = (v: number) => (v < n ? l.r : auxR);
  const angleOf = (v: number) => (v < n ? nodeAngle(v, n) : nodeAngle(v - n, aux));
  const xOf = (v: number) => l.cx + radiusOf(v) * Math.cos(angleOf(v));
  const yOf = (v: number) => l.cy + radiusOf(v) * Math.sin(angleOf(v));
  const nr = Math.max(2, Math.min(10, l.nodeRadius));
  /** Whether a circle is drawn as a band (then the step's vertices are marked on it). */
  const dense = n > EACH_VERTEX_UP_TO || aux > EACH_VERTEX_UP_TO;
  const dot = (p: PathOps, v: number, radius: number) => p.circle(xOf(v), yOf(v), radius);
  const out: Primitive[] = [];
  /** Dense networks: the vertices the step's transfers touch, marked on the bands. */
  const touched = new PathOps();
  const s = result.schedule;
  const channels = mostChannels(topo.linkChannels);
  if (step >= 1 && step <= s.stepCount) {
    const [a, b] = stepRange(s, step);
    const byChannel = new Map<number, PathOps>();
    const links = new Uint32Array(Math.max(1, topo.linkCount));
    for (let t = a; t < b; t++) {
      const k = pathLinks(s, topo, t, links);
      let p = byChannel.get(s.channel[t]);
      if (!p) byChannel.set(s.channel[t], (p = new PathOps()));
      for (let j = 0; j < k; j++) {
        const u = topo.linkFrom[links[j]];
        const v = topo.linkTo[links[j]];
        if (dense) {
          dot(touched, u, 2);
          dot(touched, v, 2);
        }
        const [x0, y0, x1, y1] = [xOf(u), yOf(u), xOf(v), yOf(v)];
        const len = Math.hypot(x1 - x0, y1 - y0) || 1;
        const [ux, uy] = [(x1 - x0) / len, (y1 - y0) / len];
        // Each direction on its own side of the link (right-hand side of travel), so a link
        // used both ways shows both; an arrowhead where the route ends.
        const [ox, oy] = [-uy * 2.5, ux * 2.5];
        const trim = Math.min(nr + 2, len / 3);
        const [ex, ey] = [x1 - ux * trim + ox, y1 - uy * trim + oy];
        p.moveTo(x0 + ux * trim + ox, y0 + uy * trim + oy);
        p.lineTo(ex, ey);
        if (j === k - 1) {
          const h = Math.min(8, len / 4);
          p.moveTo(ex - ux * h - uy * h * 0.5, ey - uy * h + ux * h * 0.5);
          p.lineTo(ex, ey);
          p.lineTo(ex - ux * h + uy * h * 0.5, ey - uy * h - ux * h * 0.5);
        }
      }
      if ((t - a) % CHUNK === CHUNK - 1) yield;
    }
    for (const [ch, p] of byChannel)
      out.push({
        kind: 'path',
        ops: p.ops,
        stroke: wavelengthColor(ch, channels),
        lineWidth: n > 300 ? 1 : 2,
      });
  }
  out.push(...markedLinkPrimitives(topo, marked, (v) => [xOf(v), yOf(v)], Math.max(6, nr * 1.4)));
  // Each circle (processors, auxiliary vertices) as dots, in slices; one of too many to tell apart
  // as a band, with the vertices the step's transfers touch marked on it.
  for (const [first, count, r, colour] of [
    [0, n, l.r, COLORS.node],
    [n, aux, auxR, COLORS.muted],
  ] as const) {
    if (count > EACH_VERTEX_UP_TO) {
      const band = new PathOps();
      band.arc(l.cx, l.cy, r, 0, 2 * Math.PI);
      out.push({ kind: 'path', ops: band.ops, stroke: colour, lineWidth: 3 });
      continue;
    }
    for (let from = first; from < first + count; from += VERTEX_CHUNK) {
      const dots = new PathOps();
      for (let v = from; v < Math.min(first + count, from + VERTEX_CHUNK); v++) dot(dots, v, nr);
      out.push({ kind: 'path', ops: dots.ops, fill: colour });
    }
  }
  if (dense) out.push({ kind: 'path', ops: touched.ops, fill: COLORS.node });
  if (highlight?.length) {
    const ringed = new PathOps();
    for (const v of highlight) if (v >= 0 && v < n + aux) dot(ringed, v, nr + 4);
    out.push({ kind: 'path', ops: ringed.ops, stroke: COLORS.highlight, lineWidth: 3 });
  }
  const lr = l.r + nr + 12;
  out.push(
    ...nodeLabels(
      n,
      (i) => [l.cx + lr * Math.cos(nodeAngle(i, n)), l.cy + lr * Math.sin(nodeAngle(i, n))],
      undefined,
      type,
    ),
  );
  if (!compact && aux !== 1)
    out.push(
      ...centreCaption(
        l.cx,
        l.cy,
        Math.max(14, Math.min(30, l.r * 0.14)),
        stepTitle(step, s.stepCount),
        [s.stepCount && step >= 1 ? s.phases[s.stepPhase[step - 1]] : `${plural(s.stepCount, 'step')} ahead`],
        type,
      ),
    );
  return out;
}

/** Any network at a step as primitives, all at once (tests). */
export const graphScene = (...args: Parameters<typeof graphSceneParts>): Primitive[] =>
  finish(graphSceneParts(...args));
