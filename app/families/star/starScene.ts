/**
 * The passive star at a step as primitives (app/scene/primitives.ts): the step's transmissions, the
 * coupler, marked links, the processors filled by what they hold with rings for received and
 * retuned, dummies as dashed ghosts, numbers, the caption in the coupler and each processor's hit
 * target. Plain data: the view paints it with the shared painter, the export writes it as SVG, the
 * pointer asks it which processor is under it.
 */
import type { StarTunings } from '../../../src/families/star/star-cost';
import { stepRange } from '../../../src/kernel/model/schedule';
import type { RunResult } from '../../../src/result';
import { COLORS, heldShade } from '../../lib/colors';
import { circleNodeHits, hitGroup } from '../../scene/circleHits';
import {
  finish,
  PathOps,
  type GroupPrimitive,
  type Layout,
  type PathOp,
  type Primitive,
} from '../../scene/primitives';
import { centreCaption, nodeLabels, stepTitle, type TypeScale } from '../../views/canvasText';
import { markPrimitives } from '../../views/drawMarkedLinks';
import { addHeldWedge } from '../../views/heldWedge';
import { nodeAngle } from '../../views/ringGeometry';
import type { StarGeometry, StarLayout } from './starLayout';
import { starMarkShapes, starMarkWidth } from './starMarks';
import { starTransmissions, transmissionCap } from './starTransmissions';
import type { StepColours } from './stepColours';

/** Nodes laid out between two points where a layout may pause. */
const CHUNK = 1024;

/** What the star shows at a step besides the schedule: holdings, tunings, marks, type. */
export interface StarFrame {
  result: RunResult;
  step: number;
  layout: StarLayout;
  geometry: StarGeometry;
  /** Blocks each node holds after the step, and at the end. */
  counts: Uint32Array;
  finalCounts: Uint32Array;
  colours: StepColours;
  tunings: StarTunings;
  /** Processors that are not dummies (the first `real`). */
  real: number;
  hovered: number | null;
  type?: TypeScale;
  /** Links marked from the link-load view or a verdict (markedLinks.ts). */
  marked?: readonly number[];
}

/** A whole circle as one arc (no move before it), as a stroke round one place. */
const ring = (x: number, y: number, r: number): PathOp[] => [['A', x, y, r, 0, 2 * Math.PI, false]];

/** The nodes that received in the step ("received" is read from its transmissions, not from the replay's events). */
function arrivedIn(r: RunResult, step: number): Uint8Array {
  const s = r.schedule;
  const arrived = new Uint8Array(r.topology.nodeCount);
  if (step >= 1 && s.receivers.kind === 'list') {
    const [a, b] = stepRange(s, step);
    for (let i = s.receivers.offsets[a]; i < s.receivers.offsets[b]; i++) arrived[s.receivers.nodes[i]] = 1;
  }
  return arrived;
}

/** The nodes that retuned a receiver or transmitter in the step. */
function retunedIn(t: StarTunings, step: number): Set<number> {
  const retuned = new Set<number>();
  if (step >= 1)
    for (let e = t.retunedStart[step - 1]; e < t.retunedStart[step]; e++) retuned.add(t.retuned[e]);
  return retuned;
}

/** The share of what node i finally holds that it holds now. */
const share = (f: StarFrame, i: number) => (f.finalCounts[i] > 0 ? f.counts[i] / f.finalCounts[i] : 0);

/** Processors as discs with a held wedge, rings for received (amber) and retuned (magenta), dummies as ghosts. */
function* discs(f: StarFrame, arrived: Uint8Array, retuned: Set<number>): Generator<void, Primitive[], void> {
  const n = f.result.topology.nodeCount;
  const { xy } = f.geometry;
  const nr = f.layout.nodeRadius;
  const [solid, ghosts, wedges, rings, tuned] = [0, 0, 0, 0, 0].map(() => new PathOps());
  for (let i = 0; i < n; i++) {
    const [x, y] = [xy[2 * i], xy[2 * i + 1]];
    (i < f.real ? solid : ghosts).circle(x, y, nr);
    addHeldWedge(wedges, x, y, nr, share(f, i));
    if (arrived[i]) rings.circle(x, y, nr + 1.5);
    if (retuned.has(i)) tuned.circle(x, y, nr + Math.max(3, nr * 0.35));
    if (i % CHUNK === CHUNK - 1) yield;
  }
  const lineCap = transmissionCap(f.result, f.step);
  const lineWidth = Math.max(1.2, Math.min(4, nr * 0.25));
  return [
    { kind: 'path', ops: solid.ops, fill: COLORS.nodeEmpty },
    {
      kind: 'path',
      ops: ghosts.ops,
      fill: COLORS.background,
      stroke: COLORS.line,
      lineWidth: 1.2,
      dash: [3, 3],
      lineCap,
    },
    { kind: 'path', ops: wedges.ops, fill: COLORS.held },
    { kind: 'path', ops: rings.ops, stroke: COLORS.arrived, lineWidth, lineCap },
    { kind: 'path', ops: tuned.ops, stroke: COLORS.highlight, lineWidth, lineCap },
  ];
}

/**
 * Processors too small for discs (hundreds round the star): each a short radial tick across the
 * circle, coloured by its state (magenta retuned, amber received, pale dummy, else grey by its
 * share), so that every processor stays visible; one path per colour.
 */
function* ticks(f: StarFrame, arrived: Uint8Array, retuned: Set<number>): Generator<void, Primitive[], void> {
  const n = f.result.topology.nodeCount;
  const { xy } = f.geometry;
  const l = f.layout;
  const paths = new Map<string, PathOps>();
  for (let i = 0; i < n; i++) {
    const colour = retuned.has(i)
      ? COLORS.highlight
      : arrived[i]
        ? COLORS.arrived
        : i >= f.real
          ? COLORS.fibre
          : heldShade(share(f, i));
    let p = paths.get(colour);
    if (!p) paths.set(colour, (p = new PathOps()));
    const [x, y] = [xy[2 * i], xy[2 * i + 1]];
    const d = Math.hypot(x - l.cx, y - l.cy) || 1;
    const [ux, uy] = [(x - l.cx) / d, (y - l.cy) / d];
    p.moveTo(x - ux * 5, y - uy * 5);
    p.lineTo(x + ux * 9, y + uy * 9);
    if (i % CHUNK === CHUNK - 1) yield;
  }
  const lineWidth = Math.max(1, Math.min(3, ((2 * Math.PI * l.r) / n) * 0.55));
  return [...paths].map(([stroke, p]) => ({ kind: 'path', ops: p.ops, stroke, lineWidth, lineCap: 'butt' }));
}

/** Numbers round the processors (dummies' greyed) and the step counter and phase in the coupler. */
function words(f: StarFrame): Primitive[] {
  const { layout: l, result, step } = f;
  const n = result.topology.nodeCount;
  const s = result.schedule;
  const lr = l.r + l.nodeRadius + 14;
  return [
    ...nodeLabels(
      n,
      (i) => [l.cx + lr * Math.cos(nodeAngle(i, n)), l.cy + lr * Math.sin(nodeAngle(i, n))],
      (i) => i >= f.real,
      f.type,
    ),
    ...centreCaption(
      l.cx,
      l.cy,
      Math.max(12, Math.min(32, l.coupler * 0.3)),
      stepTitle(step, s.stepCount),
      [step === 0 ? 'coupler' : s.phases[s.stepPhase[step - 1]]],
      f.type,
    ),
  ];
}

/** Each processor's target: within 8 px of the circle (or 4 px beyond its disc), nearest to it. */
export const starHitGroup = (l: StarLayout, n: number): GroupPrimitive =>
  hitGroup(circleNodeHits(l.cx, l.cy, l.r, Math.max(8, l.nodeRadius + 4), n));

/** The star at the frame's step as primitives, in the layout's coordinates, laid out in parts. */
export function* starSceneParts(f: StarFrame): Layout {
  const { result, step, layout: l } = f;
  const n = result.topology.nodeCount;
  const nr = l.nodeRadius;
  const transmissions = yield* starTransmissions(result, step, l, f.geometry, f.colours, f.hovered);
  const arrived = arrivedIn(result, step);
  const retuned = retunedIn(f.tunings, step);
  yield;
  const nodes = nr < 4 ? yield* ticks(f, arrived, retuned) : yield* discs(f, arrived, retuned);
  const out: Primitive[] = [
    ...transmissions,
    {
      kind: 'path',
      ops: ring(l.cx, l.cy, l.coupler),
      fill: COLORS.surface,
      stroke: COLORS.line,
      lineWidth: 2,
      lineCap: transmissionCap(result, step),
    },
    ...markPrimitives(starMarkShapes(result.topology, l, f.geometry, f.marked ?? []), starMarkWidth(l)),
    ...nodes,
  ];
  if (f.hovered !== null && f.hovered < n) {
    const [x, y] = [f.geometry.xy[2 * f.hovered], f.geometry.xy[2 * f.hovered + 1]];
    out.push({
      kind: 'path',
      ops: ring(x, y, nr + 4),
      stroke: COLORS.text,
      lineWidth: 2,
      lineCap: nr < 4 ? 'butt' : transmissionCap(result, step),
    });
  }
  return [...out, ...words(f), starHitGroup(l, n)];
}

/** The star at the frame's step as primitives, all at once (the export, tests). */
export const starScene = (f: StarFrame): Primitive[] => finish(starSceneParts(f));
