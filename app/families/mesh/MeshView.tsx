import { select, zoom as d3zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform } from 'd3';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { meshExtrasOf } from '../../../src/families/mesh/mesh-picture';
import { stepCounts } from '../../../src/kernel/replay/step-counts';
import { useCanvasBox } from '../../lib/useSize';
import { PictureBox } from '../../views/PictureBox';
import type { NetworkViewProps } from '../../interconnects';
import { useApp } from '../../store/store';
import { usePaintedCanvas } from '../../views/usePainter';
import { drawMesh } from './drawMesh';
import { meshExtent, meshLayout, processorAt } from './meshLayout';
import { MeshMinimap } from './MeshMinimap';
import { MIN_MAP, minimapSize } from './minimap';
import { showsImage, showsTiles } from './meshScene';
import { MeshTooltip } from './MeshTooltip';
import { usePickedNode } from '../../views/pickedNode';
import { useTypeScale } from '../../lib/typeScale';
import { pictureKeyFor, type PictureKeyId } from '../../lib/keys';

/** Zoom factor of one press of + or −. */
const KEY_ZOOM = 1.5;
/** Share of the picture one arrow press pans by. */
const PAN_SHARE = 0.15;
import { useFramePicture } from '../../scene/currentFrame';
import { meshCaptionRoom, meshLegend, meshPicture } from './meshPicture';
import { LegendRow } from '../../scene/LegendRow';
import { markedAttr, useMarkedLinks } from '../../views/markedLinks';

/**
 * A mesh or an OTIS-Mesh, zoomable from the whole network down to one processor (wheel or pinch, drag
 * to pan, double-click for the whole network again; from the keyboard, once the picture has the focus:
 * + and − zoom, the arrows pan, 0 shows the whole network): processors on a grid (groups on a grid of blocks, group G at block row
 * ⌊G/√P⌋, column G mod √P), each filled by how much of the result its partial combines (zoomed out
 * on a big network, one tile per group); the current
 * step's messages as arrows along their XY routes (blue) or across the optical transpose links
 * (orange, drawn only in the optical steps); EDN levels as corner marks; the root ringed, the gateways
 * and the control group outlined. Hovering a processor names it, says what it holds and sends, and
 * draws its optical link.
 */
export function MeshView({ result, step, compact = false, legend = !compact }: NetworkViewProps) {
  const frame = useCanvasBox();
  const { canvas, width, height } = frame;
  const topo = result.topology;
  const n = topo.nodeCount;
  const info = meshExtrasOf(result.extras);
  const side = info?.side ?? Math.round(Math.sqrt(n));
  const groups = info?.groups ?? 1;
  const type = useTypeScale();
  // Room above the picture for the step and phase (in the type scale).
  const captionRoom = meshCaptionRoom(type, compact);
  const layout = useMemo(
    () => meshLayout(width, Math.max(0, height - captionRoom), side, groups),
    [width, height, side, groups, captionRoom],
  );
  const highlight = useApp((st) => st.highlight);
  const marked = useMarkedLinks(result);
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
  }, [canvas]);
  // A new network starts from the whole picture.
  useEffect(() => {
    const el = canvas.current;
    if (el && behaviour.current) select(el).call(behaviour.current.transform, zoomIdentity);
  }, [canvas, side, groups]);

  /** Moves the picture to `v` through the zoom behaviour (the overview map's clicks and drags). */
  const showView = (v: Pick<ZoomTransform, 'k' | 'x' | 'y'>) => {
    const el = canvas.current;
    if (el && behaviour.current)
      select(el).call(behaviour.current.transform, zoomIdentity.translate(v.x, v.y).scale(v.k));
  };
  // The keyboard's zoom and pan (PICTURE_KEYS in keys.ts) go through the same behaviour, so its
  // limits and the reset button apply to them too.
  const keyZoom = (id: PictureKeyId) => {
    const el = canvas.current;
    const b = behaviour.current;
    if (!el || !b) return;
    const sel = select(el);
    const k = view.k;
    const [dx, dy] = [(width * PAN_SHARE) / k, (height * PAN_SHARE) / k];
    if (id === 'zoom-in' || id === 'zoom-out')
      b.scaleBy(sel, id === 'zoom-in' ? KEY_ZOOM : 1 / KEY_ZOOM, [width / 2, height / 2]);
    else if (id === 'whole') sel.call(b.transform, zoomIdentity);
    else if (id === 'pan-left') b.translateBy(sel, dx, 0);
    else if (id === 'pan-right') b.translateBy(sel, -dx, 0);
    else if (id === 'pan-up') b.translateBy(sel, 0, dy);
    else b.translateBy(sel, 0, -dy);
  };

  const counts = stepCounts(result.holdings, step).counts;
  const [hover, setHover] = useState<{ node: number; x: number; y: number } | null>(null);
  // The processor chosen in the node field: drawn as if hovered (its optical link dashed).
  const picked = usePickedNode((st) => (st.node !== null && st.node < n ? st.node : null));
  const tiles = showsTiles(layout, groups, view.k);
  const picName = groups > 1 ? `OTIS-Mesh of ${groups} groups of ${side * side}` : `${side} × ${side} mesh`;
  const zoomed = view.k > 1 || view.x !== 0 || view.y !== 0;
  // The overview map once zoomed in, where the picture has room for it beside what it shows.
  const pictureHeight = height - captionRoom;
  const map = minimapSize(type.factor, width, pictureHeight);
  const showsMap = zoomed && map >= MIN_MAP;
  // Where the whole network is in the box at this zoom (x, y, width, height), for tests and tools.
  const extent = meshExtent(layout) * view.k;
  const grid = [view.x + view.k * layout.x0, captionRoom + view.y + view.k * layout.y0, extent, extent];

  const paint = useCallback(
    (ctx: CanvasRenderingContext2D) =>
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
        marked,
        compact,
        type,
      }),
    [
      type,
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
      marked,
      hover,
      picked,
      compact,
    ],
  );
  usePaintedCanvas(frame, paint);
  useFramePicture(
    compact
      ? null
      : meshPicture(result, step, {
          highlight,
          hovered: hover?.node ?? picked,
          marked,
          screen: { width, height, view, type },
        }),
  );

  return (
    <div className="flex h-full min-h-0 w-full flex-col">
      <PictureBox
        frame={frame}
        pictureLabel={`${picName} processors at step ${step} of ${s.stepCount}`}
        data-testid="mesh-view"
        data-step={step}
        data-marked-links={markedAttr(marked)}
        data-zoom={view.k.toFixed(2)}
        data-detail={tiles ? 'groups' : showsImage(layout, groups, view.k) ? 'image' : 'processors'}
        data-pan={`${Math.round(view.x)},${Math.round(view.y)}`}
        data-grid={grid.map((v) => v.toFixed(1)).join(',')}
        // Focusable, and a widget: + − 0 and the arrows zoom and pan here instead of stepping.
        tabIndex={0}
        role="application"
        aria-roledescription="zoomable picture"
        aria-label={`${picName}: + and − zoom, arrow keys pan, 0 shows the whole network`}
        onKeyDown={(e) => {
          const id = pictureKeyFor(e);
          if (!id) return;
          e.preventDefault();
          keyZoom(id);
        }}
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
        {showsMap && (
          <MeshMinimap
            size={map}
            layout={layout}
            info={info}
            view={view}
            width={width}
            height={pictureHeight}
            type={type}
            name={picName}
            onView={showView}
            onKey={keyZoom}
          />
        )}
        {zoomed && (
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
      </PictureBox>
      {legend && <LegendRow entries={meshLegend(result, tiles)} testId="mesh-legend" />}
    </div>
  );
}
