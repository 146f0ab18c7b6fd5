import { useEffect, useMemo, useRef, useState } from 'react';
import { interpolateTurbo, schemeTableau10 } from 'd3';
import { location } from '../../../src/kernel/replay/holding-queries';
import type { RunResult } from '../../../src/result';
import { circuitStep, reconfigurations, stepTransfers } from './circuitFacts';
import { COLORS } from '../../lib/colors';
import { useApp } from '../../store/store';
import { useSize } from '../../lib/useSize';
import { drawCentreCaption, drawNodeLabels, type TypeScale } from '../../views/canvasText';
import { useTypeScale } from '../../lib/typeScale';
import { usePalette } from '../../lib/theme';
import { nodeAngle, nodeAt, ringLayout, type RingLayout } from '../../views/ringGeometry';
import { canDraw, TooSmall } from '../../views/TooSmall';
import type { Drawing } from '../../views/slicedPainter';
import { usePainter } from '../../views/usePainter';
import { usePickedNode } from '../../views/pickedNode';
import { BAND_LEVELS, bandLevel, laneSegment, laneSizes } from './circuitLanes';
import { loadsOf, transfersInStep, type CircuitLoads } from '../../../src/families/circuit/circuit-bands';
import { useFramePicture } from '../../scene/currentFrame';
import { circuitLegend, circuitPicture } from './circuitPicture';
import { LegendRow } from '../../scene/LegendRow';
import { plural } from '../../lib/format';

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
  // As in the paper's Fig. 1: only the blocks node 0 sends, so the circuits stay visible. A view
  // option, so that a link keeps it (`only0`); a lecture-mode link starts that way.
  const onlyNode0 = useApp((st) => st.config.options.onlyNode0);
  const setOnlyNode0 = (on: boolean) => useApp.getState().setOptions({ onlyNode0: on });
  const n = result.topology.nodeCount;
  const layout = useMemo(() => circuitLayout(width, height, n), [width, height, n]);
  // The node under the pointer, else the one chosen in the node field (no tooltip then: its words
  // are under the view).
  const picked = usePickedNode((st) => (st.node !== null && st.node < n ? st.node : null));
  const hover = useMemo(
    () => pointer ?? (picked === null ? null : { node: picked, x: -1, y: -1 }),
    [pointer, picked],
  );
  const xy = useMemo(() => circuitXY(layout, n), [layout, n]);
  const info = circuitStep(result, step);
  // A dense phase is drawn as bands, one per circuit and direction, from its loads counted in the worker.
  const loads = loadsOf(result.extras, step);
  const focus = hover?.node ?? null;
  const x = useMemo(() => reconfigurations(result), [result]);

  // Drawn in slices like the ring and the star (see SlicedPainter): a 2,187-node phase's circuits
  // and transfers take longer than a frame may.
  const painter = usePainter(canvas);
  const type = useTypeScale();
  // Repaint in the new colours when the theme changes (the drawing reads them from lib/colors).
  const theme = usePalette();
  useEffect(() => {
    if (!canDraw(width, height)) return;
    painter.request(width, height, (ctx) =>
      drawCircuit(ctx, result, step, layout, xy, { hover: focus, onlyNode0, type, loads }),
    );
  }, [painter, result, step, layout, xy, width, height, focus, loads, onlyNode0, type, theme]);
  useFramePicture(compact ? null : circuitPicture(result, step, { hover: focus, onlyNode0, loads }));

  const hovered = pointer && <NodeInfo result={result} step={step} node={pointer.node} />;
  return (
    <div className="relative flex h-full min-h-0 w-full flex-col">
      {/* In compare mode's small panes at the desk the phase strip and the switch sit in the picture's
          corner, where the ring leaves room, so that the picture keeps the pane's height (lecture
          type's node numbers reach into the corners: there they keep their row). */}
      <div
        className={
          compact && type.min === 0
            ? 'absolute left-1 top-0 z-10 flex flex-col items-start'
            : 'flex flex-wrap items-center justify-center gap-3'
        }
      >
        <PhaseStrip x={x} step={step} />
        <label className="flex items-center gap-1 pt-1 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={onlyNode0}
            onChange={(e) => setOnlyNode0(e.target.checked)}
            data-testid="only-node0"
          />
          {/* Short in compare mode's narrow panes, so that the picture keeps its room. */}
          {compact ? 'node 0 only' : 'only node 0’s blocks (as in Fig. 1)'}
        </label>
      </div>
      {/* Not in compare mode's small panes, which have no legend either. */}
      {loads && !compact && (
        <p className="px-2 text-center text-sm text-slate-700" data-testid="circuit-bands">
          {transfersInStep(result.schedule, step).toLocaleString('en-US')} transfers, added up per circuit ·
          busiest: {loads.max.toLocaleString('en-US')} blocks one way ·{' '}
          {onlyNode0 || focus !== null
            ? `node ${onlyNode0 ? 0 : focus}’s own drawn over them`
            : 'hover or pick a node for its own'}
        </p>
      )}
      <div
        ref={box}
        className="relative min-h-0 flex-1"
        data-testid="circuit-view"
        data-step={step}
        data-offset={info.offset}
        data-subrings={info.subrings}
        data-reconfigured={info.reconfigured ? 1 : 0}
        data-drawn={loads ? 'bands' : 'transfers'}
        data-lanes-right={loads?.usedRight ?? ''}
        data-lanes-left={loads?.usedLeft ?? ''}
        data-busiest={loads?.max ?? ''}
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
          aria-label={`Circuit switch with ${n} nodes, phase ${step}: circuits ±${info.offset}${loads ? `; blocks going right on the outer lanes, left on the inner ones, at most ${loads.max} over one circuit` : ''}`}
        />
        {!canDraw(width, height) && <TooSmall width={width} height={height} />}
        {pointer && (
          <div
            className="pointer-events-none absolute z-10 w-max max-w-72 rounded border border-slate-300 bg-white px-2 py-1 text-sm shadow"
            style={{ left: pointer.x + 12, top: pointer.y + 12 }}
          >
            {hovered}
          </div>
        )}
      </div>
      {legend && <LegendRow entries={circuitLegend(result, step)} testId="circuit-legend" />}
    </div>
  );
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
