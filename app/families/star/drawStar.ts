import type { StarTunings } from '../../../src/families/star/star-cost';
import { stepRange } from '../../../src/kernel/model/schedule';
import type { RunResult } from '../../../src/result';
import { COLORS, heldShade } from '../../lib/colors';
import { drawCentreCaption, drawNodeLabels, stepTitle, type TypeScale } from '../../views/canvasText';
import { addHeldWedge } from '../../views/heldWedge';
import type { Drawing } from '../../views/slicedPainter';
import type { StarGeometry, StarLayout } from './starLayout';
import type { StepColours } from './stepColours';
import { drawMarkShapes } from '../../views/drawMarkedLinks';
import { starMarkShapes, starMarkWidth } from './starMarks';

/** Above this many line segments in a step, transmissions are drawn as stubs at their nodes. */
const STUB_ABOVE = 4000;

/** Line ends (a transmission has its sender and up to k receivers), or nodes, between two points where a sliced drawing may pause. */
const CHUNK = 1024;

/**
 * The star at `step`, drawn in parts: it yields after each batch of strokes and every CHUNK
 * transmissions or nodes, so a painter can spread a big star over several tasks. The canvas calls,
 * and so the picture, are the same however it is sliced.
 */
export function* drawStar(
  ctx: CanvasRenderingContext2D,
  result: RunResult,
  step: number,
  l: StarLayout,
  o: {
    counts: Uint32Array;
    finalCounts: Uint32Array;
    colours: StepColours;
    tunings: StarTunings;
    real: number;
    hovered: number | null;
    geometry: StarGeometry;
    type?: TypeScale;
    /** Links marked from the link-load view or a verdict (markedLinks.ts). */
    marked?: readonly number[];
  },
): Drawing {
  const s = result.schedule;
  const n = result.topology.nodeCount;
  const { xy } = o.geometry;
  const nr = l.nodeRadius;
  // Where a line from node i toward the centre stops: at the coupler's rim, or, when a step has too
  // many lines to draw in a frame (software rasterising 30 000 long lines takes hundreds of ms), a
  // short stub just inside the node, still coloured by wavelength.
  const segments =
    step >= 1 && s.receivers.kind === 'list'
      ? s.receivers.offsets[s.stepStart[step]] -
        s.receivers.offsets[s.stepStart[step - 1]] +
        (s.stepStart[step] - s.stepStart[step - 1])
      : 0;
  const stubs = segments > STUB_ABOVE;
  const ends = stubs ? o.geometry.stubEnds : o.geometry.rimEnds;

  // Transmissions, batched by colour: sender → coupler (thick), coupler → each receiver (thin).
  if (step >= 1 && s.receivers.kind === 'list') {
    const rec = s.receivers;
    const [a, b] = stepRange(s, step);
    const up = new Map<string, Path2D>();
    const down = new Map<string, Path2D>();
    const dimUp = new Path2D();
    const dimDown = new Path2D();
    const path = (m: Map<string, Path2D>, key: string) => {
      let p = m.get(key);
      if (!p) m.set(key, (p = new Path2D()));
      return p;
    };
    // In stub mode a node's stubs would overlap on one spot: draw one uplink and one downlink stub per node.
    const upDone = stubs ? new Uint8Array(n) : null;
    const downDone = stubs ? new Uint8Array(n) : null;
    let drawn = 0;
    for (let t = a; t < b; t++) {
      const u = s.src[t];
      const colour = o.colours.of.get(s.channel[t]) ?? COLORS.muted;
      let involved = o.hovered === null || u === o.hovered;
      for (let r = rec.offsets[t]; r < rec.offsets[t + 1] && !involved; r++)
        if (rec.nodes[r] === o.hovered) involved = true;
      const pu = involved ? path(up, colour) : dimUp;
      const pd = involved ? path(down, colour) : dimDown;
      if (!upDone || !upDone[u]) {
        if (upDone) upDone[u] = 1;
        pu.moveTo(xy[2 * u], xy[2 * u + 1]);
        pu.lineTo(ends[2 * u], ends[2 * u + 1]);
      }
      for (let r = rec.offsets[t]; r < rec.offsets[t + 1]; r++) {
        const v = rec.nodes[r];
        if (downDone) {
          if (downDone[v]) continue;
          downDone[v] = 1;
        }
        pd.moveTo(ends[2 * v], ends[2 * v + 1]);
        pd.lineTo(xy[2 * v], xy[2 * v + 1]);
      }
      drawn += 1 + rec.offsets[t + 1] - rec.offsets[t];
      if (drawn >= CHUNK) {
        drawn = 0;
        yield;
      }
    }
    const thick = Math.max(1.2, Math.min(5, nr * 0.35));
    ctx.lineCap = stubs ? 'butt' : 'round';
    ctx.globalAlpha = 0.15;
    ctx.strokeStyle = COLORS.muted;
    ctx.lineWidth = thick * 0.6;
    ctx.stroke(dimUp);
    yield;
    ctx.stroke(dimDown);
    yield;
    ctx.globalAlpha = stubs ? 1 : b - a > 512 ? 0.5 : 0.9;
    for (const [colour, p] of up) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = thick;
      ctx.stroke(p);
      yield;
    }
    for (const [colour, p] of down) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = thick * 0.55;
      ctx.stroke(p);
      yield;
    }
    ctx.globalAlpha = 1;
  }

  // The coupler.
  ctx.fillStyle = COLORS.surface;
  ctx.strokeStyle = COLORS.line;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(l.cx, l.cy, l.coupler, 0, 2 * Math.PI);
  ctx.fill();
  ctx.stroke();
  drawMarkShapes(ctx, starMarkShapes(result.topology, l, o.geometry, o.marked ?? []), starMarkWidth(l));

  // Processors: disc filled by the share of what they finally hold; rings for received and retuned.
  // "Received" is read from the step's transmissions, not from the replay's arrival events: a gossip
  // step on 4096 nodes has 14.7 million of those.
  const arrived = new Uint8Array(n);
  if (step >= 1 && s.receivers.kind === 'list') {
    const [a, b] = stepRange(s, step);
    for (let i = s.receivers.offsets[a]; i < s.receivers.offsets[b]; i++) arrived[s.receivers.nodes[i]] = 1;
  }
  const retuned = new Set<number>();
  if (step >= 1)
    for (let e = o.tunings.retunedStart[step - 1]; e < o.tunings.retunedStart[step]; e++)
      retuned.add(o.tunings.retuned[e]);
  yield;
  if (nr < 4) yield* drawSmallNodes(ctx, xy, n, o, arrived, retuned, l);
  else {
    const discs = new Path2D();
    const ghosts = new Path2D();
    const wedges = new Path2D();
    const rings = new Path2D();
    const tuned = new Path2D();
    for (let i = 0; i < n; i++) {
      const x = xy[2 * i];
      const y = xy[2 * i + 1];
      const target = o.finalCounts[i];
      const frac = target > 0 ? o.counts[i] / target : 0;
      (i < o.real ? discs : ghosts).moveTo(x + nr, y);
      (i < o.real ? discs : ghosts).arc(x, y, nr, 0, 2 * Math.PI);
      addHeldWedge(wedges, x, y, nr, frac);
      if (arrived[i]) {
        rings.moveTo(x + nr + 1.5, y);
        rings.arc(x, y, nr + 1.5, 0, 2 * Math.PI);
      }
      if (retuned.has(i)) {
        const rr = nr + Math.max(3, nr * 0.35);
        tuned.moveTo(x + rr, y);
        tuned.arc(x, y, rr, 0, 2 * Math.PI);
      }
      if (i % CHUNK === CHUNK - 1) yield;
    }
    ctx.fillStyle = COLORS.nodeEmpty;
    ctx.fill(discs);
    ctx.fillStyle = COLORS.background;
    ctx.fill(ghosts);
    ctx.save();
    ctx.setLineDash([3, 3]);
    ctx.strokeStyle = COLORS.line;
    ctx.lineWidth = 1.2;
    ctx.stroke(ghosts);
    ctx.restore();
    ctx.fillStyle = COLORS.held;
    ctx.fill(wedges);
    ctx.lineWidth = Math.max(1.2, Math.min(4, nr * 0.25));
    ctx.strokeStyle = COLORS.arrived;
    ctx.stroke(rings);
    ctx.strokeStyle = COLORS.highlight;
    ctx.stroke(tuned);
  }
  if (o.hovered !== null && o.hovered < n) {
    ctx.strokeStyle = COLORS.text;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(xy[2 * o.hovered], xy[2 * o.hovered + 1], nr + 4, 0, 2 * Math.PI);
    ctx.stroke();
  }
  const lr = l.r + nr + 14;
  const angle = (i: number) => -Math.PI / 2 + (2 * Math.PI * i) / n;
  drawNodeLabels(
    ctx,
    n,
    (i) => [l.cx + lr * Math.cos(angle(i)), l.cy + lr * Math.sin(angle(i))],
    (i) => i >= o.real,
    o.type,
  );
  // In the coupler: the step counter and phase.
  drawCentreCaption(
    ctx,
    l.cx,
    l.cy,
    Math.max(12, Math.min(32, l.coupler * 0.3)),
    stepTitle(step, s.stepCount),
    [step === 0 ? 'coupler' : s.phases[s.stepPhase[step - 1]]],
    o.type,
  );
}

/**
 * Nodes too small for discs and rings (hundreds around the circle): squares, magenta where the node
 * retuned, amber where it received, else grey by the share of what it finally holds; dummies pale.
 * Batched into one path per colour, so thousands of nodes cost a dozen fills.
 */
/**
 * Processors too small for discs (hundreds round the star): each a short radial tick across the ring,
 * with a gap to its neighbours, coloured by its state — a comb in which every processor stays visible
 * (squares of 2 px merged into one solid ring at 512).
 */
function* drawSmallNodes(
  ctx: CanvasRenderingContext2D,
  xy: Float64Array,
  n: number,
  o: { counts: Uint32Array; finalCounts: Uint32Array; real: number },
  arrived: Uint8Array,
  retuned: Set<number>,
  l: StarLayout,
): Drawing {
  const spacing = (2 * Math.PI * l.r) / n;
  const paths = new Map<string, Path2D>();
  for (let i = 0; i < n; i++) {
    const target = o.finalCounts[i];
    const frac = target > 0 ? o.counts[i] / target : 0;
    const colour = retuned.has(i)
      ? COLORS.highlight
      : arrived[i]
        ? COLORS.arrived
        : i >= o.real
          ? COLORS.fibre
          : heldShade(frac);
    let p = paths.get(colour);
    if (!p) paths.set(colour, (p = new Path2D()));
    const [x, y] = [xy[2 * i], xy[2 * i + 1]];
    const d = Math.hypot(x - l.cx, y - l.cy) || 1;
    const [ux, uy] = [(x - l.cx) / d, (y - l.cy) / d];
    p.moveTo(x - ux * 5, y - uy * 5);
    p.lineTo(x + ux * 9, y + uy * 9);
    if (i % CHUNK === CHUNK - 1) yield;
  }
  ctx.lineWidth = Math.max(1, Math.min(3, spacing * 0.55));
  ctx.lineCap = 'butt';
  for (const [colour, p] of paths) {
    ctx.strokeStyle = colour;
    ctx.stroke(p);
    yield;
  }
}
