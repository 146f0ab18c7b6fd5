import { nocExtrasOf } from '../../../src/families/noc/noc-picture';
import { pathLinks } from '../../../src/kernel/model/paths';
import { stepRange } from '../../../src/kernel/model/schedule';
import { stepCounts } from '../../../src/kernel/replay/step-counts';
import { COLORS } from '../../lib/colors';
import { stepTitle, typePx, type TypeScale } from '../../views/canvasText';
import type { RunResult } from '../../../src/result';
import type { Drawing } from '../../views/slicedPainter';
import type { NocLayout } from './nocLayout';
import { processorLabelSpots, processorNumberPx } from './nocLabels';
import type { SearchAttempt } from '../../../src/kernel/spec';
import { describeClash, faultsIn, type ClashMark } from './nocAttempt';
import { plural } from '../../lib/format';
import { longerRoutes, type LongerRoute } from '../../../src/families/noc/noc-detours';
import { senderColour } from './NocClash';
import { roleOf, ROLE_COLOURS } from './nocRoles';
import { drawMarkShapes } from '../../views/drawMarkedLinks';
import { nocMarkShapes, nocMarkWidth } from './nocMarks';

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

/**
 * The network-on-chip at `step` on `layout` (nocLayout of the picture's box), drawn in parts: router
 * links, the step's messages, an attempt's clashes, the binding bound's argument, routers,
 * processors, their numbers and the caption.
 */
export function* drawNoc(
  ctx: CanvasRenderingContext2D,
  result: RunResult,
  step: number,
  width: number,
  layout: NocLayout,
  o: NocFrame,
): Drawing {
  const { attempt, picked, marks, detail, compact, type, marked } = o;
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
  // Router links.
  ctx.strokeStyle = COLORS.fibre;
  ctx.lineWidth = Math.max(1.5, rr / 4);
  ctx.beginPath();
  for (const [a, b] of x.edges) {
    ctx.moveTo(xy[2 * (P + a)], xy[2 * (P + a) + 1]);
    ctx.lineTo(xy[2 * (P + b)], xy[2 * (P + b) + 1]);
  }
  ctx.stroke();
  // The step's messages, one colour per sender (an open clash's messages bold, the others pale).
  if (step >= 1 && step <= s.stepCount) {
    const [a, b] = stepRange(s, step);
    const links = new Uint32Array(topo.linkCount);
    ctx.lineCap = 'round';
    // Bold: an open clash's messages, else the marked node's (sent, received or passing through).
    const focus = open.size ? null : marked;
    const touches = (t: number, k: number) => {
      if (focus === null) return false;
      if (s.src[t] === focus) return true;
      for (let j = 0; j < k; j++) if (topo.linkTo[links[j]] === focus) return true;
      return false;
    };
    const emphasis = open.size > 0 || focus !== null;
    for (const bold of emphasis ? [false, true] : [false])
      for (let t = a; t < b; t++) {
        const k = pathLinks(s, topo, t, links);
        if ((open.size ? open.has(t) : touches(t, k)) !== bold) continue;
        ctx.lineWidth = bold ? Math.max(4, rr / 1.8) : Math.max(2, rr / 3);
        ctx.globalAlpha = emphasis && !bold ? 0.25 : 1;
        ctx.strokeStyle = senderColour(s.src[t], attempt !== null);
        ctx.beginPath();
        ctx.moveTo(xy[2 * topo.linkFrom[links[0]]], xy[2 * topo.linkFrom[links[0]] + 1]);
        for (let j = 0; j < k; j++)
          ctx.lineTo(xy[2 * topo.linkTo[links[j]]], xy[2 * topo.linkTo[links[j]] + 1]);
        ctx.stroke();
        if ((t - a) % 256 === 255) yield;
      }
    ctx.globalAlpha = 1;
    drawLongerRoutes(ctx, s, topo, xy, longerShown(result, step, attempt), typePx(type, 13));
  }
  // The attempt's shared channels in this step: red, a little to the right of their direction,
  // with an arrowhead (the two channels of a link are two channels).
  for (const m of marks) {
    const isOpen = m.clash === picked;
    ctx.strokeStyle = COLORS.background;
    ctx.lineWidth = Math.max(6, rr / 1.4) + 3;
    ctx.beginPath();
    ctx.moveTo(m.x1, m.y1);
    ctx.lineTo(m.x2, m.y2);
    ctx.stroke();
    ctx.strokeStyle = COLORS.conflict;
    ctx.lineWidth = Math.max(isOpen ? 7 : 5, rr / (isOpen ? 1.2 : 1.6));
    ctx.setLineDash(isOpen ? [] : [10, 4]);
    ctx.stroke();
    ctx.setLineDash([]);
    drawArrowHead(ctx, m, Math.max(7, rr / 1.5));
  }
  // Before the first step: the binding lower bound's argument — a cut's links and one side's
  // routers, or the router or processor it is about — in red.
  const arg = x.bound;
  if (step === 0 && arg && (arg.routers || arg.processor !== undefined)) {
    const side = new Set(arg.routers ?? []);
    ctx.strokeStyle = COLORS.conflict;
    ctx.lineWidth = Math.max(3, rr / 2.5);
    ctx.setLineDash([8, 5]);
    ctx.beginPath();
    for (const [a, b] of x.edges)
      if (side.size && side.has(a) !== side.has(b)) {
        ctx.moveTo(xy[2 * (P + a)], xy[2 * (P + a) + 1]);
        ctx.lineTo(xy[2 * (P + b)], xy[2 * (P + b) + 1]);
      }
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = 'rgba(220, 38, 38, 0.16)';
    for (const r of side) {
      ctx.beginPath();
      ctx.arc(xy[2 * (P + r)], xy[2 * (P + r) + 1], rr * 1.6, 0, 2 * Math.PI);
      ctx.fill();
    }
    if (arg.processor !== undefined) {
      ctx.beginPath();
      ctx.arc(xy[2 * arg.processor], xy[2 * arg.processor + 1], pr * 1.9, 0, 2 * Math.PI);
      ctx.stroke();
    }
  }
  drawMarkShapes(ctx, nocMarkShapes(topo, layout, o.markedLinks ?? []), nocMarkWidth(layout));
  // Routers (numbered while an attempt is drawn: its clashes name them).
  ctx.fillStyle = COLORS.node;
  for (let r = 0; r < x.routers; r++)
    ctx.fillRect(xy[2 * (P + r)] - rr / 2, xy[2 * (P + r) + 1] - rr / 2, rr, rr);
  const routerNumber = Math.max(type.min, Math.min(13, rr * 0.6) * type.factor);
  if (attempt && rr >= 12 && routerNumber <= rr * 0.9) {
    ctx.fillStyle = COLORS.onNode;
    ctx.font = `600 ${routerNumber}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let r = 0; r < x.routers; r++) ctx.fillText(String(r), xy[2 * (P + r)], xy[2 * (P + r) + 1]);
  }
  // Processors: ring by role, fill by progress towards what they must end with (an attempt has
  // no progress to show: it is not a schedule yet).
  for (let p = 0; p < P; p++) {
    const need = wanted[p] - initial[p];
    const got = counts[p] - initial[p];
    ctx.beginPath();
    ctx.arc(xy[2 * p], xy[2 * p + 1], pr, 0, 2 * Math.PI);
    ctx.fillStyle = attempt
      ? COLORS.background
      : need > 0 && got >= need
        ? ROLE_COLOURS.receiver
        : need > 0 && got > 0
          ? '#93c5fd'
          : COLORS.background;
    ctx.fill();
    ctx.lineWidth = Math.max(1.5, pr / 3);
    ctx.strokeStyle = ROLE_COLOURS[roles[p]];
    ctx.stroke();
  }
  // The marked node: a magenta ring round its circle (a processor) or square (a router).
  if (marked !== null) {
    const big = marked < P ? pr : rr * 0.75;
    ctx.beginPath();
    ctx.arc(xy[2 * marked], xy[2 * marked + 1], big + Math.max(3, big / 2), 0, 2 * Math.PI);
    ctx.lineWidth = 3;
    ctx.strokeStyle = COLORS.highlight;
    ctx.stroke();
  }
  // A broadcast attempt's causality faults in this step: the sender that relays a message it
  // does not hold yet, ringed in red (dashed), its fault told under the view.
  if (attempt)
    for (const f of faultsIn(attempt, step)) {
      ctx.beginPath();
      ctx.arc(xy[2 * f.sender], xy[2 * f.sender + 1], pr + Math.max(3, pr / 2), 0, 2 * Math.PI);
      ctx.setLineDash([4, 3]);
      ctx.lineWidth = 2.5;
      ctx.strokeStyle = COLORS.conflict;
      ctx.stroke();
      ctx.setLineDash([]);
    }
  // Processor numbers in the type scale, never under 11 px, wherever they do not run into each
  // other (not for hundreds of processors: the check is pairwise).
  const number = processorNumberPx(type, pr);
  const spots = P <= 256 ? processorLabelSpots(layout, x.procRouter, number) : null;
  if (spots) {
    ctx.font = `600 ${number}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = COLORS.text;
    for (let p = 0; p < P; p++) ctx.fillText(String(p), spots[2 * p], spots[2 * p + 1]);
  }
  if (!compact) {
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.fillStyle = COLORS.text;
    fitText(
      ctx,
      attempt ? `${stepTitle(step, s.stepCount)} of the search’s attempt` : stepTitle(step, s.stepCount),
      width,
      4,
      700,
      typePx(type, 22),
      type.min,
    );
    ctx.fillStyle = attempt && marks.length ? COLORS.conflict : COLORS.muted;
    const inStep = step >= 1 && step <= s.stepCount ? stepRange(s, step)[1] - stepRange(s, step)[0] : 0;
    fitText(
      ctx,
      attempt
        ? step > s.stepCount
          ? `the attempt has ${plural(s.stepCount, 'step')}`
          : step < 1
            ? `${plural(attempt.conflicts, 'conflict')} in ${plural(s.stepCount, 'step')}: go to a step to see them`
            : marks.length
              ? `${plural(inStep, 'message')}; in red, ${plural(marks.length, 'channel')} two of them want: click one`
              : `${plural(inStep, 'message')}, no conflict in this step`
        : inStep
          ? `${inStep === 1 ? 'one message' : `${plural(inStep, 'message')} on disjoint channels`}${longerText(longerShown(result, step, attempt))}`
          : `${x.name}: ${plural(s.stepCount, 'step')} ahead`,
      width,
      8 + typePx(type, 22),
      600,
      typePx(type, 15),
      type.min,
    );
  }
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
function drawLongerRoutes(
  ctx: CanvasRenderingContext2D,
  s: RunResult['schedule'],
  topo: RunResult['topology'],
  xy: Float64Array,
  longer: LongerRoute[],
  size: number,
) {
  const links = new Uint32Array(topo.linkCount);
  for (const { transfer, extra } of longer) {
    const k = pathLinks(s, topo, transfer, links);
    ctx.setLineDash([6, 5]);
    ctx.lineWidth = 2;
    ctx.strokeStyle = COLORS.text;
    ctx.beginPath();
    ctx.moveTo(xy[2 * topo.linkFrom[links[0]]], xy[2 * topo.linkFrom[links[0]] + 1]);
    for (let j = 0; j < k; j++) ctx.lineTo(xy[2 * topo.linkTo[links[j]]], xy[2 * topo.linkTo[links[j]] + 1]);
    ctx.stroke();
    ctx.setLineDash([]);
    const mid = links[Math.floor(k / 2)];
    const [mx, my] = [
      (xy[2 * topo.linkFrom[mid]] + xy[2 * topo.linkTo[mid]]) / 2,
      (xy[2 * topo.linkFrom[mid] + 1] + xy[2 * topo.linkTo[mid] + 1]) / 2,
    ];
    ctx.font = `700 ${size}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.lineWidth = 4;
    ctx.strokeStyle = COLORS.background;
    ctx.strokeText(`+${extra}`, mx, my);
    ctx.fillStyle = COLORS.text;
    ctx.fillText(`+${extra}`, mx, my);
  }
}

/** A line of text centred at the top, in a smaller font when it is wider than the picture. */
function fitText(
  ctx: CanvasRenderingContext2D,
  text: string,
  width: number,
  y: number,
  weight: number,
  size: number,
  /** Smallest size it may shrink to (the type scale's floor, at least 10 px). */
  min = 10,
) {
  ctx.font = `${weight} ${size}px system-ui, sans-serif`;
  const wide = ctx.measureText(text).width;
  if (wide > width - 8)
    ctx.font = `${weight} ${Math.max(min, 10, Math.floor((size * (width - 8)) / wide))}px system-ui, sans-serif`;
  ctx.fillText(text, width / 2, y);
}

/** An arrowhead at the end of a marked channel, pointing the way it is taken. */
function drawArrowHead(ctx: CanvasRenderingContext2D, m: ClashMark, size: number) {
  const a = Math.atan2(m.y2 - m.y1, m.x2 - m.x1);
  // Short of the end, clear of the router or processor drawn there.
  const [tx, ty] = [m.x1 + (m.x2 - m.x1) * 0.72, m.y1 + (m.y2 - m.y1) * 0.72];
  ctx.fillStyle = COLORS.conflict;
  ctx.beginPath();
  ctx.moveTo(tx + size * Math.cos(a), ty + size * Math.sin(a));
  ctx.lineTo(tx + size * Math.cos(a + 2.5), ty + size * Math.sin(a + 2.5));
  ctx.lineTo(tx + size * Math.cos(a - 2.5), ty + size * Math.sin(a - 2.5));
  ctx.closePath();
  ctx.fill();
}
