import { useCallback, useMemo } from 'react';
import { interconnectOf, isKnownInterconnect } from '../../src/interconnects';
import { pathLinks } from '../../src/kernel/model/paths';
import { stepRange } from '../../src/kernel/model/schedule';
import type { RunResult } from '../../src/result';
import { COLORS, wavelengthColor } from '../lib/colors';
import { useCanvasBox } from '../lib/useSize';
import { PictureBox } from './PictureBox';
import { drawCentreCaption, drawNodeLabels, stepTitle, type TypeScale } from './canvasText';
import { useFramePicture } from '../scene/currentFrame';
import type { FramePicture, LegendEntry } from '../scene/framePicture';
import { useTypeScale } from '../lib/typeScale';
import { nodeAngle, ringLayout, type RingLayout } from './ringGeometry';
import type { Drawing } from './slicedPainter';
import { usePanZoom, useZoomedCanvas, ZoomReset } from './usePanZoom';
import { usePane } from '../store/paneContext';
import { selectHighlight } from '../store/selectionSlice';
import { plural } from '../lib/format';
import { drawMarkedLinks } from './drawMarkedLinks';
import { markedAttr, useMarkedLinks } from './markedLinks';

/** Transfers handled between two points where the sliced drawing may pause. */
const CHUNK = 512;

/**
 * Any network, drawn without knowing its model: processors on a circle, auxiliary vertices
 * (couplers, switches) on a smaller one inside, and the current step's transfers as straight lines
 * along the links of their routes, coloured by channel. The picture for schedules from files and for
 * interconnect models the app has no view of their own for — never a ring that is not there.
 */
export function GraphView({
  result,
  step,
  compact = false,
}: {
  result: RunResult;
  step: number;
  compact?: boolean;
}) {
  const frame = useCanvasBox();
  const { width, height } = frame;
  const topo = result.topology;
  const n = topo.nodeCount;
  const layout = useMemo(() => ringLayout(width, height, n, 1), [width, height, n]);
  const known = isKnownInterconnect(topo.kind);
  const type = useTypeScale();
  // Nodes picked elsewhere (a violation clicked in the list, a legend): ringed in magenta.
  const highlight = usePane(selectHighlight);
  // Links marked from the link-load view or a verdict: drawn as bands under the nodes.
  const marked = useMarkedLinks(result);

  const paint = useCallback(
    (ctx: CanvasRenderingContext2D) =>
      drawGraph(ctx, result, step, layout, { highlight, marked, compact, type }),
    [result, step, layout, compact, highlight, marked, type],
  );
  const name = `${interconnectOf(topo.kind).name} of ${n} processors`;
  const zoom = usePanZoom(frame, name, { resetOn: n });
  useZoomedCanvas(frame, paint, zoom.view);
  useFramePicture(compact ? null : graphPicture(result, step, highlight, marked));

  return (
    <div className="flex h-full min-h-0 w-full flex-col">
      {!known && (
        <p className="mx-2 mt-1 rounded bg-warn-soft px-2 py-1 text-sm text-warn" data-testid="unknown-model">
          This app has no picture of its own for “{topo.kind}” networks: drawn as a general graph, with each
          transfer along the links of its route. The schedule is verified all the same.
        </p>
      )}
      <PictureBox
        frame={frame}
        pictureLabel={`${name} at step ${step} of ${result.schedule.stepCount}`}
        data-testid="graph-view"
        data-step={step}
        data-highlighted={highlight?.join(',') ?? ''}
        data-marked-links={markedAttr(marked)}
        {...zoom.boxProps}
      >
        <ZoomReset zoom={zoom} />
      </PictureBox>
    </div>
  );
}

/**
 * Up to this many vertices each is drawn as a dot; more would sit closer than a dot's width on any
 * screen, so their circle is drawn as one band and only the vertices the step's transfers touch are
 * marked (a file may declare millions of processors: the picture's cost follows the step, not them).
 */
export const EACH_VERTEX_UP_TO = 1024;
/** Vertices drawn between two points where the sliced drawing may pause. */
const VERTEX_CHUNK = 256;

/** Most channels of any link (a loop: a spread of millions of links would overflow the stack). */
function mostChannels(linkChannels: ArrayLike<number>): number {
  let most = 1;
  for (let i = 0; i < linkChannels.length; i++) most = Math.max(most, linkChannels[i]);
  return most;
}

/**
 * Any network at `step` on a ring layout, drawn in parts: the step's transfers along their links
 * (coloured by channel), the marked links, processors and auxiliary vertices, the nodes `highlight`
 * names, numbers and the caption.
 */
export function* drawGraph(
  ctx: CanvasRenderingContext2D,
  result: RunResult,
  step: number,
  l: RingLayout,
  o: {
    highlight: readonly number[] | null;
    marked?: readonly number[];
    compact: boolean;
    type: TypeScale;
  },
): Drawing {
  const { highlight, marked = [], compact, type } = o;
  const topo = result.topology;
  const n = topo.nodeCount;
  const aux = topo.auxCount;
  // Where vertex v sits: processors on the circle, auxiliary vertices on a smaller one inside.
  const auxR = aux === 1 ? 0 : l.r * 0.35;
  const radiusOf = (v: number) => (v < n ? l.r : auxR);
  const angleOf = (v: number) => (v < n ? nodeAngle(v, n) : nodeAngle(v - n, aux));
  const xOf = (v: number) => l.cx + radiusOf(v) * Math.cos(angleOf(v));
  const yOf = (v: number) => l.cy + radiusOf(v) * Math.sin(angleOf(v));
  const nr = Math.max(2, Math.min(10, l.nodeRadius));
  /** Whether a circle is drawn as a band (then the step's vertices are marked on it). */
  const dense = n > EACH_VERTEX_UP_TO || aux > EACH_VERTEX_UP_TO;
  const dot = (p: Path2D, v: number, radius: number) => {
    const [x, y] = [xOf(v), yOf(v)];
    p.moveTo(x + radius, y);
    p.arc(x, y, radius, 0, 2 * Math.PI);
  };
  /** Dense networks: the vertices the step's transfers touch, marked on the bands. */
  const touched = new Path2D();
  const s = result.schedule;
  const channels = mostChannels(topo.linkChannels);
  if (step >= 1 && step <= s.stepCount) {
    const [a, b] = stepRange(s, step);
    const byChannel = new Map<number, Path2D>();
    const links = new Uint32Array(Math.max(1, topo.linkCount));
    for (let t = a; t < b; t++) {
      const k = pathLinks(s, topo, t, links);
      let p = byChannel.get(s.channel[t]);
      if (!p) byChannel.set(s.channel[t], (p = new Path2D()));
      for (let j = 0; j < k; j++) {
        const u = topo.linkFrom[links[j]];
        const v = topo.linkTo[links[j]];
        if (dense) {
          dot(touched, u, 2);
          dot(touched, v, 2);
        }
        const [x0, y0, x1, y1] = [xOf(u), yOf(u), xOf(v), yOf(v)];
        const len = Math.hypot(x1 - x0, y1 - y0) || 1;
        const [ux, uy] = [(x1 - x0) / len, (y1 - y0) / len];
        // Each direction on its own side of the link (right-hand side of travel), so a link
        // used both ways shows both; an arrowhead where the route ends.
        const [ox, oy] = [-uy * 2.5, ux * 2.5];
        const trim = Math.min(nr + 2, len / 3);
        const [ex, ey] = [x1 - ux * trim + ox, y1 - uy * trim + oy];
        p.moveTo(x0 + ux * trim + ox, y0 + uy * trim + oy);
        p.lineTo(ex, ey);
        if (j === k - 1) {
          const h = Math.min(8, len / 4);
          p.moveTo(ex - ux * h - uy * h * 0.5, ey - uy * h + ux * h * 0.5);
          p.lineTo(ex, ey);
          p.lineTo(ex - ux * h + uy * h * 0.5, ey - uy * h - ux * h * 0.5);
        }
      }
      if ((t - a) % CHUNK === CHUNK - 1) yield;
    }
    ctx.lineWidth = n > 300 ? 1 : 2;
    for (const [ch, p] of byChannel) {
      ctx.strokeStyle = wavelengthColor(ch, channels);
      ctx.stroke(p);
      yield;
    }
  }
  drawMarkedLinks(ctx, topo, marked, (v) => [xOf(v), yOf(v)], Math.max(6, nr * 1.4));
  // Each circle (processors, auxiliary vertices) as dots, in slices; one of too many to tell apart
  // as a band, with the vertices the step's transfers touch marked on it.
  for (const [first, count, r, colour] of [
    [0, n, l.r, COLORS.node],
    [n, aux, auxR, COLORS.muted],
  ] as const) {
    if (count > EACH_VERTEX_UP_TO) {
      ctx.lineWidth = 3;
      ctx.strokeStyle = colour;
      ctx.beginPath();
      ctx.arc(l.cx, l.cy, r, 0, 2 * Math.PI);
      ctx.stroke();
      continue;
    }
    ctx.fillStyle = colour;
    for (let from = first; from < first + count; from += VERTEX_CHUNK) {
      const dots = new Path2D();
      for (let v = from; v < Math.min(first + count, from + VERTEX_CHUNK); v++) dot(dots, v, nr);
      ctx.fill(dots);
      yield;
    }
  }
  if (dense) {
    ctx.fillStyle = COLORS.node;
    ctx.fill(touched);
  }
  if (highlight?.length) {
    const ringed = new Path2D();
    for (const v of highlight) if (v >= 0 && v < n + aux) dot(ringed, v, nr + 4);
    ctx.lineWidth = 3;
    ctx.strokeStyle = COLORS.highlight;
    ctx.stroke(ringed);
  }
  const lr = l.r + nr + 12;
  drawNodeLabels(
    ctx,
    n,
    (i) => [l.cx + lr * Math.cos(nodeAngle(i, n)), l.cy + lr * Math.sin(nodeAngle(i, n))],
    undefined,
    type,
  );
  if (!compact && aux !== 1)
    drawCentreCaption(
      ctx,
      l.cx,
      l.cy,
      Math.max(14, Math.min(30, l.r * 0.14)),
      stepTitle(step, s.stepCount),
      [s.stepCount && step >= 1 ? s.phases[s.stepPhase[step - 1]] : `${plural(s.stepCount, 'step')} ahead`],
      type,
    );
}

/** The channels the schedule's transfers use (the legend's colours), at most `max` of them. */
function channelsUsed(r: RunResult, max: number): number[] {
  const seen = new Set<number>();
  const c = r.schedule.channel;
  for (let t = 0; t < c.length && seen.size <= max; t++) seen.add(c[t]);
  return [...seen].sort((a, b) => a - b);
}

/** Any network at `step` as a picture of any size (the painter of the view on screen). */
export function graphPicture(
  r: RunResult,
  step: number,
  highlight: readonly number[] | null = null,
  marked: readonly number[] = [],
): FramePicture {
  const topo = r.topology;
  const n = topo.nodeCount;
  const channels = mostChannels(topo.linkChannels);
  return {
    name: 'graph',
    title: `${interconnectOf(topo.kind).name} of ${n} processors, step ${step} of ${r.schedule.stepCount}`,
    paint: (ctx, width, height, type) =>
      drawGraph(ctx, r, step, ringLayout(width, height, n, 1), { highlight, marked, compact: false, type }),
    legend: () => {
      const used = channelsUsed(r, 8);
      return [
        { label: 'processors', mark: 'swatch', colours: [COLORS.node] },
        ...(topo.auxCount
          ? [{ label: 'switches and couplers', mark: 'swatch', colours: [COLORS.muted] } as LegendEntry]
          : []),
        { label: 'transfers along their links, by channel:', mark: 'none', colours: [] },
        ...used.slice(0, 8).map((ch): LegendEntry => ({
          label: `channel ${ch}`,
          mark: 'line',
          colours: [wavelengthColor(ch, channels)],
        })),
        ...(used.length > 8 ? [{ label: 'and more', mark: 'none', colours: [] } as LegendEntry] : []),
      ];
    },
  };
}
