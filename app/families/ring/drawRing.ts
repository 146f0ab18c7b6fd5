import { drawRingMarks } from './ringMarks';
import { stepRange } from '../../../src/kernel/model/schedule';
import { arrivedMask } from '../../../src/kernel/replay/holding-queries';
import type { RunResult } from '../../../src/result';
import { schemeSet2 } from 'd3';
import { findCard } from '../../../src/cards';
import { COLORS, heldShade, wavelengthColor } from '../../lib/colors';
import { laneLabels, laneRadius, nodeAngle, type RingLayout } from '../../views/ringGeometry';
import {
  DESK_TYPE,
  drawCentreCaption,
  typePx,
  drawNodeLabels,
  stepTitle,
  type TypeScale,
} from '../../views/canvasText';
import type { Drawing } from '../../views/slicedPainter';
import { addHeldWedge } from '../../views/heldWedge';
import { plural } from '../../lib/format';

/** The subsets the algorithm names for a phase (OpTree's stage subsets), if any; −1 is before step 1. */
export function phaseGroups(r: RunResult, phase: number): number[][] | null {
  if (phase < 0) return null;
  const spec = findCard(r.algorithm);
  return spec?.groupsOf?.(r.params, r.schedule.phases[phase]) ?? null;
}

/** Colour of subset i (categorical, distinct from the wavelength colours' order). */
export function groupColor(i: number): string {
  return schemeSet2[i % schemeSet2.length];
}

/** Lightpaths, or nodes, handled between two points where a sliced drawing may pause. */
const CHUNK = 512;
/** Most arcs in one stroke (each stroke is a point where a sliced drawing may pause). */
const ARCS_PER_STROKE = 64;

/**
 * The ring at `step`, drawn in parts: it yields after each batch of strokes and every CHUNK
 * lightpaths or nodes, so a painter can spread a big ring over several tasks. The canvas calls, and
 * so the picture, are the same however it is sliced.
 */
export function* drawRing(
  ctx: CanvasRenderingContext2D,
  result: RunResult,
  step: number,
  l: RingLayout,
  counts: Uint32Array,
  hovered: number | null,
  groups: number[][] | null,
  highlight: number[] | null,
  type: TypeScale = DESK_TYPE,
  /** Write these wavelengths' numbers on their lanes (laneLabels); null: none. */
  laneNumbers: readonly number[] | null = null,
  markedLinks: readonly number[] = [],
): Drawing {
  const n = result.topology.nodeCount;
  const w = result.topology.linkChannels[0] ?? 1;
  const s = result.schedule;
  const blocks = s.blocks.count;

  // Lane guides: one faint circle per lane of each fibre, so the fibre's capacity is visible.
  ctx.lineWidth = 1;
  ctx.strokeStyle = COLORS.fibre;
  const guides = l.lanes <= 16;
  for (const cw of [true, false]) {
    const inner = laneRadius(l, 0, cw) - l.lane / 2;
    const outer = laneRadius(l, l.lanes - 1, cw) + l.lane / 2;
    ctx.fillStyle = cw ? 'rgba(148,163,184,0.10)' : 'rgba(148,163,184,0.16)';
    ctx.beginPath();
    ctx.arc(l.cx, l.cy, Math.max(inner, outer), 0, 2 * Math.PI);
    ctx.arc(l.cx, l.cy, Math.max(1, Math.min(inner, outer)), 0, 2 * Math.PI, true);
    ctx.fill();
    if (guides)
      for (let ch = 0; ch < l.lanes; ch++) {
        ctx.beginPath();
        ctx.arc(l.cx, l.cy, laneRadius(l, ch, cw), 0, 2 * Math.PI);
        ctx.stroke();
      }
  }
  yield;

  // The current step's lightpaths, each in its wavelength's lane, with an arrowhead at the receiver.
  // Drawn as paths of up to ARCS_PER_STROKE arcs per wavelength (and per dimmed/bright state): a few
  // canvas calls per frame however many lightpaths the step has, and no single stroke so long that
  // rasterising it holds up the page (an OpTree stage puts hundreds of arcs on one wavelength). Arcs
  // of one wavelength in one fibre direction never share a link, so a wavelength's strokes do not
  // overlap: splitting them changes only the anti-aliasing of a few pixels (measured on OpTree,
  // N = 1024, step 150: 297 of 266 400 pixels differ by more than 5 of 255 levels).
  if (step >= 1 && s.path.kind === 'ring-arc') {
    const [a, b] = stepRange(s, step);
    const hops = s.path.hops;
    // Keep the arc's ends off the node discs, but never more than a quarter hop at each end (an
    // arc whose ends crossed would wrap round the whole ring).
    const pad = Math.min(0.35, (l.nodeRadius * 0.6) / l.r, Math.PI / (2 * n));
    const lineWidth = Math.max(1.5, Math.min(5, l.lane * 0.75));
    const head = Math.max(3, lineWidth * 1.6);
    // Arrowheads only where an arc is long enough on screen to show one.
    const heads1 = (l.r * 2 * Math.PI) / n > 4 * head;
    // Keyed by channel·2 + dimmed: numbers, not strings, as thousands of arcs are sorted each frame.
    const arcs = new Map<number, { paths: Path2D[]; last: number }>();
    const heads = new Map<number, Path2D>();
    const pathFor = (m: Map<number, Path2D>, key: number) => {
      let p = m.get(key);
      if (!p) m.set(key, (p = new Path2D()));
      return p;
    };
    /** The path the next arc of `key` goes on: a new one every ARCS_PER_STROKE arcs. */
    const arcPathFor = (key: number) => {
      let e = arcs.get(key);
      if (!e) arcs.set(key, (e = { paths: [new Path2D()], last: 0 }));
      else if (e.last === ARCS_PER_STROKE) {
        e.paths.push(new Path2D());
        e.last = 0;
      }
      e.last++;
      return e.paths[e.paths.length - 1];
    };
    for (let t = a; t < b; t++) {
      const h = hops[t];
      const cw = h > 0;
      const ch = s.channel[t];
      const rad = laneRadius(l, ch, cw);
      const a0 = nodeAngle(s.src[t], n) + (cw ? pad : -pad);
      const a1 = nodeAngle(s.src[t] + h, n) - (cw ? pad : -pad);
      const dim = hovered !== null && s.src[t] !== hovered && (((s.src[t] + h) % n) + n) % n !== hovered;
      const key = ch * 2 + (dim ? 1 : 0);
      const p = arcPathFor(key);
      p.moveTo(l.cx + rad * Math.cos(a0), l.cy + rad * Math.sin(a0));
      p.arc(l.cx, l.cy, rad, a0, a1, !cw);
      if (heads1) addArrowhead(pathFor(heads, key), l.cx, l.cy, rad, a1, cw, head);
      if ((t - a) % CHUNK === CHUNK - 1) yield;
    }
    ctx.lineCap = heads1 ? 'round' : 'butt';
    ctx.lineWidth = lineWidth;
    for (const [key, { paths }] of arcs) {
      const [ch, dim] = [key >> 1, key & 1];
      ctx.globalAlpha = dim ? 0.2 : 1;
      ctx.strokeStyle = ctx.fillStyle = wavelengthColor(ch, w);
      for (const p of paths) {
        ctx.stroke(p);
        yield;
      }
      const h = heads.get(key);
      if (h) ctx.fill(h);
    }
    ctx.globalAlpha = 1;
  }

  // Stage subsets: a coloured halo behind each member node (subset colours), so which nodes exchange
  // together in this stage is visible before any lightpath is read.
  // Filled CHUNK halos at a time, so rasterising them never holds one slice up (4,096 of them do).
  if (groups) {
    const halo = Math.max(l.nodeRadius + 3, 4);
    for (let gi = 0; gi < groups.length; gi++) {
      const g = groups[gi];
      ctx.fillStyle = groupColor(gi);
      for (let from = 0; from < g.length; from += CHUNK) {
        ctx.beginPath();
        for (const i of g.slice(from, from + CHUNK)) {
          const ang = nodeAngle(i, n);
          const x = l.cx + l.r * Math.cos(ang);
          const y = l.cy + l.r * Math.sin(ang);
          ctx.moveTo(x + halo, y);
          ctx.arc(x, y, halo, 0, 2 * Math.PI);
        }
        ctx.fill();
        yield;
      }
    }
  }

  // Nodes: a disc filled in proportion to the blocks held; an amber ring where blocks just arrived.
  // Batched into one path per colour. Nodes too small for a pie are squares shaded by the share held.
  const arrived = arrivedMask(result.holdings, step);
  const nr = l.nodeRadius;
  if (nr >= 4) {
    const discs = new Path2D();
    const wedges = new Path2D();
    const rings = new Path2D();
    for (let i = 0; i < n; i++) {
      const ang = nodeAngle(i, n);
      const x = l.cx + l.r * Math.cos(ang);
      const y = l.cy + l.r * Math.sin(ang);
      const frac = counts[i] / blocks;
      discs.moveTo(x + nr, y);
      discs.arc(x, y, nr, 0, 2 * Math.PI);
      addHeldWedge(wedges, x, y, nr, frac);
      if (arrived[i]) {
        rings.moveTo(x + nr + 1.5, y);
        rings.arc(x, y, nr + 1.5, 0, 2 * Math.PI);
      }
      if (i % CHUNK === CHUNK - 1) yield;
    }
    ctx.fillStyle = COLORS.nodeEmpty;
    ctx.fill(discs);
    ctx.fillStyle = COLORS.held;
    ctx.fill(wedges);
    ctx.strokeStyle = COLORS.arrived;
    ctx.lineWidth = Math.max(1.5, Math.min(4, nr * 0.25));
    ctx.stroke(rings);
  } else {
    // One path per shade (a handful) for every CHUNK nodes, not a fill style per node.
    const side = Math.max(2, nr * 2);
    for (let from = 0; from < n; from += CHUNK) {
      const byColour = new Map<string, Path2D>();
      for (let i = from; i < Math.min(n, from + CHUNK); i++) {
        const ang = nodeAngle(i, n);
        const x = l.cx + l.r * Math.cos(ang);
        const y = l.cy + l.r * Math.sin(ang);
        const colour = arrived[i] ? COLORS.arrived : heldShade(counts[i] / blocks);
        let p = byColour.get(colour);
        if (!p) byColour.set(colour, (p = new Path2D()));
        p.rect(x - side / 2, y - side / 2, side, side);
      }
      for (const [colour, p] of byColour) {
        ctx.fillStyle = colour;
        ctx.fill(p);
      }
      yield;
    }
  }
  yield;
  drawRingMarks(ctx, result.topology, l, hovered, highlight, markedLinks);
  // Labels just outside the clockwise lanes, along the radius, clear of nodes and lightpaths.
  const lr = l.r + l.nodeRadius + 6 + l.lanes * l.lane + 12;
  drawNodeLabels(
    ctx,
    n,
    (i) => [l.cx + lr * Math.cos(nodeAngle(i, n)), l.cy + lr * Math.sin(nodeAngle(i, n))],
    undefined,
    type,
  );
  // λ numbers, on demand: a column over each fibre's lanes between node 0 and node 1, on a halo.
  if (laneNumbers?.length) {
    const size = typePx(type, 11);
    ctx.font = `700 ${size}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.lineJoin = 'round';
    ctx.lineWidth = 3;
    ctx.strokeStyle = 'rgba(255,255,255,0.92)';
    ctx.fillStyle = COLORS.text;
    for (const m of laneLabels(l, laneNumbers, w, size, nodeAngle(0.5, n))) {
      ctx.strokeText(m.text, m.x, m.y);
      ctx.fillText(m.text, m.x, m.y);
    }
  }
  // The caption in the middle, where it fits inside the lanes (not on a small ring in lecture type).
  const caption = Math.max(14, Math.min(34, l.r * 0.16));
  const title = stepTitle(step, s.stepCount);
  ctx.font = `700 ${Math.max(caption, type.min)}px system-ui, sans-serif`;
  if (ctx.measureText(title).width < 2 * (l.r - l.nodeRadius - 6 - l.lanes * l.lane) - 8)
    drawCentreCaption(
      ctx,
      l.cx,
      l.cy,
      caption,
      title,
      [step === 0 ? `${plural(s.stepCount, 'step')} ahead` : s.phases[s.stepPhase[step - 1]]],
      type,
    );
}

/** Adds a small triangle at `angle` on the circle of radius r, pointing along the direction of travel. */
function addArrowhead(
  p: Path2D,
  cx: number,
  cy: number,
  r: number,
  angle: number,
  cw: boolean,
  size: number,
): void {
  const x = cx + r * Math.cos(angle);
  const y = cy + r * Math.sin(angle);
  const dir = angle + (cw ? Math.PI / 2 : -Math.PI / 2);
  p.moveTo(x + size * Math.cos(dir), y + size * Math.sin(dir));
  p.lineTo(x + size * 0.8 * Math.cos(dir + 2.2), y + size * 0.8 * Math.sin(dir + 2.2));
  p.lineTo(x + size * 0.8 * Math.cos(dir - 2.2), y + size * 0.8 * Math.sin(dir - 2.2));
  p.closePath();
}
