import { interpolateTurbo, schemeTableau10 } from 'd3';
import type { RunResult } from '../../../src/result';
import { circuitStep } from './circuitFacts';
import { COLORS } from '../../lib/colors';
import { drawCentreCaption, drawNodeLabels, type TypeScale } from '../../views/canvasText';
import { nodeAngle, ringLayout, type RingLayout } from '../../views/ringGeometry';
import type { Drawing } from '../../views/slicedPainter';
import { BAND_LEVELS, bandLevel, laneSegment, laneSizes } from './circuitLanes';
import { type CircuitLoads } from '../../../src/families/circuit/circuit-bands';
import { plural } from '../../lib/format';
import { drawMarkShapes } from '../../views/drawMarkedLinks';
import { circuitMarkShapes, circuitMarkWidth } from './circuitMarks';

/** Smallest ring radius (CSS px) with room for the caption in its centre. */
const MIN_CAPTION_RADIUS = 80;

/** Transfers, links or nodes handled between two points where a sliced drawing may pause. */
const CHUNK = 512;

/** Colours of the two directions blocks leave in. */
export const DIRECTION_COLORS = { right: '#ea580c', left: '#2563eb' };

export function subringColor(i: number, count: number): string {
  if (count <= 10) return schemeTableau10[[2, 4, 6, 8, 9, 7, 0, 1, 3, 5][i % 10]];
  return interpolateTurbo(0.1 + (0.8 * i) / Math.max(1, count - 1));
}

/** A circuit ring's layout in a box of width × height (room below for the phase strip's margin). */
export const circuitLayout = (width: number, height: number, n: number): RingLayout =>
  ringLayout(width, height - 8, n, 1);

/** Where the n nodes sit on the layout's circle, as x, y pairs (made once per layout). */
export function circuitXY(l: RingLayout, n: number): Float64Array {
  const out = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const a = nodeAngle(i, n);
    out[2 * i] = l.cx + l.r * Math.cos(a);
    out[2 * i + 1] = l.cy + l.r * Math.sin(a);
  }
  return out;
}

/**
 * The circuit switch at `step`, drawn in parts (it yields between batches of strokes, for a sliced
 * painter): the circuits in force, the blocks leaving along them, the nodes, their numbers and the
 * phase in the centre. `hover`: the node whose transfers stand out; `onlyNode0`: draw only node 0's.
 */
export function* drawCircuit(
  ctx: CanvasRenderingContext2D,
  result: RunResult,
  step: number,
  l: RingLayout,
  xy: Float64Array,
  o: {
    hover: number | null;
    onlyNode0: boolean;
    type: TypeScale;
    /** The phase's blocks per circuit when it is drawn as bands (circuitLoads); null: one by one. */
    loads: CircuitLoads | null;
    /** Links marked from the link-load view or a verdict (markedLinks.ts). */
    marked?: readonly number[];
  },
): Drawing {
  const { hover, onlyNode0, type, loads } = o;
  const bands = loads !== null;
  const n = result.topology.nodeCount;
  const real = result.realNodes;
  const info = circuitStep(result, step);
  // Positions on the node circle come from a table made once per layout (a static all-to-all phase
  // on 256 nodes looks up 130,000 of them); other radii are computed.
  const pos = (i: number, r = l.r) => {
    if (r === l.r) return [xy[2 * i], xy[2 * i + 1]] as const;
    const a = nodeAngle(i, n);
    return [l.cx + r * Math.cos(a), l.cy + r * Math.sin(a)] as const;
  };
  // Circuits in force: one chord per node to its right peer, by subring.
  const groups = new Map<number, Path2D>();
  const topo = result.topology;
  const a = result.schedule.activeLinks;
  const st = Math.max(1, Math.min(step, result.schedule.stepCount));
  if (a)
    for (let i = a.stepStart[st - 1]; i < a.stepStart[st]; i++) {
      const link = a.links[i];
      if (topo.linkKind[link] !== 0) continue;
      const u = topo.linkFrom[link];
      const v = topo.linkTo[link];
      const ring = u % info.subrings;
      let p = groups.get(ring);
      if (!p) groups.set(ring, (p = new Path2D()));
      const [x0, y0] = pos(u);
      const [x1, y1] = pos(v);
      p.moveTo(x0, y0);
      p.lineTo(x1, y1);
    }
  // The circuits are the road: wide and pale in their subring's colour.
  const nr0 = Math.max(2, l.nodeRadius);
  // Large rings: thin square-ended lines, which rasterise several times faster.
  const large = n > 300;
  const road = large ? 1 : n > 60 ? 3 : Math.max(4, nr0 * 0.7);
  ctx.lineWidth = road;
  ctx.lineCap = large ? 'butt' : 'round';
  ctx.globalAlpha = step === 0 ? 0.3 : 0.45;
  for (const [ring, p] of groups) {
    ctx.strokeStyle = subringColor(ring, info.subrings);
    ctx.stroke(p);
  }
  ctx.globalAlpha = 1;
  yield;

  // Blocks leaving this phase travel along the circuits of their route, each direction on its own
  // lane, left of the direction of travel: going right (clockwise) outside the chord, going left
  // inside it (circuitLanes.ts), so neither direction can hide the other.
  const s = result.schedule;
  if (step >= 1 && s.path.kind === 'link-list') {
    const lanes = laneSizes(n, l.r, nr0);
    const [a0, a1] = [s.stepStart[step - 1], s.stepStart[step]];
    if (bands) {
      // Too many transfers to follow one by one: the blocks over each circuit in each direction,
      // added up, as one band whose width grows with their number.
      const paths = { right: [] as Path2D[], left: [] as Path2D[] };
      for (const dir of ['right', 'left'] as const)
        for (let k = 0; k < BAND_LEVELS; k++) paths[dir].push(new Path2D());
      for (let link = 0; link < loads.blocks.length; link++) {
        const level = bandLevel(loads.blocks[link], loads.max);
        if (level === 0) continue;
        const [x0, y0] = pos(topo.linkFrom[link]);
        const [x1, y1] = pos(topo.linkTo[link]);
        // Untrimmed: a circuit's bands meet its neighbours' end to end, one continuous lane.
        const [xs, ys, xe, ye] = laneSegment(x0, y0, x1, y1, lanes.offset);
        const p = paths[topo.linkKind[link] === 0 ? 'right' : 'left'][level - 1];
        p.moveTo(xs, ys);
        p.lineTo(xe, ye);
        if (link % CHUNK === CHUNK - 1) yield;
      }
      ctx.lineCap = 'butt';
      ctx.globalAlpha = hover === null ? 1 : 0.3;
      for (const dir of ['right', 'left'] as const) {
        ctx.strokeStyle = DIRECTION_COLORS[dir];
        for (let k = 0; k < BAND_LEVELS; k++) {
          ctx.lineWidth = (lanes.maxWidth * (k + 1)) / BAND_LEVELS;
          ctx.stroke(paths[dir][k]);
        }
        yield;
      }
      ctx.globalAlpha = 1;
    }
    // One by one: every transfer of a small phase, else only the chosen sender's (node 0 as in
    // Fig. 1, or the node under the pointer or picked in the node field) over the faded bands.
    const only = onlyNode0 ? 0 : bands ? hover : null;
    if (!bands || only !== null) {
      const lines = { right: new Path2D(), left: new Path2D() };
      const faded = { right: new Path2D(), left: new Path2D() };
      const heads = { right: new Path2D(), left: new Path2D() };
      const head = Math.max(4, Math.min(10, nr0 * 0.6));
      const trim = Math.min(nr0 + 2, 12);
      for (let t = a0; t < a1; t++) {
        if ((t - a0) % CHUNK === CHUNK - 1) yield;
        // Skipped first: at 65,280 transfers this loop runs once per frame while playing.
        if (only !== null && s.src[t] !== only) continue;
        const p0 = s.path.offsets[t];
        const p1 = s.path.offsets[t + 1];
        const dir = topo.linkKind[s.path.links[p0]] === 0 ? 'right' : 'left';
        const last = topo.linkTo[s.path.links[p1 - 1]];
        const dim = only === null && hover !== null && s.src[t] !== hover && last !== hover;
        const target = (dim ? faded : lines)[dir];
        for (let k = p0; k < p1; k++) {
          const [x0, y0] = pos(topo.linkFrom[s.path.links[k]]);
          const [x1, y1] = pos(topo.linkTo[s.path.links[k]]);
          const [xs, ys, ex, ey, ux, uy, ox, oy] = laneSegment(x0, y0, x1, y1, lanes.offset, trim);
          target.moveTo(xs, ys);
          target.lineTo(ex, ey);
          if (k === p1 - 1 && !dim && n <= 300) {
            const h = heads[dir];
            const [sx, sy] = [ox / lanes.offset, oy / lanes.offset];
            h.moveTo(ex + ux * head * 0.3, ey + uy * head * 0.3);
            h.lineTo(ex - ux * head + sx * head * 0.5, ey - uy * head + sy * head * 0.5);
            h.lineTo(ex - ux * head - sx * head * 0.5, ey - uy * head - sy * head * 0.5);
            h.closePath();
          }
        }
      }
      ctx.lineCap = n > 300 ? 'butt' : 'round';
      ctx.lineWidth = n > 300 ? 1.5 : Math.min(2.5, lanes.maxWidth);
      for (const dir of ['right', 'left'] as const) {
        ctx.strokeStyle = ctx.fillStyle = DIRECTION_COLORS[dir];
        if (hover !== null && !bands) {
          ctx.globalAlpha = 0.15;
          ctx.stroke(faded[dir]);
        }
        ctx.globalAlpha = 1;
        ctx.stroke(lines[dir]);
        ctx.fill(heads[dir]);
        yield;
      }
    }
  }

  drawMarkShapes(ctx, circuitMarkShapes(result.topology, l, xy, o.marked ?? []), circuitMarkWidth(l));
  // Nodes; ghosts (padding to a power of three) dashed and hollow.
  const nr = Math.max(2, l.nodeRadius);
  const solid = new Path2D();
  const ghosts = new Path2D();
  for (let i = 0; i < n; i++) {
    const [cx, cy] = pos(i);
    const p = i < real ? solid : ghosts;
    if (nr < 3) {
      p.rect(cx - nr, cy - nr, 2 * nr, 2 * nr); // tiny nodes: squares are cheaper than discs
      continue;
    }
    p.moveTo(cx + nr, cy);
    p.arc(cx, cy, nr, 0, 2 * Math.PI);
    if (i % CHUNK === CHUNK - 1) yield;
  }
  ctx.fillStyle = COLORS.node;
  ctx.fill(solid);
  ctx.fillStyle = COLORS.background;
  ctx.fill(ghosts);
  ctx.setLineDash([3, 3]);
  ctx.strokeStyle = COLORS.muted;
  ctx.lineWidth = 1.5;
  ctx.stroke(ghosts);
  ctx.setLineDash([]);
  yield;
  if (hover !== null) {
    const [hx, hy] = pos(hover);
    ctx.strokeStyle = COLORS.highlight;
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.arc(hx, hy, nr + 3, 0, 2 * Math.PI);
    ctx.stroke();
  }
  drawNodeLabels(
    ctx,
    n,
    (i) => pos(i, l.r + nr + 14),
    (i) => i >= real,
    type,
  );
  // Centre: phase and what the circuits are, where the ring leaves room for it (a small compare
  // pane has the phase strip above instead).
  if (l.r < MIN_CAPTION_RADIUS) return;
  const big = Math.max(16, Math.min(34, l.r * 0.16));
  ctx.fillStyle = COLORS.background;
  ctx.globalAlpha = 0.92;
  ctx.beginPath();
  ctx.arc(l.cx, l.cy, Math.min(l.r * 0.62, big * 3.4), 0, 2 * Math.PI);
  ctx.fill();
  ctx.globalAlpha = 1;
  drawCentreCaption(
    ctx,
    l.cx,
    l.cy,
    big,
    step === 0 ? 'Start' : `Phase ${step - 1}`,
    [
      `±${info.offset} · ${plural(info.subrings, 'subring')}`,
      ...(step >= 1 ? [info.reconfigured ? '⟳ rebuilt' : 'circuits kept'] : []),
    ],
    type,
  );
}
