import { useEffect, useMemo, useRef, useState } from 'react';
import { stepRange } from '../../../src/kernel/model/schedule';
import { arrivedMask } from '../../../src/kernel/replay/holding-queries';
import { stepCounts } from '../../../src/kernel/replay/step-counts';
import type { RunResult } from '../../../src/result';
import { schemeSet2 } from 'd3';
import { findCard } from '../../../src/cards';
import { COLORS, heldShade, wavelengthColor } from '../../lib/colors';
import { useApp } from '../../store/store';
import { markedAttr, useMarkedLinks } from '../../views/markedLinks';
import { drawRingMarks } from './ringMarks';
import { useSize } from '../../lib/useSize';
import {
  laneLabels,
  laneRadius,
  nodeAngle,
  nodeAt,
  ringLayout,
  type RingLayout,
} from '../../views/ringGeometry';
import {
  DESK_TYPE,
  drawCentreCaption,
  typePx,
  drawNodeLabels,
  stepTitle,
  type TypeScale,
} from '../../views/canvasText';
import { useTypeScale } from '../../lib/typeScale';
import { usePalette } from '../../lib/theme';
import { NodeTooltip } from '../../views/NodeTooltip';
import { usePickedNode } from '../../views/pickedNode';
import type { Drawing } from '../../views/slicedPainter';
import { usePainter } from '../../views/usePainter';
import { addHeldWedge } from '../../views/heldWedge';
import { canDraw, TooSmall } from '../../views/TooSmall';
import { channelsInStep, describeChannels } from '../../views/wavelengthList';
import { useFramePicture } from '../../scene/currentFrame';
import { ringPicture } from './ringPicture';
import { plural } from '../../lib/format';

/**
 * The WDM ring: nodes on a circle (filled in proportion to what they hold), the clockwise fibre's
 * wavelength lanes outside it and the counter-clockwise fibre's inside, and the current step's
 * lightpaths drawn in their lanes, coloured by wavelength. Drawn on a canvas, so a ring of thousands
 * of nodes costs one draw per frame, not thousands of DOM elements.
 */
export function RingView({
  result,
  step,
  compact = false,
  legend = !compact,
}: {
  result: RunResult;
  step: number;
  /** Compare mode: no legend, smaller type. */
  compact?: boolean;
  /** The legend under the picture (by default, when not compact). */
  legend?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const highlight = useApp((st) => st.highlight);
  const markedLinks = useMarkedLinks(result);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { width, height } = useSize(box);
  const [hover, setHover] = useState<{ node: number; x: number; y: number } | null>(null);
  const n = result.topology.nodeCount;
  // The node chosen in the node field: drawn as if hovered.
  const picked = usePickedNode((st) => (st.node !== null && st.node < n ? st.node : null));
  const marked = hover?.node ?? picked;
  const w = result.topology.linkChannels[0] ?? 1;
  const layout = useMemo(() => ringLayout(width, height, n, w), [width, height, n, w]);
  const counts = stepCounts(result.holdings, step).counts;
  const lightpaths = step >= 1 ? stepRange(result.schedule, step) : [0, 0];
  // The subsets change with the phase, not with every step: computed once per phase.
  const phase = step >= 1 && step <= result.schedule.stepCount ? result.schedule.stepPhase[step - 1] : -1;
  const groups = useMemo(() => phaseGroups(result, phase), [result, phase]);
  const inStep = useMemo(() => channelsInStep(result.schedule, step), [result, step]);
  // λ numbers on the lanes, when asked for (the legend's toggle).
  const [laneNumbers, setLaneNumbers] = useState(false);

  // Big rings are drawn over a few tasks (see SlicedPainter); small ones at once.
  const painter = usePainter(canvas);
  const type = useTypeScale();
  // Repaint in the new colours when the theme changes (the drawing reads them from lib/colors).
  const theme = usePalette();
  useEffect(() => {
    if (!canDraw(width, height)) return;
    painter.request(width, height, (ctx) =>
      drawRing(
        ctx,
        result,
        step,
        layout,
        counts,
        marked,
        groups,
        highlight,
        type,
        laneNumbers ? inStep : null,
        markedLinks,
      ),
    );
  }, [
    painter,
    result,
    step,
    layout,
    counts,
    width,
    height,
    marked,
    groups,
    highlight,
    type,
    laneNumbers,
    inStep,
    markedLinks,
    theme,
  ]);
  useFramePicture(
    compact
      ? null
      : ringPicture(result, step, {
          marked,
          highlight,
          markedLinks,
          laneNumbers: laneNumbers ? inStep : null,
        }),
  );

  return (
    <div className="flex h-full min-h-0 w-full flex-col">
      <div
        ref={box}
        className="relative min-h-0 flex-1"
        data-testid="ring-view"
        data-step={step}
        data-lightpaths={lightpaths[1] - lightpaths[0]}
        data-highlighted={highlight?.join(',') ?? ''}
        data-marked-links={markedAttr(markedLinks)}
        data-lane-numbers={laneNumbers ? 1 : 0}
        onMouseMove={(e) => {
          const rect = e.currentTarget.getBoundingClientRect();
          const x = e.clientX - rect.left;
          const y = e.clientY - rect.top;
          const node = nodeAt(layout, n, x, y);
          setHover(node === null ? null : { node, x, y });
          const hl = useApp.getState().highlight;
          if (node === null ? hl !== null : hl?.length !== 1 || hl[0] !== node)
            useApp.getState().setHighlight(node === null ? null : [node]);
        }}
        onMouseLeave={() => {
          setHover(null);
          useApp.getState().setHighlight(null);
        }}
      >
        <canvas
          ref={canvas}
          className={`absolute inset-0 ${canDraw(width, height) ? '' : 'invisible'}`}
          role="img"
          aria-label={ariaLabel(result, step)}
        />
        {!canDraw(width, height) && <TooSmall width={width} height={height} />}
        {/* A corner button rather than a legend line: the legend's room is the picture's. */}
        {!compact && canDraw(width, height) && (
          <button
            type="button"
            className="absolute top-1 right-1 rounded-md border border-slate-300 bg-white/90 px-2 py-0.5 text-sm font-medium text-slate-800 hover:bg-slate-100 aria-pressed:bg-slate-800 aria-pressed:text-white"
            aria-pressed={laneNumbers}
            title="Write the wavelength numbers on the lanes the step uses"
            onClick={() => setLaneNumbers(!laneNumbers)}
            data-testid="lane-numbers"
          >
            λ numbers
          </button>
        )}
        {hover && (
          <NodeTooltip
            result={result}
            step={step}
            node={hover.node}
            x={hover.x}
            y={hover.y}
            flip={hover.x > width - 300}
          />
        )}
      </div>
      {legend && (
        <RingLegend w={w} used={result.summary.channelsUsed} inStep={inStep} groups={groups?.length ?? 0} />
      )}
    </div>
  );
}

function ariaLabel(r: RunResult, step: number): string {
  return `Ring of ${r.topology.nodeCount} nodes at step ${step} of ${r.schedule.stepCount}`;
}

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

/** Swatches the legend shows at most; beyond them it names every wavelength in runs. */
const LEGEND_SWATCHES = 10;

function RingLegend({
  w,
  used,
  inStep,
  groups,
}: {
  w: number;
  used: number;
  inStep: number[];
  groups: number;
}) {
  // Before the first step, the wavelengths the whole schedule uses.
  const all = inStep.length ? inStep : Array.from({ length: used }, (_, i) => i);
  const listed = all.slice(0, LEGEND_SWATCHES);
  return (
    <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 px-2 py-1 text-sm text-slate-700">
      <span>
        outer lanes: <b>clockwise</b> fibre · inner lanes: <b>counter-clockwise</b> fibre
      </span>
      <span className="flex flex-wrap items-center gap-x-2">
        <b>
          wavelengths ({used} of {w} used){inStep.length ? `, ${inStep.length} in this step` : ''}:
        </b>
        {listed.map((ch) => (
          <span key={ch} className="inline-flex items-center gap-1">
            <span className="inline-block h-1.5 w-4 rounded" style={{ background: wavelengthColor(ch, w) }} />
            λ{ch}
          </span>
        ))}
        {all.length > listed.length && (
          <span data-testid="ring-channels">… in all: {describeChannels(all)}</span>
        )}
      </span>
      <span className="inline-flex items-center gap-1">
        <span
          className="inline-block h-3 w-3 rounded-full border-2"
          style={{ borderColor: COLORS.arrived }}
        />{' '}
        received this step
      </span>
      {groups > 0 && (
        <span className="inline-flex items-center gap-1" data-testid="ring-groups">
          <span className="inline-flex">
            {[0, 1, 2].map((i) => (
              <span key={i} className="inline-block h-3 w-2" style={{ background: groupColor(i) }} />
            ))}
          </span>
          {groups} subsets exchanging in this stage
        </span>
      )}
    </div>
  );
}

/** Lightpaths, or nodes, handled between two points where a sliced drawing may pause. */
const CHUNK = 512;
/** Most arcs in one stroke (each stroke is a point where a sliced drawing may pause). */
const ARCS_PER_STROKE = 64;

/**
 * The ring at `step`, drawn in parts: it yields after each batch of strokes and every CHUNK
 * lightpaths or nodes, so a painter can spread a big ring over several tasks. The canvas calls, and
 * so the picture, are the same however it is sliced.
 */
export function* drawRing(
  ctx: CanvasRenderingContext2D,
  result: RunResult,
  step: number,
  l: RingLayout,
  counts: Uint32Array,
  hovered: number | null,
  groups: number[][] | null,
  highlight: number[] | null,
  type: TypeScale = DESK_TYPE,
  /** Write these wavelengths' numbers on their lanes (laneLabels); null: none. */
  laneNumbers: readonly number[] | null = null,
  markedLinks: readonly number[] = [],
): Drawing {
  const n = result.topology.nodeCount;
  const w = result.topology.linkChannels[0] ?? 1;
  const s = result.schedule;
  const blocks = s.blocks.count;

  // Lane guides: one faint circle per lane of each fibre, so the fibre's capacity is visible.
  ctx.lineWidth = 1;
  ctx.strokeStyle = COLORS.fibre;
  const guides = l.lanes <= 16;
  for (const cw of [true, false]) {
    const inner = laneRadius(l, 0, cw) - l.lane / 2;
    const outer = laneRadius(l, l.lanes - 1, cw) + l.lane / 2;
    ctx.fillStyle = cw ? 'rgba(148,163,184,0.10)' : 'rgba(148,163,184,0.16)';
    ctx.beginPath();
    ctx.arc(l.cx, l.cy, Math.max(inner, outer), 0, 2 * Math.PI);
    ctx.arc(l.cx, l.cy, Math.max(1, Math.min(inner, outer)), 0, 2 * Math.PI, true);
    ctx.fill();
    if (guides)
      for (let ch = 0; ch < l.lanes; ch++) {
        ctx.beginPath();
        ctx.arc(l.cx, l.cy, laneRadius(l, ch, cw), 0, 2 * Math.PI);
        ctx.stroke();
      }
  }
  yield;

  // The current step's lightpaths, each in its wavelength's lane, with an arrowhead at the receiver.
  // Drawn as paths of up to ARCS_PER_STROKE arcs per wavelength (and per dimmed/bright state): a few
  // canvas calls per frame however many lightpaths the step has, and no single stroke so long that
  // rasterising it holds up the page (an OpTree stage puts hundreds of arcs on one wavelength). Arcs
  // of one wavelength in one fibre direction never share a link, so a wavelength's strokes do not
  // overlap: splitting them changes only the anti-aliasing of a few pixels (measured on OpTree,
  // N = 1024, step 150: 297 of 266 400 pixels differ by more than 5 of 255 levels).
  if (step >= 1 && s.path.kind === 'ring-arc') {
    const [a, b] = stepRange(s, step);
    const hops = s.path.hops;
    // Keep the arc's ends off the node discs, but never more than a quarter hop at each end (an
    // arc whose ends crossed would wrap round the whole ring).
    const pad = Math.min(0.35, (l.nodeRadius * 0.6) / l.r, Math.PI / (2 * n));
    const lineWidth = Math.max(1.5, Math.min(5, l.lane * 0.75));
    const head = Math.max(3, lineWidth * 1.6);
    // Arrowheads only where an arc is long enough on screen to show one.
    const heads1 = (l.r * 2 * Math.PI) / n > 4 * head;
    // Keyed by channel·2 + dimmed: numbers, not strings, as thousands of arcs are sorted each frame.
    const arcs = new Map<number, { paths: Path2D[]; last: number }>();
    const heads = new Map<number, Path2D>();
    const pathFor = (m: Map<number, Path2D>, key: number) => {
      let p = m.get(key);
      if (!p) m.set(key, (p = new Path2D()));
      return p;
    };
    /** The path the next arc of `key` goes on: a new one every ARCS_PER_STROKE arcs. */
    const arcPathFor = (key: number) => {
      let e = arcs.get(key);
      if (!e) arcs.set(key, (e = { paths: [new Path2D()], last: 0 }));
      else if (e.last === ARCS_PER_STROKE) {
        e.paths.push(new Path2D());
        e.last = 0;
      }
      e.last++;
      return e.paths[e.paths.length - 1];
    };
    for (let t = a; t < b; t++) {
      const h = hops[t];
      const cw = h > 0;
      const ch = s.channel[t];
      const rad = laneRadius(l, ch, cw);
      const a0 = nodeAngle(s.src[t], n) + (cw ? pad : -pad);
      const a1 = nodeAngle(s.src[t] + h, n) - (cw ? pad : -pad);
      const dim = hovered !== null && s.src[t] !== hovered && (((s.src[t] + h) % n) + n) % n !== hovered;
      const key = ch * 2 + (dim ? 1 : 0);
      const p = arcPathFor(key);
      p.moveTo(l.cx + rad * Math.cos(a0), l.cy + rad * Math.sin(a0));
      p.arc(l.cx, l.cy, rad, a0, a1, !cw);
      if (heads1) addArrowhead(pathFor(heads, key), l.cx, l.cy, rad, a1, cw, head);
      if ((t - a) % CHUNK === CHUNK - 1) yield;
    }
    ctx.lineCap = heads1 ? 'round' : 'butt';
    ctx.lineWidth = lineWidth;
    for (const [key, { paths }] of arcs) {
      const [ch, dim] = [key >> 1, key & 1];
      ctx.globalAlpha = dim ? 0.2 : 1;
      ctx.strokeStyle = ctx.fillStyle = wavelengthColor(ch, w);
      for (const p of paths) {
        ctx.stroke(p);
        yield;
      }
      const h = heads.get(key);
      if (h) ctx.fill(h);
    }
    ctx.globalAlpha = 1;
  }

  // Stage subsets: a coloured halo behind each member node (subset colours), so which nodes exchange
  // together in this stage is visible before any lightpath is read.
  // Filled CHUNK halos at a time, so rasterising them never holds one slice up (4,096 of them do).
  if (groups) {
    const halo = Math.max(l.nodeRadius + 3, 4);
    for (let gi = 0; gi < groups.length; gi++) {
      const g = groups[gi];
      ctx.fillStyle = groupColor(gi);
      for (let from = 0; from < g.length; from += CHUNK) {
        ctx.beginPath();
        for (const i of g.slice(from, from + CHUNK)) {
          const ang = nodeAngle(i, n);
          const x = l.cx + l.r * Math.cos(ang);
          const y = l.cy + l.r * Math.sin(ang);
          ctx.moveTo(x + halo, y);
          ctx.arc(x, y, halo, 0, 2 * Math.PI);
        }
        ctx.fill();
        yield;
      }
    }
  }

  // Nodes: a disc filled in proportion to the blocks held; an amber ring where blocks just arrived.
  // Batched into one path per colour. Nodes too small for a pie are squares shaded by the share held.
  const arrived = arrivedMask(result.holdings, step);
  const nr = l.nodeRadius;
  if (nr >= 4) {
    const discs = new Path2D();
    const wedges = new Path2D();
    const rings = new Path2D();
    for (let i = 0; i < n; i++) {
      const ang = nodeAngle(i, n);
      const x = l.cx + l.r * Math.cos(ang);
      const y = l.cy + l.r * Math.sin(ang);
      const frac = counts[i] / blocks;
      discs.moveTo(x + nr, y);
      discs.arc(x, y, nr, 0, 2 * Math.PI);
      addHeldWedge(wedges, x, y, nr, frac);
      if (arrived[i]) {
        rings.moveTo(x + nr + 1.5, y);
        rings.arc(x, y, nr + 1.5, 0, 2 * Math.PI);
      }
      if (i % CHUNK === CHUNK - 1) yield;
    }
    ctx.fillStyle = COLORS.nodeEmpty;
    ctx.fill(discs);
    ctx.fillStyle = COLORS.held;
    ctx.fill(wedges);
    ctx.strokeStyle = COLORS.arrived;
    ctx.lineWidth = Math.max(1.5, Math.min(4, nr * 0.25));
    ctx.stroke(rings);
  } else {
    // One path per shade (a handful) for every CHUNK nodes, not a fill style per node.
    const side = Math.max(2, nr * 2);
    for (let from = 0; from < n; from += CHUNK) {
      const byColour = new Map<string, Path2D>();
      for (let i = from; i < Math.min(n, from + CHUNK); i++) {
        const ang = nodeAngle(i, n);
        const x = l.cx + l.r * Math.cos(ang);
        const y = l.cy + l.r * Math.sin(ang);
        const colour = arrived[i] ? COLORS.arrived : heldShade(counts[i] / blocks);
        let p = byColour.get(colour);
        if (!p) byColour.set(colour, (p = new Path2D()));
        p.rect(x - side / 2, y - side / 2, side, side);
      }
      for (const [colour, p] of byColour) {
        ctx.fillStyle = colour;
        ctx.fill(p);
      }
      yield;
    }
  }
  yield;
  drawRingMarks(ctx, result.topology, l, hovered, highlight, markedLinks);
  // Labels just outside the clockwise lanes, along the radius, clear of nodes and lightpaths.
  const lr = l.r + l.nodeRadius + 6 + l.lanes * l.lane + 12;
  drawNodeLabels(
    ctx,
    n,
    (i) => [l.cx + lr * Math.cos(nodeAngle(i, n)), l.cy + lr * Math.sin(nodeAngle(i, n))],
    undefined,
    type,
  );
  // λ numbers, on demand: a column over each fibre's lanes between node 0 and node 1, on a halo.
  if (laneNumbers?.length) {
    const size = typePx(type, 11);
    ctx.font = `700 ${size}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.lineJoin = 'round';
    ctx.lineWidth = 3;
    ctx.strokeStyle = 'rgba(255,255,255,0.92)';
    ctx.fillStyle = COLORS.text;
    for (const m of laneLabels(l, laneNumbers, w, size, nodeAngle(0.5, n))) {
      ctx.strokeText(m.text, m.x, m.y);
      ctx.fillText(m.text, m.x, m.y);
    }
  }
  // The caption in the middle, where it fits inside the lanes (not on a small ring in lecture type).
  const caption = Math.max(14, Math.min(34, l.r * 0.16));
  const title = stepTitle(step, s.stepCount);
  ctx.font = `700 ${Math.max(caption, type.min)}px system-ui, sans-serif`;
  if (ctx.measureText(title).width < 2 * (l.r - l.nodeRadius - 6 - l.lanes * l.lane) - 8)
    drawCentreCaption(
      ctx,
      l.cx,
      l.cy,
      caption,
      title,
      [step === 0 ? `${plural(s.stepCount, 'step')} ahead` : s.phases[s.stepPhase[step - 1]]],
      type,
    );
}

/** Adds a small triangle at `angle` on the circle of radius r, pointing along the direction of travel. */
function addArrowhead(
  p: Path2D,
  cx: number,
  cy: number,
  r: number,
  angle: number,
  cw: boolean,
  size: number,
): void {
  const x = cx + r * Math.cos(angle);
  const y = cy + r * Math.sin(angle);
  const dir = angle + (cw ? Math.PI / 2 : -Math.PI / 2);
  p.moveTo(x + size * Math.cos(dir), y + size * Math.sin(dir));
  p.lineTo(x + size * 0.8 * Math.cos(dir + 2.2), y + size * 0.8 * Math.sin(dir + 2.2));
  p.lineTo(x + size * 0.8 * Math.cos(dir - 2.2), y + size * 0.8 * Math.sin(dir - 2.2));
  p.closePath();
}
