import { useEffect, useMemo, useRef, useState } from 'react';
import { interpolateTurbo, schemeTableau10 } from 'd3';
import { location } from '../../../src/kernel/replay/holding-queries';
import type { RunResult } from '../../../src/result';
import { circuitStep, reconfigurations, stepTransfers } from './circuitFacts';
import { COLORS } from '../../lib/colors';
import { useApp } from '../../store/store';
import { useSize } from '../../lib/useSize';
import { drawCentreCaption, drawNodeLabels } from '../../views/canvasText';
import { useTypeScale } from '../../lib/typeScale';
import { nodeAngle, nodeAt, ringLayout } from '../../views/ringGeometry';
import { canDraw, TooSmall } from '../../views/TooSmall';
import type { Drawing } from '../../views/slicedPainter';
import { usePainter } from '../../views/usePainter';
import { usePickedNode } from '../../views/pickedNode';

/** Smallest ring radius (CSS px) with room for the caption in its centre. */
const MIN_CAPTION_RADIUS = 80;

/** Most transfers of a phase drawn one by one; beyond it, one sender's are drawn (see the note). */
export const MAX_TRANSFERS_DRAWN = 4000;
/** Transfers, or nodes, handled between two points where a sliced drawing may pause. */
const CHUNK = 512;

/** Colours of the two directions blocks leave in. */
export const DIRECTION_COLORS = { right: '#ea580c', left: '#2563eb' };

function subringColor(i: number, count: number): string {
  if (count <= 10) return schemeTableau10[[2, 4, 6, 8, 9, 7, 0, 1, 3, 5][i % 10]];
  return interpolateTurbo(0.1 + (0.8 * i) / Math.max(1, count - 1));
}

/**
 * The optical circuit switch: nodes on a circle, the circuits in force in this phase as chords coloured
 * by subring, a strip of phases with a marker on each reconfiguration, and the blocks leaving each node
 * this phase (orange to the right, blue to the left; thicker = more blocks).
 */
export function CircuitView({
  result,
  step,
  compact = false,
  legend = !compact,
}: {
  result: RunResult;
  step: number;
  /** Compare mode: no legend. */
  compact?: boolean;
  /** The legend under the picture (by default, when not compact). */
  legend?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { width, height } = useSize(box);
  const [pointer, setHover] = useState<{ node: number; x: number; y: number } | null>(null);
  // As in the paper's Fig. 1: only the blocks node 0 sends, so the circuits stay visible. Lecture
  // mode (the Fig. 1 scenes) starts that way.
  const [onlyNode0, setOnlyNode0] = useState(() => useApp.getState().config.options.lecture);
  const n = result.topology.nodeCount;
  const layout = useMemo(() => ringLayout(width, height - 8, n, 1), [width, height, n]);
  // The node under the pointer, else the one chosen in the node field (no tooltip then: its words
  // are under the view).
  const picked = usePickedNode((st) => (st.node !== null && st.node < n ? st.node : null));
  const hover = useMemo(
    () => pointer ?? (picked === null ? null : { node: picked, x: -1, y: -1 }),
    [pointer, picked],
  );
  const xy = useMemo(() => {
    const out = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
      const a = nodeAngle(i, n);
      out[2 * i] = layout.cx + layout.r * Math.cos(a);
      out[2 * i + 1] = layout.cy + layout.r * Math.sin(a);
    }
    return out;
  }, [layout, n]);
  const info = circuitStep(result, step);
  const x = useMemo(() => reconfigurations(result), [result]);
  const real = result.realNodes;

  // Drawn in slices like the ring and the star (see SlicedPainter): a 2,187-node phase's circuits
  // and transfers take longer than a frame may.
  const painter = usePainter(canvas);
  const type = useTypeScale();
  useEffect(() => {
    if (!canDraw(width, height)) return;
    painter.request(width, height, function* (ctx): Drawing {
      const l = layout;
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

      // Blocks leaving this phase travel along the circuits of their route, each direction in its own
      // lane on the right-hand side of travel, with an arrowhead where the transfer ends.
      const s = result.schedule;
      if (step >= 1 && s.path.kind === 'link-list') {
        const lane = n > 300 ? 0 : Math.max(1.5, road * 0.45);
        const lines = { right: new Path2D(), left: new Path2D() };
        const faded = { right: new Path2D(), left: new Path2D() };
        const heads = { right: new Path2D(), left: new Path2D() };
        const head = Math.max(4, Math.min(10, nr0 * 0.6));
        const [a0, a1] = [s.stepStart[step - 1], s.stepStart[step]];
        // Tens of thousands of lines take seconds to rasterise and show nothing one can follow: then
        // only one sender's transfers are drawn (the hovered node's, else node 0's).
        const only = onlyNode0 ? 0 : a1 - a0 > MAX_TRANSFERS_DRAWN ? (hover?.node ?? 0) : null;
        // Draw every hop while that stays cheap (a few tens of thousands of segments per frame).
        const perHop = s.path.offsets[a1] - s.path.offsets[a0] <= 20_000;
        for (let t = a0; t < a1; t++) {
          const p0 = s.path.offsets[t];
          const p1 = s.path.offsets[t + 1];
          if ((t - a0) % CHUNK === CHUNK - 1) yield;
          // Skipped first: at 65,280 transfers this loop runs once per frame while playing.
          if (only !== null && s.src[t] !== only) continue;
          const dir = topo.linkKind[s.path.links[p0]] === 0 ? 'right' : 'left';
          const last = topo.linkTo[s.path.links[p1 - 1]];
          const dim = hover !== null && s.src[t] !== hover.node && last !== hover.node;
          const target = (dim ? faded : lines)[dir];
          if (!perHop) {
            // Too many circuit hops to draw one by one: one stroke from sender to receiver.
            const [x0, y0] = pos(s.src[t]);
            const [x1, y1] = pos(last);
            target.moveTo(x0, y0);
            target.lineTo(x1, y1);
            continue;
          }
          for (let k = p0; k < p1; k++) {
            const [x0, y0] = pos(topo.linkFrom[s.path.links[k]]);
            const [x1, y1] = pos(topo.linkTo[s.path.links[k]]);
            const len = Math.hypot(x1 - x0, y1 - y0) || 1;
            const ux = (x1 - x0) / len;
            const uy = (y1 - y0) / len;
            // Right-hand normal of the direction of travel (screen y points down).
            const ox = -uy * lane;
            const oy = ux * lane;
            const trim = Math.min(nr0 + 2, len / 3);
            const ex = x1 - ux * trim + ox;
            const ey = y1 - uy * trim + oy;
            target.moveTo(x0 + ux * trim + ox, y0 + uy * trim + oy);
            target.lineTo(ex, ey);
            if (k === p1 - 1 && !dim && n <= 300) {
              const h = heads[dir];
              h.moveTo(ex + ux * head * 0.3, ey + uy * head * 0.3);
              h.lineTo(ex - ux * head + ox * 0.9, ey - uy * head + oy * 0.9);
              h.lineTo(ex - ux * head - ox * 0.9, ey - uy * head - oy * 0.9);
              h.closePath();
            }
          }
        }
        ctx.lineWidth = n > 300 ? 1 : 2.5;
        for (const dir of ['right', 'left'] as const) {
          ctx.strokeStyle = ctx.fillStyle = DIRECTION_COLORS[dir];
          if (hover) {
            ctx.globalAlpha = 0.15;
            ctx.stroke(faded[dir]);
          }
          ctx.globalAlpha = 1;
          ctx.stroke(lines[dir]);
          ctx.fill(heads[dir]);
          yield;
        }
      }

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
      ctx.fillStyle = '#ffffff';
      ctx.fill(ghosts);
      ctx.setLineDash([3, 3]);
      ctx.strokeStyle = COLORS.muted;
      ctx.lineWidth = 1.5;
      ctx.stroke(ghosts);
      ctx.setLineDash([]);
      yield;
      if (hover) {
        const [hx, hy] = pos(hover.node);
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
      ctx.fillStyle = 'rgba(248,250,252,0.92)';
      ctx.beginPath();
      ctx.arc(l.cx, l.cy, Math.min(l.r * 0.62, big * 3.4), 0, 2 * Math.PI);
      ctx.fill();
      drawCentreCaption(
        ctx,
        l.cx,
        l.cy,
        big,
        step === 0 ? 'Start' : `Phase ${step - 1}`,
        [
          `±${info.offset} · ${info.subrings} subring${info.subrings === 1 ? '' : 's'}`,
          ...(step >= 1 ? [info.reconfigured ? '⟳ rebuilt' : 'circuits kept'] : []),
        ],
        type,
      );
    });
  }, [painter, result, step, layout, xy, info, width, height, hover, n, real, onlyNode0, type]);

  const hovered = pointer && <NodeInfo result={result} step={step} node={pointer.node} />;
  return (
    <div className="flex h-full min-h-0 w-full flex-col">
      <div className="flex flex-wrap items-center justify-center gap-3">
        <PhaseStrip x={x} step={step} />
        <label className="flex items-center gap-1 pt-1 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={onlyNode0}
            onChange={(e) => setOnlyNode0(e.target.checked)}
            data-testid="only-node0"
          />
          only node 0’s blocks (as in Fig. 1)
        </label>
      </div>
      <div
        ref={box}
        className="relative min-h-0 flex-1"
        data-testid="circuit-view"
        data-step={step}
        data-offset={info.offset}
        data-subrings={info.subrings}
        data-reconfigured={info.reconfigured ? 1 : 0}
        onMouseMove={(e) => {
          const rect = e.currentTarget.getBoundingClientRect();
          const node = nodeAt(layout, n, e.clientX - rect.left, e.clientY - rect.top);
          setHover(node === null ? null : { node, x: e.clientX - rect.left, y: e.clientY - rect.top });
        }}
        onMouseLeave={() => setHover(null)}
      >
        <canvas
          ref={canvas}
          className={`absolute inset-0 ${canDraw(width, height) ? '' : 'invisible'}`}
          role="img"
          aria-label={`Circuit switch with ${n} nodes, phase ${step}: circuits ±${info.offset}`}
        />
        {!canDraw(width, height) && <TooSmall width={width} height={height} />}
        {!onlyNode0 && stepCount(result, step) > MAX_TRANSFERS_DRAWN && (
          <p
            className="pointer-events-none absolute top-1 left-2 max-w-[60%] rounded bg-white/85 px-2 py-1 text-sm text-slate-700"
            data-testid="circuit-sampled"
          >
            {stepCount(result, step).toLocaleString('en-US')} transfers in this phase: drawing node{' '}
            {hover?.node ?? 0}’s. Hover a node to see its transfers.
          </p>
        )}
        {pointer && (
          <div
            className="pointer-events-none absolute z-10 w-max max-w-72 rounded border border-slate-300 bg-white px-2 py-1 text-sm shadow"
            style={{ left: pointer.x + 12, top: pointer.y + 12 }}
          >
            {hovered}
          </div>
        )}
      </div>
      {legend && (
        <div className="flex flex-wrap justify-center gap-x-4 px-2 py-1 text-sm text-slate-700">
          <span>
            lines: circuits in force, <b>coloured by subring</b>
          </span>
          {/* The colour on a swatch, the words in the legend's own (readable) colour. */}
          <span className="inline-flex items-center gap-1">
            <span
              className="inline-block h-3 w-3 rounded-sm"
              style={{ background: DIRECTION_COLORS.right }}
            />
            blocks sent right (+)
          </span>
          <span className="inline-flex items-center gap-1">
            <span className="inline-block h-3 w-3 rounded-sm" style={{ background: DIRECTION_COLORS.left }} />
            blocks sent left (−)
          </span>
          {real < n && <span>dashed: ghost nodes (padding to {n})</span>}
        </div>
      )}
    </div>
  );
}

/** One box per phase; ⟳ marks a reconfiguration before it; the current phase is highlighted. */
function PhaseStrip({ x, step }: { x: boolean[]; step: number }) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-1 px-2 pt-1" data-testid="phase-strip">
      {x.map((rebuilt, k) => (
        <span
          key={k}
          className={`rounded px-2 py-0.5 text-sm font-semibold ${step - 1 === k ? 'bg-slate-800 text-white' : 'bg-slate-100 text-slate-700'}`}
          data-reconfigured={rebuilt ? 1 : 0}
        >
          {rebuilt && <span title="reconfigured before this phase">⟳ </span>}P{k}
        </span>
      ))}
    </div>
  );
}

function NodeInfo({ result, step, node }: { result: RunResult; step: number; node: number }) {
  const { title, lines } = useMemo(() => circuitFacts(result, step, node), [result, step, node]);
  return (
    <>
      <b>{title}</b>
      {lines.map((l, i) => (
        <div key={i}>{l}</div>
      ))}
    </>
  );
}

/** What a node holds after the phase and sends in it, as a title and lines of text. */
export function circuitFacts(
  result: RunResult,
  step: number,
  node: number,
): { title: string; lines: string[] } {
  // Counting needs a pass over every block: only where that stays quick while the mouse moves.
  let here: number | null = null;
  if (result.schedule.blocks.count <= 1_000_000) {
    here = 0;
    for (let b = 0; b < result.schedule.blocks.count; b++)
      if (location(result.holdings, b, step) === node) here++;
  }
  const title = `Node ${node}${node >= result.realNodes ? ' (ghost)' : ''}`;
  const lines = here !== null ? [`${here} blocks here after this phase`] : [];
  for (const t of stepTransfers(result, step).filter((x) => x.src === node))
    lines.push(`sends ${t.blocks} ${t.right ? 'right' : 'left'} to node ${t.dst}`);
  return { title, lines };
}

/** Transfers in the phase shown at `step` (none before the first). */
function stepCount(result: RunResult, step: number): number {
  const s = result.schedule;
  return step >= 1 && step <= s.stepCount ? s.stepStart[step] - s.stepStart[step - 1] : 0;
}
