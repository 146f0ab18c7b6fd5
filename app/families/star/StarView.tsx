import { useEffect, useMemo, useRef } from 'react';
import { num } from '../../../src/kernel/params/schema';
import type { StarTunings } from '../../../src/families/star/star-cost';
import { stepRange } from '../../../src/kernel/model/schedule';
import { heldCounts } from '../../../src/kernel/replay/holding-queries';
import type { RunResult } from '../../../src/run';
import { COLORS, heldShade, wavelengthColor } from '../../lib/colors';
import { useSize } from '../../lib/useSize';
import { NodeTooltip } from '../../views/NodeTooltip';
import { drawCentreCaption, drawNodeLabels, stepTitle } from '../../views/canvasText';
import { useStarHover } from './starHover';
import { tuningsOf } from './starTunings';
import type { Drawing } from '../../views/slicedPainter';
import { usePainter } from '../../views/usePainter';
import { addHeldWedge } from '../../views/heldWedge';
import { canDraw, TooSmall } from '../../views/TooSmall';

/** Above this many line segments in a step, transmissions are drawn as stubs at their nodes. */
const STUB_ABOVE = 4000;

/** Most distinct colours one step gets; beyond that, wavelengths share colour buckets. */
const MAX_STEP_COLOURS = 48;

/**
 * The passive star: the coupler in the centre, processors around it. In each step every transmission
 * is drawn from its sender into the coupler and out to each of its receivers in the colour of its
 * wavelength; nodes that retuned a receiver (or transmitter) in the step get a magenta ring, dummy
 * processors of a padded machine are drawn as dashed ghosts, and each disc fills as the node gets
 * what it will finally hold.
 */
export function StarView({
  result,
  step,
  compact = false,
}: {
  result: RunResult;
  step: number;
  /** Compare mode: the tuning count without the colour legend. */
  compact?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { width, height } = useSize(box);
  const hovered = useStarHover((s) => s.node);
  const setHovered = useStarHover((s) => s.set);
  const n = result.topology.nodeCount;
  const real = result.realNodes;
  const k = num(result.params, 'wavelengths-per-node');
  const layout = useMemo(() => starLayout(width, height, n), [width, height, n]);
  const geometry = useMemo(() => starGeometry(layout, n), [layout, n]);
  const tunings = useMemo(() => tuningsOf(result.schedule, k), [result, k]);
  const finalCounts = useMemo(() => heldCounts(result.holdings, result.schedule.stepCount), [result]);
  const counts = useMemo(() => heldCounts(result.holdings, step), [result, step]);
  const colours = useMemo(() => stepColours(result, step), [result, step]);
  const [a, b] = step >= 1 ? stepRange(result.schedule, step) : [0, 0];
  const retunedHere = step >= 1 ? tunings.retunedStart[step] - tunings.retunedStart[step - 1] : 0;
  let tuningsSoFar = 0;
  for (let i = 0; i < step; i++) tuningsSoFar += tunings.rx[i] + tunings.tx[i];
  const tuningsHere = step >= 1 ? tunings.rx[step - 1] + tunings.tx[step - 1] : 0;

  // Big stars are drawn over a few tasks (see SlicedPainter); small ones at once.
  const painter = usePainter(canvas);
  useEffect(() => {
    if (!canDraw(width, height)) return;
    painter.request(width, height, (ctx) =>
      drawStar(ctx, result, step, layout, { counts, finalCounts, colours, tunings, real, hovered, geometry }),
    );
  }, [
    painter,
    result,
    step,
    layout,
    geometry,
    counts,
    finalCounts,
    colours,
    tunings,
    real,
    hovered,
    width,
    height,
  ]);

  return (
    <div className="flex h-full min-h-0 w-full flex-col">
      <div
        ref={box}
        className="relative min-h-0 flex-1"
        data-testid="star-view"
        data-step={step}
        data-transmissions={b - a}
        data-retuned={retunedHere}
        data-ghosts={n - real}
        onMouseMove={(e) => {
          const rect = e.currentTarget.getBoundingClientRect();
          const node = nodeAt(layout, n, e.clientX - rect.left, e.clientY - rect.top);
          if (node !== hovered) setHovered(node);
        }}
        onMouseLeave={() => setHovered(null)}
      >
        <canvas
          ref={canvas}
          className={`absolute inset-0 ${canDraw(width, height) ? '' : 'invisible'}`}
          role="img"
          aria-label={`Passive star of ${n} processors at step ${step} of ${result.schedule.stepCount}`}
        />
        {!canDraw(width, height) && <TooSmall width={width} height={height} />}
        {hovered !== null && hovered < n && (
          <HoverTip result={result} step={step} node={hovered} layout={layout} width={width} />
        )}
      </div>
      <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 px-2 py-1 text-sm text-slate-700">
        <span data-testid="star-tunings">
          tunings this step: <b className="tabular-nums">{tuningsHere}</b> · so far:{' '}
          <b className="tabular-nums">{tuningsSoFar}</b>
        </span>
        {!compact && (
          <>
            <span className="inline-flex items-center gap-1">
              <span
                className="inline-block h-3 w-3 rounded-full border-2"
                style={{ borderColor: COLORS.highlight }}
              />
              retuned this step
            </span>
            <span className="inline-flex items-center gap-1">
              <span className="inline-block h-3 w-3 rounded-full border-2 border-amber-500" /> received
            </span>
            {n > real && (
              <span className="inline-flex items-center gap-1">
                <span className="inline-block h-3 w-3 rounded-full border-2 border-dashed border-slate-400" />
                dummy ({n - real})
              </span>
            )}
            {colours.count > LEGEND_SHOWN ? (
              // Many wavelengths: neighbours in the palette look alike, so one strip shows its whole range.
              <span className="inline-flex items-center gap-1" data-testid="star-legend-range">
                λ{colours.first}
                <span
                  className="inline-block h-1.5 w-24 rounded"
                  style={{ background: `linear-gradient(to right, ${colours.strip.join(', ')})` }}
                />
                λ{colours.last} ({colours.count.toLocaleString('en-US')} wavelengths)
              </span>
            ) : (
              <span className="flex flex-wrap items-center gap-x-2">
                {colours.legend.map(([w, colour]) => (
                  <span key={w} className="inline-flex items-center gap-1">
                    <span className="inline-block h-1.5 w-4 rounded" style={{ background: colour }} />λ{w}
                  </span>
                ))}
              </span>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function HoverTip({
  result,
  step,
  node,
  layout,
  width,
}: {
  result: RunResult;
  step: number;
  node: number;
  layout: StarLayout;
  width: number;
}) {
  const [x, y] = nodeXY(layout, node, result.topology.nodeCount);
  return <NodeTooltip result={result} step={step} node={node} x={x} y={y} flip={x > width - 300} />;
}

export interface StarLayout {
  cx: number;
  cy: number;
  /** Radius of the processors' circle. */
  r: number;
  /** Radius of the coupler disc. */
  coupler: number;
  nodeRadius: number;
}

export function starLayout(width: number, height: number, n: number): StarLayout {
  const labels = n <= 64 ? 26 : 8;
  const r = Math.max(40, Math.min(width, height) / 2 - labels - 16);
  const nodeRadius = Math.max(1.2, Math.min(20, ((Math.PI * r) / n) * 0.8));
  return { cx: width / 2, cy: height / 2, r, coupler: Math.max(30, r * 0.27), nodeRadius };
}

function nodeXY(l: StarLayout, i: number, n: number): [number, number] {
  const ang = -Math.PI / 2 + (2 * Math.PI * i) / n;
  return [l.cx + l.r * Math.cos(ang), l.cy + l.r * Math.sin(ang)];
}

/** The processor under (x, y), if any. */
function nodeAt(l: StarLayout, n: number, x: number, y: number): number | null {
  const dx = x - l.cx;
  const dy = y - l.cy;
  const d = Math.hypot(dx, dy);
  if (Math.abs(d - l.r) > Math.max(8, l.nodeRadius + 4)) return null;
  let ang = Math.atan2(dy, dx) + Math.PI / 2;
  if (ang < 0) ang += 2 * Math.PI;
  return Math.round((ang / (2 * Math.PI)) * n) % n;
}

/** Where each node sits, and where its lines toward the centre end (computed once per layout). */
export interface StarGeometry {
  xy: Float64Array;
  /** Where a line from the node meets the coupler's rim. */
  rimEnds: Float64Array;
  /**
   * Where a short stub just inside the node ends: used when a step has too many lines to draw whole
   * (software rasterising 30 000 long lines takes hundreds of ms); stubs keep the wavelength colours.
   */
  stubEnds: Float64Array;
}

export function starGeometry(l: StarLayout, n: number): StarGeometry {
  const xy = new Float64Array(2 * n);
  const rimEnds = new Float64Array(2 * n);
  const stubEnds = new Float64Array(2 * n);
  const stub = Math.max(10, l.r * 0.12);
  for (let i = 0; i < n; i++) {
    const [x, y] = nodeXY(l, i, n);
    xy[2 * i] = x;
    xy[2 * i + 1] = y;
    const dx = x - l.cx;
    const dy = y - l.cy;
    const d = Math.hypot(dx, dy) || 1;
    rimEnds[2 * i] = l.cx + (dx / d) * l.coupler;
    rimEnds[2 * i + 1] = l.cy + (dy / d) * l.coupler;
    stubEnds[2 * i] = x - (dx / d) * stub;
    stubEnds[2 * i + 1] = y - (dy / d) * stub;
  }
  return { xy, rimEnds, stubEnds };
}

interface StepColours {
  /** Colour of each wavelength used in the step (undefined for the others). */
  of: { get(w: number): string | undefined };
  /** The first LEGEND_SHOWN (wavelength, colour) pairs in wavelength order, for the legend. */
  legend: [number, string][];
  /** How many wavelengths the step uses, the lowest and the highest. */
  count: number;
  first: number;
  last: number;
  /** Colours sampled evenly over the step's palette, lowest wavelength first (the legend's strip). */
  strip: string[];
}

/** Wavelengths named in the legend. */
const LEGEND_SHOWN = 8;

/**
 * Distinct colours for the wavelengths of one step (ranked, so a step's few wavelengths never look
 * alike). A gossip step on 4096 processors uses 28 672 wavelengths: they are ranked with a typed
 * sort and looked up in a typed table, not a map of strings.
 */
export function stepColours(r: RunResult, step: number): StepColours {
  if (step < 1) return { of: { get: () => undefined }, legend: [], count: 0, first: 0, last: 0, strip: [] };
  const [a, b] = stepRange(r.schedule, step);
  const all = r.schedule.channel.slice(a, b).sort();
  let count = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) count++;
  const buckets = Math.min(count, MAX_STEP_COLOURS);
  // At most MAX_STEP_COLOURS colours, each worked out once; bucket + 1 per wavelength (0: unused).
  const palette = Array.from({ length: buckets }, (_, j) => wavelengthColor(j, buckets));
  const bucket = new Uint8Array(all.length ? all[all.length - 1] + 1 : 0);
  const legend: [number, string][] = [];
  for (let i = 0, rank = 0; i < all.length; i++) {
    if (i > 0 && all[i] === all[i - 1]) continue;
    const k = Math.floor((rank * buckets) / count);
    bucket[all[i]] = k + 1;
    if (rank < LEGEND_SHOWN) legend.push([all[i], palette[k]]);
    rank++;
  }
  return {
    of: { get: (w) => (w < bucket.length && bucket[w] ? palette[bucket[w] - 1] : undefined) },
    legend,
    count,
    first: all.length ? all[0] : 0,
    last: all.length ? all[all.length - 1] : 0,
    strip: evenSamples(palette, STRIP_SAMPLES),
  };
}

/** Colours in the legend's strip. */
const STRIP_SAMPLES = 12;

/** At most `k` entries of `xs`, evenly spaced, the first and the last included. */
function evenSamples<T>(xs: readonly T[], k: number): T[] {
  const m = Math.min(xs.length, k);
  return Array.from({ length: m }, (_, j) => xs[Math.round((j * (xs.length - 1)) / Math.max(1, m - 1))]);
}

/** Line ends (a transmission has its sender and up to k receivers), or nodes, between two points where a sliced drawing may pause. */
const CHUNK = 1024;

/**
 * The star at `step`, drawn in parts: it yields after each batch of strokes and every CHUNK
 * transmissions or nodes, so a painter can spread a big star over several tasks. The canvas calls,
 * and so the picture, are the same however it is sliced.
 */
export function* drawStar(
  ctx: CanvasRenderingContext2D,
  result: RunResult,
  step: number,
  l: StarLayout,
  o: {
    counts: Uint32Array;
    finalCounts: Uint32Array;
    colours: StepColours;
    tunings: StarTunings;
    real: number;
    hovered: number | null;
    geometry: StarGeometry;
  },
): Drawing {
  const s = result.schedule;
  const n = result.topology.nodeCount;
  const { xy } = o.geometry;
  const nr = l.nodeRadius;
  // Where a line from node i toward the centre stops: at the coupler's rim, or, when a step has too
  // many lines to draw in a frame (software rasterising 30 000 long lines takes hundreds of ms), a
  // short stub just inside the node, still coloured by wavelength.
  const segments =
    step >= 1 && s.receivers.kind === 'list'
      ? s.receivers.offsets[s.stepStart[step]] -
        s.receivers.offsets[s.stepStart[step - 1]] +
        (s.stepStart[step] - s.stepStart[step - 1])
      : 0;
  const stubs = segments > STUB_ABOVE;
  const ends = stubs ? o.geometry.stubEnds : o.geometry.rimEnds;

  // Transmissions, batched by colour: sender → coupler (thick), coupler → each receiver (thin).
  if (step >= 1 && s.receivers.kind === 'list') {
    const rec = s.receivers;
    const [a, b] = stepRange(s, step);
    const up = new Map<string, Path2D>();
    const down = new Map<string, Path2D>();
    const dimUp = new Path2D();
    const dimDown = new Path2D();
    const path = (m: Map<string, Path2D>, key: string) => {
      let p = m.get(key);
      if (!p) m.set(key, (p = new Path2D()));
      return p;
    };
    // In stub mode a node's stubs would overlap on one spot: draw one uplink and one downlink stub per node.
    const upDone = stubs ? new Uint8Array(n) : null;
    const downDone = stubs ? new Uint8Array(n) : null;
    let drawn = 0;
    for (let t = a; t < b; t++) {
      const u = s.src[t];
      const colour = o.colours.of.get(s.channel[t]) ?? COLORS.muted;
      let involved = o.hovered === null || u === o.hovered;
      for (let r = rec.offsets[t]; r < rec.offsets[t + 1] && !involved; r++)
        if (rec.nodes[r] === o.hovered) involved = true;
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
      drawn += 1 + rec.offsets[t + 1] - rec.offsets[t];
      if (drawn >= CHUNK) {
        drawn = 0;
        yield;
      }
    }
    const thick = Math.max(1.2, Math.min(5, nr * 0.35));
    ctx.lineCap = stubs ? 'butt' : 'round';
    ctx.globalAlpha = 0.15;
    ctx.strokeStyle = COLORS.muted;
    ctx.lineWidth = thick * 0.6;
    ctx.stroke(dimUp);
    yield;
    ctx.stroke(dimDown);
    yield;
    ctx.globalAlpha = stubs ? 1 : b - a > 512 ? 0.5 : 0.9;
    for (const [colour, p] of up) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = thick;
      ctx.stroke(p);
      yield;
    }
    for (const [colour, p] of down) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = thick * 0.55;
      ctx.stroke(p);
      yield;
    }
    ctx.globalAlpha = 1;
  }

  // The coupler.
  ctx.fillStyle = '#f1f5f9';
  ctx.strokeStyle = '#94a3b8';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(l.cx, l.cy, l.coupler, 0, 2 * Math.PI);
  ctx.fill();
  ctx.stroke();

  // Processors: disc filled by the share of what they finally hold; rings for received and retuned.
  // "Received" is read from the step's transmissions, not from the replay's arrival events: a gossip
  // step on 4096 nodes has 14.7 million of those.
  const arrived = new Uint8Array(n);
  if (step >= 1 && s.receivers.kind === 'list') {
    const [a, b] = stepRange(s, step);
    for (let i = s.receivers.offsets[a]; i < s.receivers.offsets[b]; i++) arrived[s.receivers.nodes[i]] = 1;
  }
  const retuned = new Set<number>();
  if (step >= 1)
    for (let e = o.tunings.retunedStart[step - 1]; e < o.tunings.retunedStart[step]; e++)
      retuned.add(o.tunings.retuned[e]);
  yield;
  if (nr < 4) yield* drawSmallNodes(ctx, xy, n, o, arrived, retuned, nr);
  else {
    const discs = new Path2D();
    const ghosts = new Path2D();
    const wedges = new Path2D();
    const rings = new Path2D();
    const tuned = new Path2D();
    for (let i = 0; i < n; i++) {
      const x = xy[2 * i];
      const y = xy[2 * i + 1];
      const target = o.finalCounts[i];
      const frac = target > 0 ? o.counts[i] / target : 0;
      (i < o.real ? discs : ghosts).moveTo(x + nr, y);
      (i < o.real ? discs : ghosts).arc(x, y, nr, 0, 2 * Math.PI);
      addHeldWedge(wedges, x, y, nr, frac);
      if (arrived[i]) {
        rings.moveTo(x + nr + 1.5, y);
        rings.arc(x, y, nr + 1.5, 0, 2 * Math.PI);
      }
      if (retuned.has(i)) {
        const rr = nr + Math.max(3, nr * 0.35);
        tuned.moveTo(x + rr, y);
        tuned.arc(x, y, rr, 0, 2 * Math.PI);
      }
      if (i % CHUNK === CHUNK - 1) yield;
    }
    ctx.fillStyle = COLORS.nodeEmpty;
    ctx.fill(discs);
    ctx.fillStyle = '#f8fafc';
    ctx.fill(ghosts);
    ctx.save();
    ctx.setLineDash([3, 3]);
    ctx.strokeStyle = '#94a3b8';
    ctx.lineWidth = 1.2;
    ctx.stroke(ghosts);
    ctx.restore();
    ctx.fillStyle = COLORS.held;
    ctx.fill(wedges);
    ctx.lineWidth = Math.max(1.2, Math.min(4, nr * 0.25));
    ctx.strokeStyle = COLORS.arrived;
    ctx.stroke(rings);
    ctx.strokeStyle = COLORS.highlight;
    ctx.stroke(tuned);
  }
  if (o.hovered !== null && o.hovered < n) {
    ctx.strokeStyle = COLORS.text;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(xy[2 * o.hovered], xy[2 * o.hovered + 1], nr + 4, 0, 2 * Math.PI);
    ctx.stroke();
  }
  const lr = l.r + nr + 14;
  const angle = (i: number) => -Math.PI / 2 + (2 * Math.PI * i) / n;
  drawNodeLabels(
    ctx,
    n,
    (i) => [l.cx + lr * Math.cos(angle(i)), l.cy + lr * Math.sin(angle(i))],
    (i) => i >= o.real,
  );
  // In the coupler: the step counter and phase.
  drawCentreCaption(
    ctx,
    l.cx,
    l.cy,
    Math.max(12, Math.min(32, l.coupler * 0.3)),
    stepTitle(step, s.stepCount),
    [step === 0 ? 'coupler' : s.phases[s.stepPhase[step - 1]]],
  );
}

/**
 * Nodes too small for discs and rings (hundreds around the circle): squares, magenta where the node
 * retuned, amber where it received, else grey by the share of what it finally holds; dummies pale.
 * Batched into one path per colour, so thousands of nodes cost a dozen fills.
 */
function* drawSmallNodes(
  ctx: CanvasRenderingContext2D,
  xy: Float64Array,
  n: number,
  o: { counts: Uint32Array; finalCounts: Uint32Array; real: number },
  arrived: Uint8Array,
  retuned: Set<number>,
  nr: number,
): Drawing {
  const side = Math.max(2.5, nr * 2);
  const paths = new Map<string, Path2D>();
  for (let i = 0; i < n; i++) {
    const target = o.finalCounts[i];
    const frac = target > 0 ? o.counts[i] / target : 0;
    const colour = retuned.has(i)
      ? COLORS.highlight
      : arrived[i]
        ? COLORS.arrived
        : i >= o.real
          ? '#e2e8f0'
          : heldShade(frac);
    let p = paths.get(colour);
    if (!p) paths.set(colour, (p = new Path2D()));
    p.rect(xy[2 * i] - side / 2, xy[2 * i + 1] - side / 2, side, side);
    if (i % CHUNK === CHUNK - 1) yield;
  }
  for (const [colour, p] of paths) {
    ctx.fillStyle = colour;
    ctx.fill(p);
    yield;
  }
}
