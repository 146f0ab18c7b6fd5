/**
 * The ring's lightpaths at a step as primitives: each an arc in its wavelength's lane, clockwise
 * outside the nodes and counter-clockwise inside, with an arrowhead at the receiver where an arc is
 * long enough on screen to show one.
 */
import { stepRange } from '../../../src/kernel/model/schedule';
import type { RunResult } from '../../../src/result';
import { wavelengthColor } from '../../lib/colors';
import { PathOps, type Layout, type Primitive } from '../../scene/primitives';
import { laneRadius, nodeAngle, type RingLayout } from '../../views/ringGeometry';

/** Lightpaths laid out between two points where a sliced layout may pause (a step may have 229,376). */
const CHUNK = 512;
/** Most arcs in one path (each path is a point where a sliced drawing may pause). */
const ARCS_PER_STROKE = 64;

/**
 * Paths of up to ARCS_PER_STROKE arcs per wavelength (and per dimmed/bright state): a few canvas
 * calls per frame however many lightpaths the step has, and no single stroke so long that
 * rasterising it holds up the page (an OpTree stage puts hundreds of arcs on one wavelength). Arcs
 * of one wavelength in one fibre direction never share a link, so a wavelength's strokes do not
 * overlap: splitting them changes only the anti-aliasing of a few pixels. With a node hovered, the
 * lightpaths that neither start nor end there are dimmed.
 */
export function* ringLightpaths(
  result: RunResult,
  step: number,
  l: RingLayout,
  hovered: number | null,
): Layout {
  const s = result.schedule;
  if (step < 1 || s.path.kind !== 'ring-arc') return [];
  const n = result.topology.nodeCount;
  const w = result.topology.linkChannels[0] ?? 1;
  const [a, b] = stepRange(s, step);
  const hops = s.path.hops;
  // Keep the arc's ends off the node discs, but never more than a quarter hop at each end (an
  // arc whose ends crossed would wrap round the whole ring).
  const pad = Math.min(0.35, (l.nodeRadius * 0.6) / l.r, Math.PI / (2 * n));
  const lineWidth = Math.max(1.5, Math.min(5, l.lane * 0.75));
  const head = Math.max(3, lineWidth * 1.6);
  const heads1 = (l.r * 2 * Math.PI) / n > 4 * head;
  // Keyed by channel·2 + dimmed: numbers, not strings, as thousands of arcs are sorted each frame.
  const arcs = new Map<number, { paths: PathOps[]; last: number }>();
  const heads = new Map<number, PathOps>();
  for (let t = a; t < b; t++) {
    const h = hops[t];
    const cw = h > 0;
    const ch = s.channel[t];
    const rad = laneRadius(l, ch, cw);
    const a0 = nodeAngle(s.src[t], n) + (cw ? pad : -pad);
    const a1 = nodeAngle(s.src[t] + h, n) - (cw ? pad : -pad);
    const dim = hovered !== null && s.src[t] !== hovered && (((s.src[t] + h) % n) + n) % n !== hovered;
    const key = ch * 2 + (dim ? 1 : 0);
    let e = arcs.get(key);
    if (!e) arcs.set(key, (e = { paths: [new PathOps()], last: 0 }));
    else if (e.last === ARCS_PER_STROKE) {
      e.paths.push(new PathOps());
      e.last = 0;
    }
    e.last++;
    const p = e.paths[e.paths.length - 1];
    p.moveTo(l.cx + rad * Math.cos(a0), l.cy + rad * Math.sin(a0));
    p.arc(l.cx, l.cy, rad, a0, a1, !cw);
    if (heads1) {
      let hp = heads.get(key);
      if (!hp) heads.set(key, (hp = new PathOps()));
      addArrowhead(hp, l.cx, l.cy, rad, a1, cw, head);
    }
    if ((t - a) % CHUNK === CHUNK - 1) yield;
  }
  const out: Primitive[] = [];
  for (const [key, { paths }] of arcs) {
    const colour = wavelengthColor(key >> 1, w);
    const alpha = key & 1 ? 0.2 : 1;
    for (const p of paths)
      out.push({
        kind: 'path',
        ops: p.ops,
        stroke: colour,
        alpha,
        lineWidth,
        lineCap: heads1 ? 'round' : 'butt',
      });
    const hp = heads.get(key);
    if (hp) out.push({ kind: 'path', ops: hp.ops, fill: colour, alpha });
  }
  return out;
}

/** Adds a small triangle at `angle` on the circle of radius r, pointing along the direction of travel. */
function addArrowhead(
  p: PathOps,
  cx: number,
  cy: number,
  r: number,
  angle: number,
  cw: boolean,
  size: number,
) {
  const x = cx + r * Math.cos(angle);
  const y = cy + r * Math.sin(angle);
  const dir = angle + (cw ? Math.PI / 2 : -Math.PI / 2);
  p.moveTo(x + size * Math.cos(dir), y + size * Math.sin(dir));
  p.lineTo(x + size * 0.8 * Math.cos(dir + 2.2), y + size * 0.8 * Math.sin(dir + 2.2));
  p.lineTo(x + size * 0.8 * Math.cos(dir - 2.2), y + size * 0.8 * Math.sin(dir - 2.2));
  p.closePath();
}
