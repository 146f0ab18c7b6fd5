/**
 * The star's transmissions at a step as primitives: each from its sender into the coupler (thick)
 * and out to each of its receivers (thin), in its wavelength's colour, batched into one path per
 * colour; the ones not involving the hovered node dimmed.
 */
import { stepRange } from '../../../src/kernel/model/schedule';
import type { RunResult } from '../../../src/result';
import { COLORS } from '../../lib/colors';
import { PathOps, type PathPrimitive } from '../../scene/primitives';
import type { StarGeometry, StarLayout } from './starLayout';
import type { StepColours } from './stepColours';

/** Above this many line segments in a step, transmissions are drawn as stubs at their nodes. */
const STUB_ABOVE = 4000;

/** Line ends (a transmission has its sender and up to k receivers) laid out between two points where a layout may pause. */
const CHUNK = 1024;

/** Line segments of the step: each transmission's uplink and its downlinks. */
function segmentsIn(r: RunResult, step: number): number {
  const s = r.schedule;
  if (step < 1 || s.receivers.kind !== 'list') return 0;
  const [a, b] = [s.stepStart[step - 1], s.stepStart[step]];
  return s.receivers.offsets[b] - s.receivers.offsets[a] + (b - a);
}

/**
 * Whether a step is drawn as stubs: a line from each node toward the centre stops at the coupler's
 * rim, or, when the step has too many lines to draw in a frame (software rasterising 30 000 long
 * lines takes hundreds of ms), as a short stub just inside the node, still coloured by wavelength.
 */
export const drawsStubs = (r: RunResult, step: number) => segmentsIn(r, step) > STUB_ABOVE;

/**
 * The line cap of the step's transmissions (none before step 1); the node rings drawn after them
 * keep it, as they did when the picture was painted straight on the canvas.
 */
export function transmissionCap(r: RunResult, step: number): 'butt' | 'round' {
  const drawn = step >= 1 && r.schedule.receivers.kind === 'list';
  return drawn && !drawsStubs(r, step) ? 'round' : 'butt';
}

/** The transmissions of `step` (none at step 0), laid out in parts. */
export function* starTransmissions(
  result: RunResult,
  step: number,
  l: StarLayout,
  g: StarGeometry,
  colours: StepColours,
  hovered: number | null,
): Generator<void, PathPrimitive[], void> {
  const s = result.schedule;
  if (step < 1 || s.receivers.kind !== 'list') return [];
  const n = result.topology.nodeCount;
  const { xy } = g;
  const stubs = drawsStubs(result, step);
  const ends = stubs ? g.stubEnds : g.rimEnds;
  const rec = s.receivers;
  const [a, b] = stepRange(s, step);
  const up = new Map<string, PathOps>();
  const down = new Map<string, PathOps>();
  const [dimUp, dimDown] = [new PathOps(), new PathOps()];
  const path = (m: Map<string, PathOps>, key: string) => {
    let p = m.get(key);
    if (!p) m.set(key, (p = new PathOps()));
    return p;
  };
  // In stub mode a node's stubs would overlap on one spot: one uplink and one downlink stub per node.
  const upDone = stubs ? new Uint8Array(n) : null;
  const downDone = stubs ? new Uint8Array(n) : null;
  let laid = 0;
  for (let t = a; t < b; t++) {
    const u = s.src[t];
    const colour = colours.of.get(s.channel[t]) ?? COLORS.muted;
    let involved = hovered === null || u === hovered;
    for (let r = rec.offsets[t]; r < rec.offsets[t + 1] && !involved; r++)
      if (rec.nodes[r] === hovered) involved = true;
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
    laid += 1 + rec.offsets[t + 1] - rec.offsets[t];
    if (laid >= CHUNK) {
      laid = 0;
      yield;
    }
  }
  const thick = Math.max(1.2, Math.min(5, l.nodeRadius * 0.35));
  const lineCap = transmissionCap(result, step);
  const dim = { kind: 'path', stroke: COLORS.muted, alpha: 0.15, lineWidth: thick * 0.6, lineCap } as const;
  const alpha = stubs ? 1 : b - a > 512 ? 0.5 : 0.9;
  return [
    { ...dim, ops: dimUp.ops },
    { ...dim, ops: dimDown.ops },
    ...[...up].map(([stroke, p]): PathPrimitive => ({
      kind: 'path',
      ops: p.ops,
      stroke,
      alpha,
      lineWidth: thick,
      lineCap,
    })),
    ...[...down].map(([stroke, p]): PathPrimitive => ({
      kind: 'path',
      ops: p.ops,
      stroke,
      alpha,
      lineWidth: thick * 0.55,
      lineCap,
    })),
  ];
}
