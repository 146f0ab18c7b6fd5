/**
 * The network-on-chip at a step as primitives (app/scene/primitives.ts): router links, the step's
 * messages, an attempt's clashes, the binding bound's argument, marks, routers, processors, their
 * numbers, the caption, and each processor's hit target. Plain data: the view paints it with the
 * shared painter, the export writes it as SVG, the pointer asks it which processor is under it.
 */
import { nocExtrasOf } from '../../../src/families/noc/noc-picture';
import { pathLinks } from '../../../src/kernel/model/paths';
import { stepRange } from '../../../src/kernel/model/schedule';
import { stepCounts } from '../../../src/kernel/replay/step-counts';
import { COLORS } from '../../lib/colors';
import { stepTitle, typePx, type TypeScale } from '../../views/canvasText';
import type { RunResult } from '../../../src/result';
import type { NocLayout } from './nocLayout';
import { processorLabelSpots, processorNumberPx } from './nocLabels';
import type { SearchAttempt } from '../../../src/kernel/spec';
import { describeClash, faultsIn, type ClashMark } from './nocAttempt';
import { plural } from '../../lib/format';
import { longerRoutes, type LongerRoute } from '../../../src/families/noc/noc-detours';
import { senderColour } from './NocClash';
import { roleOf, ROLE_COLOURS } from './nocRoles';
import { markPrimitives } from '../../views/drawMarkedLinks';
import { nocMarkShapes, nocMarkWidth } from './nocMarks';
import {
  finish,
  PathOps,
  text,
  type GroupPrimitive,
  type Layout,
  type PathPrimitive,
  type Primitive,
} from '../../scene/primitives';
import { estimateTextWidth } from '../../scene/sceneText';

// The binding lower bound's argument (a cut, a router, a processor) and a channel two messages of the
// search's attempt take in one step are drawn in the theme's conflict token (COLORS.conflict).

/** Width of the column an open clash's box takes in lecture mode, px. */
export const CLASH_COLUMN = 336;

/** Right edge of the network's drawing, px: its rightmost router or processor, and a number beside it. */
export function networkRight(l: NocLayout, type: TypeScale): number {
  let right = 0;
  for (let v = 0; v < l.xy.length / 2; v++) right = Math.max(right, l.xy[2 * v]);
  const size = processorNumberPx(type, l.processorRadius);
  const digits = String(Math.max(0, l.processors - 1)).length;
  return (
    right +
    l.processorRadius +
    Math.max(2 * l.processorRadius, l.processorRadius + size * 0.75) +
    size * digits * 0.3
  );
}

/** Room above the network for the step and its caption, in the type scale (0 in compare panes). */
export const nocTop = (type: TypeScale, compact = false) =>
  compact ? 0 : Math.max(56, 14 + typePx(type, 22) + typePx(type, 15));

/** A search's attempt drawn in place of the result, the clash opened, and their marks on the layout. */
export interface NocFrame {
  result: RunResult;
  step: number;
  /** The picture's width (the caption wraps to it). */
  width: number;
  /** nocLayout of the picture's box. */
  layout: NocLayout;
  attempt: SearchAttempt | null;
  picked: number | null;
  marks: ClashMark[];
  detail: ReturnType<typeof describeClash> | null;
  compact: boolean;
  type: TypeScale;
  /** The node picked in Node details or hovered (processor id, or P + router id); null: none. */
  marked: number | null;
  /** Links marked from the link-load view or a verdict (markedLinks.ts). */
  markedLinks?: readonly number[];
}

/** Messages laid out between two points where a layout in parts may pause. */
const MESSAGES_PER_PART = 256;

type Cap = PathPrimitive['lineCap'];

/** A path through vertices `from`, then each link's far end (a message's route), in layout units. */
function routeOps(topo: RunResult['topology'], xy: Float64Array, links: Uint32Array, k: number): PathOps {
  const ops = new PathOps();
  ops.moveTo(xy[2 * topo.linkFrom[links[0]]], xy[2 * topo.linkFrom[links[0]] + 1]);
  for (let j = 0; j < k; j++) ops.lineTo(xy[2 * topo.linkTo[links[j]]], xy[2 * topo.linkTo[links[j]] + 1]);
  return ops;
}

/** A whole circle as a path of its own. */
function circleOps(x: number, y: number, r: number): PathOps {
  const ops = new PathOps();
  ops.circle(x, y, r);
  return ops;
}

/**
 * The network-on-chip at `step` on `layout` (nocLayout of the picture's box) as primitives, laid
 * out in parts (a big step's messages over several tasks).
 */
export function* nocSceneParts(o: NocFrame): Layout {
  const { result, step, width, layout, attempt, picked, marks, detail, compact, type, marked } = o;
  const x = nocExtrasOf(result.extras)!;
  const counts = stepCounts(result.holdings, step).counts;
  const t = new Set(x.senders);
  const rs = new Set(x.receivers);
  const roles = x.procRouter.map((_, p) => roleOf(p, t, rs));
  // What each processor must end with: its share of the destinations (scatter: one per sender).
  const wanted = stepCounts(result.holdings, result.schedule.stepCount).counts;
  const initial = stepCounts(result.holdings, 0).counts;
  const { xy, processors: P, routerRadius: rr, processorRadius: pr } = layout;
  const topo = result.topology;
  // The attempt's schedule has the same network, and fewer steps than the best one.
  const s = attempt?.schedule ?? result.schedule;
  const open = new Set(detail?.messages.map((m) => m.transfer) ?? []);
  const out: Primitive[] = [];
  const at = (v: number) => [xy[2 * v], xy[2 * v + 1]] as const;
  const router = (r: number) => at(P + r);
  // Router links.
  const edges = new PathOps();
  for (const [a, b] of x.edges) {
    edges.moveTo(...router(a));
    edges.lineTo(...router(b));
  }
  out.push({ kind: 'path', ops: edges.ops, stroke: COLORS.fibre, lineWidth: Math.max(1.5, rr / 4) });
  // Lines drawn after the step's messages have round ends, as the messages do.
  let cap: Cap = 'butt';
  // The step's messages, one colour per sender (an open clash's messages bold, the others pale).
  if (step >= 1 && step <= s.stepCount) {
    cap = 'round';
    const [a, b] = stepRange(s, step);
    const links = new Uint32Array(topo.linkCount);
    // Bold: an open clash's messages, else the marked node's (sent, received or passing through).
    const focus = open.size ? null : marked;
    const touches = (tr: number, k: number) => {
      if (focus === null) return false;
      if (s.src[tr] === focus) return true;
      for (let j = 0; j < k; j++) if (topo.linkTo[links[j]] === focus) return true;
      return false;
    };
    const emphasis = open.size > 0 || focus !== null;
    for (const bold of emphasis ? [false, true] : [false])
      for (let tr = a; tr < b; tr++) {
        const k = pathLinks(s, topo, tr, links);
        if ((open.size ? open.has(tr) : touches(tr, k)) !== bold) continue;
        out.push({
          kind: 'path',
          ops: routeOps(topo, xy, links, k).ops,
          stroke: senderColour(s.src[tr], attempt !== null),
          lineWidth: bold ? Math.max(4, rr / 1.8) : Math.max(2, rr / 3),
          alpha: emphasis && !bold ? 0.25 : 1,
          lineCap: cap,
        });
        if ((tr - a) % MESSAGES_PER_PART === MESSAGES_PER_PART - 1) yield;
      }
    out.push(...longerRoutePrimitives(s, topo, xy, longerShown(result, step, attempt), typePx(type, 13)));
  }
  // The attempt's shared channels in this step: red, a little to the right of their direction,
  // with an arrowhead (the two channels of a link are two channels).
  for (const m of marks) {
    const isOpen = m.clash === picked;
    const line = new PathOps();
    line.moveTo(m.x1, m.y1);
    line.lineTo(m.x2, m.y2);
    const style = { kind: 'path', ops: line.ops, lineCap: cap } as const;
    out.push({ ...style, stroke: COLORS.background, lineWidth: Math.max(6, rr / 1.4) + 3 });
    out.push({
      ...style,
      stroke: COLORS.conflict,
      lineWidth: Math.max(isOpen ? 7 : 5, rr / (isOpen ? 1.2 : 1.6)),
      dash: isOpen ? [] : [10, 4],
    });
    out.push(arrowHead(m, Math.max(7, rr / 1.5)));
  }
  // Before the first step: the binding lower bound's argument — a cut's links and one side's
  // routers, or the router or processor it is about — in red.
  const arg = x.bound;
  if (step === 0 && arg && (arg.routers || arg.processor !== undefined)) {
    const side = new Set(arg.routers ?? []);
    const width = Math.max(3, rr / 2.5);
    const cut = new PathOps();
    for (const [a, b] of x.edges)
      if (side.size && side.has(a) !== side.has(b)) {
        cut.moveTo(...router(a));
        cut.lineTo(...router(b));
      }
    out.push({
      kind: 'path',
      ops: cut.ops,
      stroke: COLORS.conflict,
      lineWidth: width,
      dash: [8, 5],
      lineCap: cap,
    });
    // One path each, so that overlapping halos darken as they did.
    for (const r of side)
      out.push({ kind: 'path', ops: circleOps(...router(r), rr * 1.6).ops, fill: 'rgba(220, 38, 38, 0.16)' });
    if (arg.processor !== undefined)
      out.push({
        kind: 'path',
        ops: circleOps(...at(arg.processor), pr * 1.9).ops,
        stroke: COLORS.conflict,
        lineWidth: width,
        lineCap: cap,
      });
  }
  out.push(...markPrimitives(nocMarkShapes(topo, layout, o.markedLinks ?? []), nocMarkWidth(layout)));
  // Routers (numbered while an attempt is drawn: its clashes name them).
  // One path each: a single rectangle is filled as the canvas fills a rectangle (edges alike).
  for (let r = 0; r < x.routers; r++) {
    const square = new PathOps();
    square.rect(router(r)[0] - rr / 2, router(r)[1] - rr / 2, rr, rr);
    out.push({ kind: 'path', ops: square.ops, fill: COLORS.node });
  }
  const routerNumber = Math.max(type.min, Math.min(13, rr * 0.6) * type.factor);
  if (attempt && rr >= 12 && routerNumber <= rr * 0.9)
    for (let r = 0; r < x.routers; r++)
      out.push(text(String(r), ...router(r), routerNumber, 600, COLORS.onNode));
  // Processors: ring by role, fill by progress towards what they must end with (an attempt has
  // no progress to show: it is not a schedule yet).
  for (let p = 0; p < P; p++) {
    const need = wanted[p] - initial[p];
    const got = counts[p] - initial[p];
    out.push({
      kind: 'path',
      ops: circleOps(...at(p), pr).ops,
      fill: attempt
        ? COLORS.background
        : need > 0 && got >= need
          ? ROLE_COLOURS.receiver
          : need > 0 && got > 0
            ? '#93c5fd'
            : COLORS.background,
      stroke: ROLE_COLOURS[roles[p]],
      lineWidth: Math.max(1.5, pr / 3),
      lineCap: cap,
    });
  }
  // The marked node: a magenta ring round its circle (a processor) or square (a router).
  if (marked !== null) {
    const big = marked < P ? pr : rr * 0.75;
    const ring = circleOps(...at(marked), big + Math.max(3, big / 2));
    out.push({ kind: 'path', ops: ring.ops, stroke: COLORS.highlight, lineWidth: 3, lineCap: cap });
  }
  // A broadcast attempt's causality faults in this step: the sender that relays a message it
  // does not hold yet, ringed in red (dashed), its fault told under the view.
  if (attempt)
    for (const f of faultsIn(attempt, step))
      out.push({
        kind: 'path',
        ops: circleOps(...at(f.sender), pr + Math.max(3, pr / 2)).ops,
        stroke: COLORS.conflict,
        lineWidth: 2.5,
        dash: [4, 3],
        lineCap: cap,
      });
  // Processor numbers in the type scale, never under 11 px, wherever they do not run into each
  // other (not for hundreds of processors: the check is pairwise).
  const number = processorNumberPx(type, pr);
  const spots = P <= 256 ? processorLabelSpots(layout, x.procRouter, number) : null;
  if (spots)
    for (let p = 0; p < P; p++)
      out.push(text(String(p), spots[2 * p], spots[2 * p + 1], number, 600, COLORS.text));
  if (!compact) out.push(...caption(result, step, width, o, s, x.name));
  out.push(nocHitGroup(layout));
  return out;
}

/** The network-on-chip at a step as primitives, all at once (tests). */
export const nocScene = (f: NocFrame): Primitive[] => finish(nocSceneParts(f));

/** What the pointer can be over: each processor, a little beyond its circle. */
export function nocHitGroup(l: NocLayout): GroupPrimitive {
  const hits = Array.from({ length: l.processors }, (_, p) => ({
    kind: 'node' as const,
    id: p,
    shape: { kind: 'circle' as const, x: l.xy[2 * p], y: l.xy[2 * p + 1], r: l.processorRadius + 3 },
  }));
  // Tested topmost first: reversed, so that of two overlapping the lower number wins, as before.
  return { kind: 'group', items: [], hits: hits.reverse() };
}

/** The step's title and the line under it, centred at the top. */
function caption(
  result: RunResult,
  step: number,
  width: number,
  o: NocFrame,
  s: RunResult['schedule'],
  name: string,
): Primitive[] {
  const { attempt, marks, type } = o;
  const inStep = step >= 1 && step <= s.stepCount ? stepRange(s, step)[1] - stepRange(s, step)[0] : 0;
  const title = attempt
    ? `${stepTitle(step, s.stepCount)} of the search’s attempt`
    : stepTitle(step, s.stepCount);
  const line = attempt
    ? step > s.stepCount
      ? `the attempt has ${plural(s.stepCount, 'step')}`
      : step < 1
        ? `${plural(attempt.conflicts, 'conflict')} in ${plural(s.stepCount, 'step')}: go to a step to see them`
        : marks.length
          ? `${plural(inStep, 'message')}; in red, ${plural(marks.length, 'channel')} two of them want: click one`
          : `${plural(inStep, 'message')}, no conflict in this step`
    : inStep
      ? `${inStep === 1 ? 'one message' : `${plural(inStep, 'message')} on disjoint channels`}${longerText(longerShown(result, step, attempt))}`
      : `${name}: ${plural(s.stepCount, 'step')} ahead`;
  return [
    fitted(title, width, 4, 700, typePx(type, 22), type.min, COLORS.text),
    fitted(
      line,
      width,
      8 + typePx(type, 22),
      600,
      typePx(type, 15),
      type.min,
      attempt && marks.length ? COLORS.conflict : COLORS.muted,
    ),
  ];
}

/**
 * The step's messages on a longer route than the shortest (none while an attempt is drawn; only
 * where detours are allowed, so that the search for them stays small).
 */
export function longerShown(result: RunResult, step: number, attempt: SearchAttempt | null): LongerRoute[] {
  return attempt || !(Number(result.params.detour) > 0) || result.topology.nodeCount > 1024
    ? []
    : longerRoutes(result.schedule, result.topology, step);
}

/** The caption's words for them: "; 2 on a longer route (dashed)". */
const longerText = (longer: LongerRoute[]) =>
  longer.length ? `; ${longer.length === 1 ? 'one' : longer.length} on a longer route (dashed)` : '';

/** Each longer route dashed over its colour, its extra hops ("+2") at its middle. */
function longerRoutePrimitives(
  s: RunResult['schedule'],
  topo: RunResult['topology'],
  xy: Float64Array,
  longer: LongerRoute[],
  size: number,
): Primitive[] {
  const links = new Uint32Array(topo.linkCount);
  const out: Primitive[] = [];
  for (const { transfer, extra } of longer) {
    const k = pathLinks(s, topo, transfer, links);
    const ops = routeOps(topo, xy, links, k).ops;
    out.push({ kind: 'path', ops, stroke: COLORS.text, lineWidth: 2, dash: [6, 5], lineCap: 'round' });
    const mid = links[Math.floor(k / 2)];
    const [mx, my] = [
      (xy[2 * topo.linkFrom[mid]] + xy[2 * topo.linkTo[mid]]) / 2,
      (xy[2 * topo.linkFrom[mid] + 1] + xy[2 * topo.linkTo[mid] + 1]) / 2,
    ];
    out.push(
      text(`+${extra}`, mx, my, size, 700, COLORS.text, { halo: { colour: COLORS.background, width: 4 } }),
    );
  }
  return out;
}

/**
 * A line of text centred at the top, in a smaller size when it is wider than the picture (never
 * under `min`, the type scale's floor, nor 10 px); widths are estimateTextWidth's, so the picture
 * is the same on screen, in the files and in the tests.
 */
function fitted(
  words: string,
  width: number,
  y: number,
  weight: number,
  size: number,
  min: number,
  fill: string,
) {
  const wide = estimateTextWidth(words, size);
  const fit = wide > width - 8 ? Math.max(min, 10, Math.floor((size * (width - 8)) / wide)) : size;
  return text(words, width / 2, y, fit, weight, fill, { baseline: 'top' });
}

/** An arrowhead at the end of a marked channel, pointing the way it is taken. */
function arrowHead(m: ClashMark, size: number): PathPrimitive {
  const a = Math.atan2(m.y2 - m.y1, m.x2 - m.x1);
  // Short of the end, clear of the router or processor drawn there.
  const [tx, ty] = [m.x1 + (m.x2 - m.x1) * 0.72, m.y1 + (m.y2 - m.y1) * 0.72];
  const ops = new PathOps();
  ops.moveTo(tx + size * Math.cos(a), ty + size * Math.sin(a));
  ops.lineTo(tx + size * Math.cos(a + 2.5), ty + size * Math.sin(a + 2.5));
  ops.lineTo(tx + size * Math.cos(a - 2.5), ty + size * Math.sin(a - 2.5));
  ops.closePath();
  return { kind: 'path', ops: ops.ops, fill: COLORS.conflict };
}
