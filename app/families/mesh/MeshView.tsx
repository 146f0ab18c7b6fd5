import { select, zoom as d3zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform } from 'd3';
import { useEffect, useMemo, useRef, useState } from 'react';
import { meshExtrasOf } from '../../../src/families/mesh/mesh-picture';
import { heldCounts } from '../../../src/kernel/replay/holding-queries';
import { pathLinks } from '../../../src/kernel/model/paths';
import { stepRange } from '../../../src/kernel/model/schedule';
import type { RunResult } from '../../../src/result';
import { COLORS } from '../../lib/colors';
import { useSize } from '../../lib/useSize';
import { useApp } from '../../store/store';
import { stepTitle } from '../../views/canvasText';
import type { Drawing } from '../../views/slicedPainter';
import { canDraw, TooSmall } from '../../views/TooSmall';
import { usePainter } from '../../views/usePainter';
import { cellAt, centreOf, meshLayout } from './meshLayout';

/** Messages drawn between two points where the sliced drawing may pause. */
const CHUNK = 1024;
/** Optical link kind (src/families/mesh/geometry.ts). */
const OPTICAL = 4;
/** Partial-result shades: from one contribution (pale) to the complete result (deep green). */
const SHADES = Array.from({ length: 9 }, (_, i) => {
  const t = i / 8;
  const mix = (a: number, b: number) => Math.round(a + (b - a) * t);
  return `rgb(${mix(241, 21)},${mix(245, 128)},${mix(249, 61)})`;
});
const shade = (frac: number) => SHADES[Math.round(Math.min(1, Math.max(0, frac)) * 8)];
const ELECTRONIC = '#2563eb';
const OPTICAL_COLOUR = '#d97706';
const EDN_MARK = ['', '#94a3b8', '#64748b', '#475569', '#334155', '#1e293b'];

/**
 * A mesh or an OTIS-Mesh, zoomable from the whole network down to one processor (wheel or pinch, drag
 * to pan, double-click for the whole network again): processors on a grid (groups on a grid of blocks, group G at block row
 * ⌊G/√P⌋, column G mod √P), each filled by how much of the result its partial combines; the current
 * step's messages as arrows along their XY routes (blue) or across the optical transpose links
 * (orange, drawn only in the optical steps); EDN levels as corner marks; the root ringed, the gateways
 * and the control group outlined.
 */
export function MeshView({
  result,
  step,
  compact = false,
}: {
  result: RunResult;
  step: number;
  compact?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { width, height } = useSize(box);
  const topo = result.topology;
  const n = topo.nodeCount;
  const info = meshExtrasOf(result.extras);
  const side = info?.side ?? Math.round(Math.sqrt(n));
  const groups = info?.groups ?? 1;
  const captionRoom = compact ? 0 : 56;
  const layout = useMemo(
    () => meshLayout(width, Math.max(0, height - captionRoom), side, groups),
    [width, height, side, groups, captionRoom],
  );
  const painter = usePainter(canvas);
  const highlight = useApp((st) => st.highlight);
  const s = result.schedule;
  // Zoom and pan (wheel, drag, pinch; double-click resets): one d3-zoom behaviour for the view's life.
  const [view, setView] = useState<ZoomTransform>(zoomIdentity);
  const behaviour = useRef<ZoomBehavior<HTMLCanvasElement, unknown> | null>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const b = d3zoom<HTMLCanvasElement, unknown>()
      .scaleExtent([1, 256])
      .on('zoom', (e: { transform: ZoomTransform }) => setView(e.transform));
    behaviour.current = b;
    const sel = select(el);
    sel.call(b).on('dblclick.zoom', () => sel.call(b.transform, zoomIdentity));
    return () => {
      sel.on('.zoom', null);
      behaviour.current = null;
    };
  }, []);
  // A new network starts from the whole picture.
  useEffect(() => {
    const el = canvas.current;
    if (el && behaviour.current) select(el).call(behaviour.current.transform, zoomIdentity);
  }, [side, groups]);

  useEffect(() => {
    if (!canDraw(width, height)) return;
    painter.request(width, height, function* (ctx): Drawing {
      const l = layout;
      const { k, x: panX, y: panY } = view;
      // Zoomed in, the picture stays below the caption.
      ctx.save();
      ctx.beginPath();
      ctx.rect(0, captionRoom, width, height - captionRoom);
      ctx.clip();
      ctx.translate(panX, panY + captionRoom);
      ctx.scale(k, k);
      // What is on screen, in layout coordinates: processors outside are not drawn.
      const [vx0, vy0] = [-panX / k, -panY / k];
      const [vx1, vy1] = [vx0 + width / k, vy0 + (height - captionRoom) / k];
      const visible = (x: number, y: number) =>
        x + l.cell >= vx0 && x <= vx1 && y + l.cell >= vy0 && y <= vy1;
      /** Cell size on screen. */
      const cellPx = l.cell * k;
      const p = side * side;
      const counts = heldCounts(result.holdings, step);
      const total = s.blocks.count;
      const inset = cellPx > 6 ? 1 / k : 0;
      // Processors, filled by how much they have combined (few distinct fills: fast).
      const byShade = SHADES.map(() => new Path2D());
      for (let v = 0; v < n; v++) {
        const [x, y] = cellAt(l, v);
        if (!visible(x, y)) continue;
        byShade[Math.round(Math.min(1, counts[v] / total) * 8)].rect(
          x + inset,
          y + inset,
          l.cell - 2 * inset,
          l.cell - 2 * inset,
        );
        if (v % 65536 === 65535) yield;
      }
      byShade.forEach((path, i) => {
        ctx.fillStyle = SHADES[i];
        ctx.fill(path);
      });
      yield;
      // EDN levels: a corner mark, darker for higher levels.
      if (info?.level && cellPx >= 5) {
        const marks = EDN_MARK.map(() => new Path2D());
        const m = Math.max(2, l.cell * 0.3);
        for (let v = 0; v < n; v++) {
          const lv = info.level[v % p];
          if (!lv) continue;
          const [x, y] = cellAt(l, v);
          if (!visible(x, y)) continue;
          marks[Math.min(lv, EDN_MARK.length - 1)].rect(x + inset, y + inset, m, m);
        }
        marks.forEach((path, i) => {
          if (!i) return;
          ctx.fillStyle = EDN_MARK[i];
          ctx.fill(path);
        });
      }
      // The control group and the root.
      if (info) {
        ctx.lineWidth = Math.max(1.5, Math.min(4, cellPx / 6)) / k;
        if (info.control >= 0) {
          const [x, y] = cellAt(l, info.control * p);
          ctx.strokeStyle = OPTICAL_COLOUR;
          ctx.strokeRect(
            x - l.gap / 3,
            y - l.gap / 3,
            side * l.cell + (2 * l.gap) / 3,
            side * l.cell + (2 * l.gap) / 3,
          );
        }
        const root = (info.control >= 0 ? info.control * p : 0) + info.root;
        const [rx, ry] = centreOf(l, root);
        ctx.strokeStyle = COLORS.highlight;
        ctx.beginPath();
        ctx.arc(rx, ry, Math.max(4 / k, l.cell * 0.55), 0, 2 * Math.PI);
        ctx.stroke();
      }
      // The step's messages: along their routes, an arrowhead where they end.
      if (step >= 1 && step <= s.stepCount) {
        const [a, b] = stepRange(s, step);
        const links = new Uint32Array(Math.max(16, 4 * side));
        const electronic = new Path2D();
        const optical = new Path2D();
        const head = Math.max(3, Math.min(8, cellPx / 3)) / k;
        for (let t = a; t < b; t++) {
          const k = pathLinks(s, topo, t, links);
          for (let j = 0; j < k; j++) {
            const link = links[j];
            const path = topo.linkKind[link] === OPTICAL ? optical : electronic;
            const [x0, y0] = centreOf(l, topo.linkFrom[link]);
            const [x1, y1] = centreOf(l, topo.linkTo[link]);
            path.moveTo(x0, y0);
            path.lineTo(x1, y1);
            if (j === k - 1) {
              const len = Math.hypot(x1 - x0, y1 - y0) || 1;
              const [ux, uy] = [(x1 - x0) / len, (y1 - y0) / len];
              const [ex, ey] = [x1 - ux * l.cell * 0.3, y1 - uy * l.cell * 0.3];
              path.moveTo(ex - ux * head - uy * head * 0.5, ey - uy * head + ux * head * 0.5);
              path.lineTo(ex, ey);
              path.lineTo(ex - ux * head + uy * head * 0.5, ey - uy * head - ux * head * 0.5);
            }
          }
          if ((t - a) % CHUNK === CHUNK - 1) yield;
        }
        ctx.lineCap = 'round';
        ctx.lineWidth = Math.max(1, Math.min(3, cellPx / 8)) / k;
        ctx.strokeStyle = ELECTRONIC;
        ctx.stroke(electronic);
        ctx.lineWidth = Math.max(0.75, Math.min(2, cellPx / 12)) / k;
        ctx.strokeStyle = OPTICAL_COLOUR;
        ctx.stroke(optical);
      }
      if (highlight?.length) {
        ctx.lineWidth = 3 / k;
        ctx.strokeStyle = COLORS.highlight;
        for (const v of highlight)
          if (v >= 0 && v < n) {
            const [x, y] = cellAt(l, v);
            ctx.strokeRect(x - 2, y - 2, l.cell + 4, l.cell + 4);
          }
      }
      // Processor numbers when they fit (the paper numbers each group's processors 0 … P − 1).
      if (cellPx >= 22) {
        ctx.font = `600 ${Math.min(16, cellPx * 0.4) / k}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        for (let v = 0; v < n; v++) {
          const [x, y] = centreOf(l, v);
          if (!visible(x - l.cell / 2, y - l.cell / 2)) continue;
          ctx.fillStyle = counts[v] / total > 0.6 ? '#ffffff' : COLORS.text;
          ctx.fillText(String(v % p), x, y);
        }
      }
      // Group names above their blocks when there is room.
      if (groups > 1 && l.gap * k >= 10) {
        ctx.font = `600 ${Math.min(14, l.gap * k * 0.8) / k}px system-ui, sans-serif`;
        ctx.textAlign = 'left';
        ctx.textBaseline = 'bottom';
        ctx.fillStyle = COLORS.muted;
        for (let g = 0; g < groups; g++) {
          const [x, y] = cellAt(l, g * p);
          ctx.fillText(`G${g}`, x, y - 1);
        }
      }
      ctx.restore();
      if (!compact) {
        ctx.textAlign = 'center';
        ctx.textBaseline = 'top';
        ctx.fillStyle = COLORS.text;
        ctx.font = '700 22px system-ui, sans-serif';
        ctx.fillText(stepTitle(step, s.stepCount), width / 2, 4);
        ctx.font = '600 15px system-ui, sans-serif';
        ctx.fillStyle = COLORS.muted;
        ctx.fillText(
          step >= 1 && step <= s.stepCount ? s.phases[s.stepPhase[step - 1]] : `${s.stepCount} steps ahead`,
          width / 2,
          30,
        );
      }
    });
  }, [
    painter,
    result,
    step,
    layout,
    width,
    height,
    n,
    topo,
    compact,
    highlight,
    info,
    side,
    groups,
    s,
    captionRoom,
    view,
  ]);

  return (
    <div className="flex h-full min-h-0 w-full flex-col">
      <div
        ref={box}
        className="relative min-h-0 flex-1"
        data-testid="mesh-view"
        data-step={step}
        data-zoom={view.k.toFixed(2)}
      >
        <canvas
          ref={canvas}
          className={`absolute inset-0 ${canDraw(width, height) ? '' : 'invisible'}`}
          role="img"
          aria-label={`${groups > 1 ? `OTIS-Mesh of ${groups} groups of ${side * side}` : `${side} × ${side} mesh`} processors at step ${step} of ${s.stepCount}`}
        />
        {!canDraw(width, height) && <TooSmall width={width} height={height} />}
        {view.k > 1 && (
          <button
            type="button"
            className="absolute bottom-2 right-2 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
            onClick={() => {
              const el = canvas.current;
              if (el && behaviour.current) select(el).call(behaviour.current.transform, zoomIdentity);
            }}
            data-testid="mesh-zoom-reset"
          >
            whole network ({view.k.toFixed(1)}×)
          </button>
        )}
      </div>
      {!compact && <MeshLegend otis={groups > 1} edn={!!info?.level} />}
    </div>
  );
}

function MeshLegend({ otis, edn }: { otis: boolean; edn: boolean }) {
  const swatch = (colour: string) => (
    <span className="mr-1 inline-block h-3 w-3 rounded-sm align-middle" style={{ background: colour }} />
  );
  return (
    <p className="px-2 pb-1 text-sm text-slate-700" data-testid="mesh-legend">
      {swatch(shade(0))}
      {swatch(shade(0.5))}
      {swatch(shade(1))} partial: from its own value to the complete result ·{' '}
      <span style={{ color: ELECTRONIC }}>━ electronic message (XY route)</span>
      {otis && (
        <>
          {' · '}
          <span style={{ color: OPTICAL_COLOUR }}>━ optical transpose link</span> · orange box: control group
        </>
      )}
      {' · '}
      <span style={{ color: COLORS.highlight }}>◯ root</span>
      {edn && <> · {swatch(EDN_MARK[2])}corner mark: EDN level (darker = higher)</>}
    </p>
  );
}
