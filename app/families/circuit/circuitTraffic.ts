/**
 * The blocks leaving in a circuit phase as primitives: along the circuits of their route, each
 * direction on its own lane (circuitLanes.ts), one by one where the phase is small (or for the one
 * sender asked for), else added up per circuit as bands whose width grows with their number.
 */
import type { CircuitLoads } from '../../../src/families/circuit/circuit-bands';
import type { RunResult } from '../../../src/result';
import { PathOps, type PathPrimitive } from '../../scene/primitives';
import { BAND_LEVELS, bandLevel, DIRECTION_COLORS, laneSegment, type LaneSizes } from './circuitLanes';

/** Transfers or links laid out between two points where a layout may pause. */
const CHUNK = 512;

const DIRECTIONS = ['right', 'left'] as const;

/** Where node i sits, on the node circle or at another radius. */
export type PlaceOf = (i: number, r?: number) => readonly [number, number];

/** What the traffic of a phase is drawn with. */
export interface TrafficFrame {
  result: RunResult;
  step: number;
  pos: PlaceOf;
  lanes: LaneSizes;
  /** Node radius as the circuits are drawn (at least 2). */
  nr0: number;
  hover: number | null;
  onlyNode0: boolean;
  /** The phase's blocks per circuit when it is drawn as bands; null: one by one. */
  loads: CircuitLoads | null;
}

/** The node whose transfers are drawn one by one over the bands (or alone), if any. */
export const soleSender = (f: TrafficFrame) => (f.onlyNode0 ? 0 : f.loads !== null ? f.hover : null);

/** The blocks over each circuit in each direction as one band per circuit, by width level. */
function* bands(f: TrafficFrame, loads: CircuitLoads): Generator<void, PathPrimitive[], void> {
  const topo = f.result.topology;
  const paths = { right: [] as PathOps[], left: [] as PathOps[] };
  for (const dir of DIRECTIONS) for (let k = 0; k < BAND_LEVELS; k++) paths[dir].push(new PathOps());
  for (let link = 0; link < loads.blocks.length; link++) {
    const level = bandLevel(loads.blocks[link], loads.max);
    if (level === 0) continue;
    const [x0, y0] = f.pos(topo.linkFrom[link]);
    const [x1, y1] = f.pos(topo.linkTo[link]);
    // Untrimmed: a circuit's bands meet its neighbours' end to end, one continuous lane.
    const [xs, ys, xe, ye] = laneSegment(x0, y0, x1, y1, f.lanes.offset);
    const p = paths[topo.linkKind[link] === 0 ? 'right' : 'left'][level - 1];
    p.moveTo(xs, ys);
    p.lineTo(xe, ye);
    if (link % CHUNK === CHUNK - 1) yield;
  }
  return DIRECTIONS.flatMap((dir) =>
    paths[dir].map((p, k): PathPrimitive => ({
      kind: 'path',
      ops: p.ops,
      stroke: DIRECTION_COLORS[dir],
      lineWidth: (f.lanes.maxWidth * (k + 1)) / BAND_LEVELS,
      lineCap: 'butt',
      alpha: f.hover === null ? 1 : 0.3,
    })),
  );
}

/** Every transfer of the phase (or only `only`'s), an arrow head at its end; others than the hovered node's faded. */
function* transfers(f: TrafficFrame, only: number | null): Generator<void, PathPrimitive[], void> {
  const { result, hover, lanes, nr0 } = f;
  const s = result.schedule;
  const topo = result.topology;
  const n = topo.nodeCount;
  if (s.path.kind !== 'link-list') return [];
  const [a0, a1] = [s.stepStart[f.step - 1], s.stepStart[f.step]];
  const fresh = () => ({ right: new PathOps(), left: new PathOps() });
  const [lines, faded, heads] = [fresh(), fresh(), fresh()];
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
      const [x0, y0] = f.pos(topo.linkFrom[s.path.links[k]]);
      const [x1, y1] = f.pos(topo.linkTo[s.path.links[k]]);
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
  const line = {
    kind: 'path',
    lineCap: n > 300 ? 'butt' : 'round',
    lineWidth: n > 300 ? 1.5 : Math.min(2.5, lanes.maxWidth),
  } as const;
  return DIRECTIONS.flatMap((dir): PathPrimitive[] => [
    ...(hover !== null && f.loads === null
      ? [{ ...line, ops: faded[dir].ops, stroke: DIRECTION_COLORS[dir], alpha: 0.15 }]
      : []),
    { ...line, ops: lines[dir].ops, stroke: DIRECTION_COLORS[dir] },
    { kind: 'path', ops: heads[dir].ops, fill: DIRECTION_COLORS[dir] },
  ]);
}

/** The phase's traffic (none at step 0), laid out in parts: the bands, then the transfers over them. */
export function* circuitTraffic(f: TrafficFrame): Generator<void, PathPrimitive[], void> {
  if (f.step < 1 || f.result.schedule.path.kind !== 'link-list') return [];
  const out = f.loads !== null ? yield* bands(f, f.loads) : [];
  const only = soleSender(f);
  if (f.loads === null || only !== null) out.push(...(yield* transfers(f, only)));
  return out;
}
