/**
 * The ring at a step as primitives (app/scene/primitives.ts): lane guides, the step's lightpaths in
 * their wavelengths' lanes, stage subsets, nodes filled by what they hold, marks, labels and the
 * centre caption, and each node's hit target. Plain data: the view paints it with the shared
 * painter, the export writes it as SVG, the pointer asks it which node is under it.
 */
import { schemeSet2 } from 'd3';
import { findCard } from '../../../src/cards';
import { arrivedMask } from '../../../src/kernel/replay/holding-queries';
import type { RunResult } from '../../../src/result';
import { COLORS, heldShade } from '../../lib/colors';
import { plural } from '../../lib/format';
import {
  finish,
  PathOps,
  text,
  type GroupPrimitive,
  type HitTarget,
  type Layout,
  type Primitive,
} from '../../scene/primitives';
import { circleNodeHits, hitGroup } from '../../scene/circleHits';
import { estimateTextWidth } from '../../scene/sceneText';
import {
  centreCaption,
  DESK_TYPE,
  nodeLabels,
  stepTitle,
  typePx,
  type TypeScale,
} from '../../views/canvasText';
import { markedLinkPrimitives } from '../../views/drawMarkedLinks';
import { addHeldWedge } from '../../views/heldWedge';
import { laneLabels, laneRadius, nodeAngle, type RingLayout } from '../../views/ringGeometry';
import { ringLightpaths } from './ringLightpaths';

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

/** The phase of `step` (−1 before the first). */
export const phaseOf = (r: RunResult, step: number) =>
  step >= 1 && step <= r.schedule.stepCount ? r.schedule.stepPhase[step - 1] : -1;

/** Nodes (halos, squares) put in one path. */
const CHUNK = 512;

/** What the ring shows at a step besides the schedule: holdings, subsets, marks, type. */
export interface RingFrame {
  result: RunResult;
  step: number;
  layout: RingLayout;
  /** Blocks each node holds after the step. */
  counts: Uint32Array;
  /** The node drawn as hovered (its lightpaths bright, the others dimmed). */
  hovered: number | null;
  /** The stage's subsets (phaseGroups), or null. */
  groups: number[][] | null;
  /** Nodes another view highlights. */
  highlight: readonly number[] | null;
  type?: TypeScale;
  /** Write these wavelengths' numbers on their lanes (laneLabels); null: none. */
  laneNumbers?: readonly number[] | null;
  markedLinks?: readonly number[];
}

/** Where node i sits. */
const placeOf = (l: RingLayout, i: number, n: number): [number, number] => {
  const ang = nodeAngle(i, n);
  return [l.cx + l.r * Math.cos(ang), l.cy + l.r * Math.sin(ang)];
};

/** One faint band per fibre, and a circle per lane where there are few, so the capacity shows. */
function laneGuides(l: RingLayout): Primitive[] {
  const out: Primitive[] = [];
  for (const cw of [true, false]) {
    const inner = laneRadius(l, 0, cw) - l.lane / 2;
    const outer = laneRadius(l, l.lanes - 1, cw) + l.lane / 2;
    const band = new PathOps();
    band.arc(l.cx, l.cy, Math.max(inner, outer), 0, 2 * Math.PI);
    band.arc(l.cx, l.cy, Math.max(1, Math.min(inner, outer)), 0, 2 * Math.PI, true);
    out.push({ kind: 'path', ops: band.ops, fill: cw ? 'rgba(148,163,184,0.10)' : 'rgba(148,163,184,0.16)' });
    if (l.lanes > 16) continue;
    const guides = new PathOps();
    for (let ch = 0; ch < l.lanes; ch++) guides.circle(l.cx, l.cy, laneRadius(l, ch, cw));
    out.push({ kind: 'path', ops: guides.ops, stroke: COLORS.fibre, lineWidth: 1 });
  }
  return out;
}

/** A coloured halo behind each member of a stage subset. */
function subsetHalos(l: RingLayout, n: number, groups: number[][]): Primitive[] {
  const out: Primitive[] = [];
  const halo = Math.max(l.nodeRadius + 3, 4);
  groups.forEach((g, gi) => {
    for (let from = 0; from < g.length; from += CHUNK) {
      const p = new PathOps();
      for (const i of g.slice(from, from + CHUNK)) p.circle(...placeOf(l, i, n), halo);
      out.push({ kind: 'path', ops: p.ops, fill: groupColor(gi) });
    }
  });
  return out;
}

/**
 * Nodes: a disc filled in proportion to the blocks held, an amber ring where blocks just arrived;
 * nodes too small for a pie are squares shaded by the share held.
 */
function nodes(f: RingFrame, n: number): Primitive[] {
  const { layout: l, result } = f;
  const blocks = result.schedule.blocks.count;
  const arrived = arrivedMask(result.holdings, f.step);
  const nr = l.nodeRadius;
  if (nr >= 4) {
    const [discs, wedges, rings] = [new PathOps(), new PathOps(), new PathOps()];
    for (let i = 0; i < n; i++) {
      const [x, y] = placeOf(l, i, n);
      discs.circle(x, y, nr);
      addHeldWedge(wedges, x, y, nr, f.counts[i] / blocks);
      if (arrived[i]) rings.circle(x, y, nr + 1.5);
    }
    return [
      { kind: 'path', ops: discs.ops, fill: COLORS.nodeEmpty },
      { kind: 'path', ops: wedges.ops, fill: COLORS.held },
      {
        kind: 'path',
        ops: rings.ops,
        stroke: COLORS.arrived,
        lineWidth: Math.max(1.5, Math.min(4, nr * 0.25)),
      },
    ];
  }
  // One path per shade (a handful) for every CHUNK nodes.
  const out: Primitive[] = [];
  const side = Math.max(2, nr * 2);
  for (let from = 0; from < n; from += CHUNK) {
    const byColour = new Map<string, PathOps>();
    for (let i = from; i < Math.min(n, from + CHUNK); i++) {
      const [x, y] = placeOf(l, i, n);
      const colour = arrived[i] ? COLORS.arrived : heldShade(f.counts[i] / blocks);
      let p = byColour.get(colour);
      if (!p) byColour.set(colour, (p = new PathOps()));
      p.rect(x - side / 2, y - side / 2, side, side);
    }
    for (const [colour, p] of byColour) out.push({ kind: 'path', ops: p.ops, fill: colour });
  }
  return out;
}

/** Marked links as bands, and magenta rings round the hovered node or else the highlighted ones. */
function marks(f: RingFrame, n: number): Primitive[] {
  const l = f.layout;
  const nr = l.nodeRadius;
  const out: Primitive[] = markedLinkPrimitives(
    f.result.topology,
    f.markedLinks ?? [],
    (i) => placeOf(l, i, n),
    Math.max(6, Math.min(10, nr * 0.5)),
  );
  const marked = f.hovered !== null ? [f.hovered] : (f.highlight ?? []);
  const rings = new PathOps();
  for (const i of marked) if (i >= 0 && i < n) rings.circle(...placeOf(l, i, n), nr + 3);
  if (!rings.empty)
    out.push({
      kind: 'path',
      ops: rings.ops,
      stroke: COLORS.highlight,
      lineWidth: Math.max(2, Math.min(4, nr * 0.3)),
    });
  return out;
}

/** Node numbers, λ numbers on demand, and the caption in the middle where it fits. */
function words(f: RingFrame, n: number): Primitive[] {
  const { layout: l, result, step } = f;
  const s = result.schedule;
  const type = f.type ?? DESK_TYPE;
  const w = result.topology.linkChannels[0] ?? 1;
  // Labels just outside the clockwise lanes, along the radius, clear of nodes and lightpaths.
  const lr = l.r + l.nodeRadius + 6 + l.lanes * l.lane + 12;
  const out: Primitive[] = nodeLabels(
    n,
    (i) => [l.cx + lr * Math.cos(nodeAngle(i, n)), l.cy + lr * Math.sin(nodeAngle(i, n))],
    undefined,
    type,
  );
  // λ numbers: a column over each fibre's lanes between node 0 and node 1, on a halo.
  if (f.laneNumbers?.length) {
    const size = typePx(type, 11);
    const halo = { colour: 'rgba(255,255,255,0.92)', width: 3 };
    for (const m of laneLabels(l, f.laneNumbers, w, size, nodeAngle(0.5, n)))
      out.push(text(m.text, m.x, m.y, size, 700, COLORS.text, { halo }));
  }
  // The caption, where it fits inside the lanes (not on a small ring in lecture type).
  const caption = Math.max(14, Math.min(34, l.r * 0.16));
  const title = stepTitle(step, s.stepCount);
  if (
    estimateTextWidth(title, Math.max(caption, type.min)) <
    2 * (l.r - l.nodeRadius - 6 - l.lanes * l.lane) - 8
  )
    out.push(
      ...centreCaption(
        l.cx,
        l.cy,
        caption,
        title,
        [step === 0 ? `${plural(s.stepCount, 'step')} ahead` : s.phases[s.stepPhase[step - 1]]],
        type,
      ),
    );
  return out;
}

/** Each node's target: its slice of the band round the node circle (as wide as a node, at least 8 px each side). */
export const ringHits = (l: RingLayout, n: number): HitTarget[] =>
  circleNodeHits(l.cx, l.cy, l.r, Math.max(l.nodeRadius, 8), n);

/** The nodes' hit targets as a group that draws nothing. */
export const ringHitGroup = (l: RingLayout, n: number): GroupPrimitive => hitGroup(ringHits(l, n));

/** The ring at the frame's step as primitives, in the layout's coordinates, laid out in parts. */
export function* ringSceneParts(f: RingFrame): Layout {
  const n = f.result.topology.nodeCount;
  const lightpaths = yield* ringLightpaths(f.result, f.step, f.layout, f.hovered);
  return [
    ...laneGuides(f.layout),
    ...lightpaths,
    ...(f.groups ? subsetHalos(f.layout, n, f.groups) : []),
    ...nodes(f, n),
    ...marks(f, n),
    ...words(f, n),
    ringHitGroup(f.layout, n),
  ];
}

/** The ring at the frame's step as primitives, all at once (the export, tests). */
export const ringScene = (f: RingFrame): Primitive[] => finish(ringSceneParts(f));
