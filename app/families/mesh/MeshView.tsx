import { select, zoom as d3zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform } from 'd3';
import { useEffect, useMemo, useRef, useState } from 'react';
import { meshExtrasOf } from '../../../src/families/mesh/mesh-picture';
import { stepCounts } from '../../../src/kernel/replay/step-counts';
import type { RunResult } from '../../../src/result';
import { COLORS } from '../../lib/colors';
import { useSize } from '../../lib/useSize';
import { useApp } from '../../store/store';
import { canDraw, TooSmall } from '../../views/TooSmall';
import { usePainter } from '../../views/usePainter';
import { drawMesh, EDN_MARK, ELECTRONIC, OPTICAL_COLOUR, shade } from './drawMesh';
import { meshLayout, processorAt } from './meshLayout';
import { showsTiles } from './meshScene';
import { MeshTooltip } from './MeshTooltip';
import { usePickedNode } from '../../views/pickedNode';
import { useTypeScale } from '../../lib/typeScale';
import { typePx } from '../../views/canvasText';

/**
 * A mesh or an OTIS-Mesh, zoomable from the whole network down to one processor (wheel or pinch, drag
 * to pan, double-click for the whole network again): processors on a grid (groups on a grid of blocks, group G at block row
 * ⌊G/√P⌋, column G mod √P), each filled by how much of the result its partial combines (zoomed out
 * on a big network, one tile per group); the current
 * step's messages as arrows along their XY routes (blue) or across the optical transpose links
 * (orange, drawn only in the optical steps); EDN levels as corner marks; the root ringed, the gateways
 * and the control group outlined. Hovering a processor names it, says what it holds and sends, and
 * draws its optical link.
 */
export function MeshView({
  result,
  step,
  compact = false,
  legend = !compact,
}: {
  result: RunResult;
  step: number;
  compact?: boolean;
  /** The legend under the picture (by default, when not compact). */
  legend?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { width, height } = useSize(box);
  const topo = result.topology;
  const n = topo.nodeCount;
  const info = meshExtrasOf(result.extras);
  const side = info?.side ?? Math.round(Math.sqrt(n));
  const groups = info?.groups ?? 1;
  const type = useTypeScale();
  // Room above the picture for the step and phase (in the type scale).
  const captionRoom = compact ? 0 : Math.max(56, 14 + typePx(type, 22) + typePx(type, 15));
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

  const counts = stepCounts(result.holdings, step).counts;
  const [hover, setHover] = useState<{ node: number; x: number; y: number } | null>(null);
  // The processor chosen in the node field: drawn as if hovered (its optical link dashed).
  const picked = usePickedNode((st) => (st.node !== null && st.node < n ? st.node : null));
  const tiles = showsTiles(layout, groups, view.k);

  useEffect(() => {
    if (!canDraw(width, height)) return;
    painter.request(width, height, (ctx) =>
      drawMesh(ctx, {
        result,
        step,
        layout,
        view,
        width,
        height,
        top: captionRoom,
        counts,
        info,
        side,
        groups,
        highlight,
        hovered: hover?.node ?? picked,
        compact,
        type,
      }),
    );
  }, [
    type,
    painter,
    result,
    step,
    layout,
    view,
    width,
    height,
    captionRoom,
    counts,
    info,
    side,
    groups,
    highlight,
    hover,
    picked,
    compact,
  ]);

  return (
    <div className="flex h-full min-h-0 w-full flex-col">
      <div
        ref={box}
        className="relative min-h-0 flex-1"
        data-testid="mesh-view"
        data-step={step}
        data-zoom={view.k.toFixed(2)}
        data-detail={tiles ? 'groups' : 'processors'}
        onMouseMove={(e) => {
          const rect = e.currentTarget.getBoundingClientRect();
          const [x, y] = [e.clientX - rect.left, e.clientY - rect.top];
          const v =
            y < captionRoom
              ? -1
              : processorAt(layout, groups, (x - view.x) / view.k, (y - captionRoom - view.y) / view.k);
          setHover(v < 0 ? null : { node: v, x, y });
        }}
        onMouseLeave={() => setHover(null)}
      >
        <canvas
          ref={canvas}
          className={`absolute inset-0 ${canDraw(width, height) ? '' : 'invisible'}`}
          role="img"
          aria-label={`${groups > 1 ? `OTIS-Mesh of ${groups} groups of ${side * side}` : `${side} × ${side} mesh`} processors at step ${step} of ${s.stepCount}`}
        />
        {!canDraw(width, height) && <TooSmall width={width} height={height} />}
        {hover && (
          <MeshTooltip
            result={result}
            step={step}
            node={hover.node}
            counts={counts}
            info={info}
            side={side}
            tiles={tiles}
            x={hover.x}
            y={hover.y}
            flip={hover.x > width - 300}
          />
        )}
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
      {legend && <MeshLegend otis={groups > 1} edn={!!info?.level} tiles={tiles} />}
    </div>
  );
}

function MeshLegend({ otis, edn, tiles }: { otis: boolean; edn: boolean; tiles: boolean }) {
  // Colours on swatches and lines; the words stay in the legend's readable colour.
  const line = (colour: string) => (
    <span className="mr-1 inline-block h-1 w-5 rounded align-middle" style={{ background: colour }} />
  );
  const swatch = (colour: string) => (
    <span className="mr-1 inline-block h-3 w-3 rounded-sm align-middle" style={{ background: colour }} />
  );
  return (
    <p className="px-2 pb-1 text-sm text-slate-700" data-testid="mesh-legend">
      {swatch(shade(0))}
      {swatch(shade(0.5))}
      {swatch(shade(1))} partial: from its own value to the complete result (log scale) ·{' '}
      {tiles && (
        <>
          <b>zoomed out: each tile is a group</b> (filled by its processors’ mean partial, its centre by its
          most advanced one; blue outline: it sends in this step; zoom in for its processors) ·{' '}
        </>
      )}
      {line(ELECTRONIC)}electronic message (XY route)
      {otis && (
        <>
          {' · '}
          {line(OPTICAL_COLOUR)}optical transpose link · orange box: control group
        </>
      )}
      {' · '}
      <span
        className="mr-1 inline-block h-3 w-3 rounded-full border-2 align-middle"
        style={{ borderColor: COLORS.highlight }}
      />
      root
      {edn && <> · {swatch(EDN_MARK[2])}corner mark: EDN level (darker = higher)</>}
    </p>
  );
}
