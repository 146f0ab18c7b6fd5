import { schemeTableau10 } from 'd3';
import { useEffect, useMemo, useRef, useState } from 'react';
import { nocExtrasOf, type NocExtras } from '../../../src/families/noc/noc-picture';
import { pathLinks } from '../../../src/kernel/model/paths';
import { stepRange } from '../../../src/kernel/model/schedule';
import { stepCounts } from '../../../src/kernel/replay/step-counts';
import { COLORS } from '../../lib/colors';
import { useSize } from '../../lib/useSize';
import type { NetworkViewProps } from '../../interconnects';
import { stepTitle } from '../../views/canvasText';
import { GraphView } from '../../views/GraphView';
import type { Drawing } from '../../views/slicedPainter';
import { canDraw, TooSmall } from '../../views/TooSmall';
import { usePainter } from '../../views/usePainter';
import { nocLayout, processorAt } from './nocLayout';
import { rangesText } from '../../../src/kernel/params/schema';
import { useApp } from '../../store/store';

/** The binding lower bound's argument (a cut, a router, a processor). */
const BOUND_COLOUR = '#dc2626';

/** Roles: sender (T), receiver (R), both, neither. */
export const ROLE_COLOURS = { sender: '#ea580c', receiver: '#2563eb', both: '#7c3aed', none: '#94a3b8' };
const roleOf = (p: number, t: Set<number>, r: Set<number>) =>
  t.has(p) ? (r.has(p) ? 'both' : 'sender') : r.has(p) ? 'receiver' : 'none';

/**
 * A network-on-chip: routers (squares) and their links, processors (circles) on their routers, ringed
 * by role (sender, receiver, both) and filled by how many of their messages they hold; the step's
 * messages along their paths, one colour per sender. Without NoC extras (a file), the graph view.
 */
export function NocView(props: NetworkViewProps) {
  const info = nocExtrasOf(props.result.extras);
  return info ? <NocPicture {...props} /> : <GraphView {...props} />;
}

function NocPicture({ result, step, compact = false }: NetworkViewProps) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { width, height } = useSize(box);
  const x = nocExtrasOf(result.extras)!;
  const top = compact ? 0 : 56;
  const layout = useMemo(() => nocLayout(x, width, height, top), [x, width, height, top]);
  const painter = usePainter(canvas);
  const [hover, setHover] = useState<{ p: number; x: number; y: number } | null>(null);
  const counts = stepCounts(result.holdings, step).counts;
  const roles = useMemo(() => {
    const t = new Set(x.senders);
    const r = new Set(x.receivers);
    return x.procRouter.map((_, p) => roleOf(p, t, r));
  }, [x]);
  // What each processor must end with: its share of the destinations (scatter: one per sender).
  const wanted = useMemo(() => stepCounts(result.holdings, result.schedule.stepCount).counts, [result]);
  const initial = useMemo(() => stepCounts(result.holdings, 0).counts, [result]);

  useEffect(() => {
    if (!canDraw(width, height)) return;
    painter.request(width, height, function* (ctx): Drawing {
      const { xy, processors: P, routerRadius: rr, processorRadius: pr } = layout;
      const topo = result.topology;
      const s = result.schedule;
      // Router links.
      ctx.strokeStyle = COLORS.fibre;
      ctx.lineWidth = Math.max(1.5, rr / 4);
      ctx.beginPath();
      for (const [a, b] of x.edges) {
        ctx.moveTo(xy[2 * (P + a)], xy[2 * (P + a) + 1]);
        ctx.lineTo(xy[2 * (P + b)], xy[2 * (P + b) + 1]);
      }
      ctx.stroke();
      // The step's messages, one colour per sender.
      if (step >= 1 && step <= s.stepCount) {
        const [a, b] = stepRange(s, step);
        const links = new Uint32Array(topo.linkCount);
        ctx.lineWidth = Math.max(2, rr / 3);
        ctx.lineCap = 'round';
        for (let t = a; t < b; t++) {
          const k = pathLinks(s, topo, t, links);
          ctx.strokeStyle = schemeTableau10[s.src[t] % 10];
          ctx.beginPath();
          ctx.moveTo(xy[2 * topo.linkFrom[links[0]]], xy[2 * topo.linkFrom[links[0]] + 1]);
          for (let j = 0; j < k; j++)
            ctx.lineTo(xy[2 * topo.linkTo[links[j]]], xy[2 * topo.linkTo[links[j]] + 1]);
          ctx.stroke();
          if ((t - a) % 256 === 255) yield;
        }
      }
      // Before the first step: the binding lower bound's argument — a cut's links and one side's
      // routers, or the router or processor it is about — in red.
      const arg = x.bound;
      if (step === 0 && arg && (arg.routers || arg.processor !== undefined)) {
        const side = new Set(arg.routers ?? []);
        ctx.strokeStyle = BOUND_COLOUR;
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
      // Routers.
      ctx.fillStyle = COLORS.node;
      for (let r = 0; r < x.routers; r++)
        ctx.fillRect(xy[2 * (P + r)] - rr / 2, xy[2 * (P + r) + 1] - rr / 2, rr, rr);
      // Processors: ring by role, fill by progress towards what they must end with.
      for (let p = 0; p < P; p++) {
        const need = wanted[p] - initial[p];
        const got = counts[p] - initial[p];
        ctx.beginPath();
        ctx.arc(xy[2 * p], xy[2 * p + 1], pr, 0, 2 * Math.PI);
        ctx.fillStyle =
          need > 0 && got >= need ? ROLE_COLOURS.receiver : need > 0 && got > 0 ? '#93c5fd' : '#ffffff';
        ctx.fill();
        ctx.lineWidth = Math.max(1.5, pr / 3);
        ctx.strokeStyle = ROLE_COLOURS[roles[p]];
        ctx.stroke();
      }
      if (pr >= 6) {
        ctx.font = `600 ${Math.min(14, pr * 1.1)}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillStyle = COLORS.text;
        for (let p = 0; p < P; p++) {
          const [cx, cy] = [xy[2 * p], xy[2 * p + 1]];
          const [rx, ry] = [xy[2 * (P + x.procRouter[p])], xy[2 * (P + x.procRouter[p]) + 1]];
          const len = Math.hypot(cx - rx, cy - ry) || 1;
          ctx.fillText(String(p), cx + ((cx - rx) / len) * pr * 2, cy + ((cy - ry) / len) * pr * 2);
        }
      }
      if (!compact) {
        ctx.textAlign = 'center';
        ctx.textBaseline = 'top';
        ctx.fillStyle = COLORS.text;
        ctx.font = '700 22px system-ui, sans-serif';
        ctx.fillText(stepTitle(step, s.stepCount), width / 2, 4);
        ctx.font = '600 15px system-ui, sans-serif';
        ctx.fillStyle = COLORS.muted;
        ctx.fillText(
          step >= 1 && step <= s.stepCount
            ? `${stepRange(s, step)[1] - stepRange(s, step)[0]} messages on disjoint channels`
            : `${x.name}: ${s.stepCount} steps ahead`,
          width / 2,
          30,
        );
      }
    });
  }, [painter, layout, result, step, width, height, x, counts, roles, wanted, initial, compact]);

  return (
    <div className="flex h-full min-h-0 w-full flex-col">
      <div
        ref={box}
        className="relative min-h-0 flex-1"
        data-testid="noc-view"
        data-step={step}
        style={{ cursor: hover ? 'pointer' : undefined }}
        onMouseMove={(e) => {
          const rect = e.currentTarget.getBoundingClientRect();
          const [px, py] = [e.clientX - rect.left, e.clientY - rect.top];
          const p = processorAt(layout, px, py);
          setHover(p < 0 ? null : { p, x: px, y: py });
        }}
        onMouseLeave={() => setHover(null)}
        onClick={(e) => {
          const rect = e.currentTarget.getBoundingClientRect();
          const p = processorAt(layout, e.clientX - rect.left, e.clientY - rect.top);
          if (p >= 0) cycleRole(p, x.senders, x.receivers);
        }}
      >
        <canvas
          ref={canvas}
          className={`absolute inset-0 ${canDraw(width, height) ? '' : 'invisible'}`}
          role="img"
          aria-label={`${x.name} with ${x.procRouter.length} processors at step ${step} of ${result.schedule.stepCount}`}
        />
        {!canDraw(width, height) && <TooSmall width={width} height={height} />}
        {hover && (
          <div
            className="pointer-events-none absolute z-10 w-max max-w-72 rounded border border-slate-300 bg-white px-3 py-2 text-sm shadow-lg"
            style={{ left: hover.x + 14, top: hover.y + 14 }}
            data-testid="node-tooltip"
          >
            <div className="font-semibold">
              Processor {hover.p} · router {x.procRouter[hover.p]} · {roleText[roles[hover.p]]}
            </div>
            <div>
              holds {counts[hover.p] - initial[hover.p]} of the {wanted[hover.p] - initial[hover.p]} messages
              it must receive
            </div>
            <div className="text-slate-500">click: sender → receiver → both → neither</div>
          </div>
        )}
      </div>
      {!compact && <NocLegend bound={x.bound} />}
    </div>
  );
}

/**
 * A click on a processor moves it to the next role — none, sender, receiver, both — and makes the
 * communication M-to-N between the sets so changed (the link keeps them as ranges).
 */
function cycleRole(p: number, senders: readonly number[], receivers: readonly number[]) {
  const [t, r] = [new Set(senders), new Set(receivers)];
  const role = t.has(p) ? (r.has(p) ? 3 : 1) : r.has(p) ? 2 : 0;
  const next = (role + 1) % 4;
  const set = (s: Set<number>, on: boolean) => (on ? s.add(p) : s.delete(p));
  set(t, next === 1 || next === 3);
  set(r, next === 2 || next === 3);
  if (!t.size || !r.size) return; // both sets must keep a processor
  const app = useApp.getState();
  const sorted = (s: Set<number>) => rangesText([...s].sort((a, b) => a - b));
  const pattern = String(app.config.params['pattern'] ?? '');
  if (!pattern.startsWith('m')) app.setParam('pattern', pattern.endsWith('b') ? 'mnb' : 'mns');
  app.setParam('senders', sorted(t));
  app.setParam('receivers', sorted(r));
}

const roleText = {
  sender: 'sender (T)',
  receiver: 'receiver (R)',
  both: 'sender and receiver',
  none: 'not in T or R',
};

function NocLegend({ bound }: { bound: NocExtras['bound'] }) {
  const ring = (colour: string) => (
    <span
      className="mr-1 inline-block h-3 w-3 rounded-full border-2 align-middle"
      style={{ borderColor: colour }}
    />
  );
  return (
    <p className="px-2 pb-1 text-sm text-slate-700" data-testid="noc-legend">
      <span className="mr-1 inline-block h-3 w-3 align-middle" style={{ background: COLORS.node }} /> router ·{' '}
      {ring(ROLE_COLOURS.sender)}sender (T) · {ring(ROLE_COLOURS.receiver)}receiver (R) ·{' '}
      {ring(ROLE_COLOURS.both)}both · filled: has all its messages (pale: some) · coloured paths: this step’s
      messages, one colour per sender · click a processor to change its role
      {bound && (
        <span className="block" data-testid="noc-bound" style={{ color: BOUND_COLOUR }}>
          at the start, in red: why no schedule has fewer than {bound.value} steps — {bound.why}
        </span>
      )}
    </p>
  );
}
