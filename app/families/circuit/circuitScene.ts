/**
 * The optical circuit switch at a phase as primitives (app/scene/primitives.ts): the circuits in
 * force as chords coloured by subring, the blocks leaving along them (circuitTraffic.ts), marked
 * links, the nodes (ghosts dashed and hollow), their numbers, the phase in the centre and each
 * node's hit target. Plain data: the view paints it with the shared painter, the export writes it
 * as SVG, the pointer asks it which node is under it.
 */
import { interpolateTurbo, schemeTableau10 } from 'd3';
import type { CircuitLoads } from '../../../src/families/circuit/circuit-bands';
import type { RunResult } from '../../../src/result';
import { COLORS } from '../../lib/colors';
import { plural } from '../../lib/format';
import { circleNodeHits, hitGroup } from '../../scene/circleHits';
import {
  finish,
  PathOps,
  type GroupPrimitive,
  type Layout,
  type PathOp,
  type PathPrimitive,
  type Primitive,
} from '../../scene/primitives';
import { centreCaption, nodeLabels, type TypeScale } from '../../views/canvasText';
import { markPrimitives } from '../../views/drawMarkedLinks';
import { nodeAngle, ringLayout, type RingLayout } from '../../views/ringGeometry';
import { circuitStep } from './circuitFacts';
import { laneSizes } from './circuitLanes';
import { circuitMarkShapes, circuitMarkWidth } from './circuitMarks';
import { circuitTraffic, soleSender, type PlaceOf, type TrafficFrame } from './circuitTraffic';

/** Smallest ring radius (CSS px) with room for the caption in its centre. */
const MIN_CAPTION_RADIUS = 80;

/** Nodes laid out between two points where a layout may pause. */
const CHUNK = 512;

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

/** What the circuit view shows at a phase besides the schedule. */
export interface CircuitFrame {
  result: RunResult;
  step: number;
  layout: RingLayout;
  /** circuitXY of the layout. */
  xy: Float64Array;
  /** The node whose transfers stand out. */
  hover: number | null;
  /** Draw only node 0's transfers (as in the paper's Fig. 1). */
  onlyNode0: boolean;
  type: TypeScale;
  /** The phase's blocks per circuit when it is drawn as bands (circuitLoads); null: one by one. */
  loads: CircuitLoads | null;
  /** Links marked from the link-load view or a verdict (markedLinks.ts). */
  marked?: readonly number[];
}

/** A whole circle as one arc (no move before it). */
const ring = (x: number, y: number, r: number): PathOp[] => [['A', x, y, r, 0, 2 * Math.PI, false]];

/** The circuits in force: one wide, pale chord per node to its right peer, in its subring's colour. */
function circuits(f: CircuitFrame, pos: PlaceOf): PathPrimitive[] {
  const { result, step, layout: l } = f;
  const topo = result.topology;
  const n = topo.nodeCount;
  const subrings = circuitStep(result, step).subrings;
  const groups = new Map<number, PathOps>();
  const a = result.schedule.activeLinks;
  const st = Math.max(1, Math.min(step, result.schedule.stepCount));
  if (a)
    for (let i = a.stepStart[st - 1]; i < a.stepStart[st]; i++) {
      const link = a.links[i];
      if (topo.linkKind[link] !== 0) continue;
      const [u, v] = [topo.linkFrom[link], topo.linkTo[link]];
      const sub = u % subrings;
      let p = groups.get(sub);
      if (!p) groups.set(sub, (p = new PathOps()));
      p.moveTo(...pos(u));
      p.lineTo(...pos(v));
    }
  // Large rings: thin square-ended lines, which rasterise several times faster.
  const large = n > 300;
  const lineWidth = large ? 1 : n > 60 ? 3 : Math.max(4, Math.max(2, l.nodeRadius) * 0.7);
  return [...groups].map(([sub, p]) => ({
    kind: 'path',
    ops: p.ops,
    stroke: subringColor(sub, subrings),
    lineWidth,
    lineCap: large ? 'butt' : 'round',
    alpha: step === 0 ? 0.3 : 0.45,
  }));
}

/**
 * The line cap of the strokes drawn after the traffic (the ghosts' dashes, the hover ring): the one
 * the traffic or the circuits last used, as when the picture was painted straight on the canvas.
 */
function lastCap(f: CircuitFrame, t: TrafficFrame): 'butt' | 'round' {
  const bandsOnly =
    f.step >= 1 && f.result.schedule.path.kind === 'link-list' && f.loads !== null && soleSender(t) === null;
  return bandsOnly || f.result.topology.nodeCount > 300 ? 'butt' : 'round';
}

/** Nodes as discs (squares when tiny); ghosts (padding to a power of three) dashed and hollow. */
function* nodes(
  f: CircuitFrame,
  pos: PlaceOf,
  lineCap: 'butt' | 'round',
): Generator<void, Primitive[], void> {
  const n = f.result.topology.nodeCount;
  const nr = Math.max(2, f.layout.nodeRadius);
  const [solid, ghosts] = [new PathOps(), new PathOps()];
  for (let i = 0; i < n; i++) {
    const [cx, cy] = pos(i);
    const p = i < f.result.realNodes ? solid : ghosts;
    // Tiny nodes: squares are cheaper than discs.
    if (nr < 3) p.rect(cx - nr, cy - nr, 2 * nr, 2 * nr);
    else p.circle(cx, cy, nr);
    if (i % CHUNK === CHUNK - 1) yield;
  }
  const out: Primitive[] = [
    { kind: 'path', ops: solid.ops, fill: COLORS.node },
    {
      kind: 'path',
      ops: ghosts.ops,
      fill: COLORS.background,
      stroke: COLORS.muted,
      lineWidth: 1.5,
      dash: [3, 3],
      lineCap,
    },
  ];
  if (f.hover !== null)
    out.push({
      kind: 'path',
      ops: ring(...pos(f.hover), nr + 3),
      stroke: COLORS.highlight,
      lineWidth: 3,
      lineCap,
    });
  return out;
}

/** Node numbers (ghosts' greyed), and the phase and its circuits in the centre where the ring leaves room. */
function words(f: CircuitFrame, pos: PlaceOf): Primitive[] {
  const { result, step, layout: l } = f;
  const n = result.topology.nodeCount;
  const nr = Math.max(2, l.nodeRadius);
  const out: Primitive[] = nodeLabels(
    n,
    (i) => pos(i, l.r + nr + 14),
    (i) => i >= result.realNodes,
    f.type,
  );
  // A small compare pane has the phase strip above instead.
  if (l.r < MIN_CAPTION_RADIUS) return out;
  const info = circuitStep(result, step);
  const big = Math.max(16, Math.min(34, l.r * 0.16));
  const backdrop = ring(l.cx, l.cy, Math.min(l.r * 0.62, big * 3.4));
  out.push({ kind: 'path', ops: backdrop, fill: COLORS.background, alpha: 0.92 });
  out.push(
    ...centreCaption(
      l.cx,
      l.cy,
      big,
      step === 0 ? 'Start' : `Phase ${step - 1}`,
      [
        `±${info.offset} · ${plural(info.subrings, 'subring')}`,
        ...(step >= 1 ? [info.reconfigured ? '⟳ rebuilt' : 'circuits kept'] : []),
      ],
      f.type,
    ),
  );
  return out;
}

/** Each node's target: its slice of the band round the node circle (as wide as a node, at least 8 px each side). */
export const circuitHitGroup = (l: RingLayout, n: number): GroupPrimitive =>
  hitGroup(circleNodeHits(l.cx, l.cy, l.r, Math.max(l.nodeRadius, 8), n));

/** The circuit switch at the frame's phase as primitives, in the layout's coordinates, laid out in parts. */
export function* circuitSceneParts(f: CircuitFrame): Layout {
  const { result, layout: l, xy } = f;
  const n = result.topology.nodeCount;
  // Positions on the node circle come from a table made once per layout (a static all-to-all phase
  // on 256 nodes looks up 130,000 of them); other radii are computed.
  const pos: PlaceOf = (i, r = l.r) => {
    if (r === l.r) return [xy[2 * i], xy[2 * i + 1]];
    const a = nodeAngle(i, n);
    return [l.cx + r * Math.cos(a), l.cy + r * Math.sin(a)];
  };
  const nr0 = Math.max(2, l.nodeRadius);
  const traffic: TrafficFrame = {
    result,
    step: f.step,
    pos,
    lanes: laneSizes(n, l.r, nr0),
    nr0,
    hover: f.hover,
    onlyNode0: f.onlyNode0,
    loads: f.loads,
  };
  const chords = circuits(f, pos);
  yield;
  const blocks = yield* circuitTraffic(traffic);
  const marks = markPrimitives(
    circuitMarkShapes(result.topology, l, xy, f.marked ?? []),
    circuitMarkWidth(l),
  );
  const discs = yield* nodes(f, pos, lastCap(f, traffic));
  return [...chords, ...blocks, ...marks, ...discs, ...words(f, pos), circuitHitGroup(l, n)];
}

/** The circuit switch at the frame's phase as primitives, all at once (the export, tests). */
export const circuitScene = (f: CircuitFrame): Primitive[] => finish(circuitSceneParts(f));
