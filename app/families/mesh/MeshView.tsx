import { useMemo, useRef, useState } from 'react';
import { meshGridOf } from '../../../src/families/mesh/mesh-picture';
import { stepCounts } from '../../../src/kernel/replay/step-counts';
import { useCanvasBox } from '../../lib/useSize';
import { PictureBox } from '../../views/PictureBox';
import type { NetworkViewProps } from '../../interconnects';
import { usePaintedCanvas } from '../../views/usePainter';
import { meshPrimitives } from './meshFrame';
import { meshExtent, meshLayout } from './meshLayout';
import { MeshMinimap } from './MeshMinimap';
import { MIN_MAP, minimapSize } from './minimap';
import { showsImage, showsTiles } from './meshScene';
import { MeshTooltip } from './MeshTooltip';
import { usePane } from '../../store/paneContext';
import { selectHighlight, selectPicked } from '../../store/selectionSlice';
import { useTypeScale } from '../../lib/typeScale';
import { usePanZoom, ZoomReset } from '../../views/usePanZoom';
import { useScenePainter } from '../../scene/useScenePainter';
import { hitTest } from '../../scene/hitTest';
import type { Primitive } from '../../scene/primitives';

/** Deepest zoom of the mesh: one processor of a 1024 × 1024 OTIS-Mesh fills a good part of the box. */
const MESH_MAX_ZOOM = 256;
import { useFramePicture } from '../../scene/currentFrame';
import { meshCaptionRoom, meshLegend, meshPicture } from './meshPicture';
import { LegendRow } from '../../scene/LegendRow';
import { markedAttr, useMarkedLinks } from '../../views/markedLinks';

/**
 * A mesh or an OTIS-Mesh, zoomable from the whole network down to one processor (usePanZoom, as every
 * network view; zoomed out its level of detail drops to tiles or an image, and an overview map shows
 * where the view is): processors on a grid (groups on a grid of blocks, group G at block row
 * ⌊G/√P⌋, column G mod √P), each filled by how much of the result its partial combines (zoomed out
 * on a big network, one tile per group); the current
 * step's messages as arrows along their XY routes (blue) or across the optical transpose links
 * (orange, drawn only in the optical steps); EDN levels as corner marks; the root ringed, the gateways
 * and the control group outlined. Hovering a processor names it, says what it holds and sends, and
 * draws its optical link.
 */
export function MeshView({ result, step, compact = false, legend = !compact }: NetworkViewProps) {
  const frame = useCanvasBox();
  const { width, height } = frame;
  const topo = result.topology;
  const n = topo.nodeCount;
  const { info, side, groups } = meshGridOf(result);
  const type = useTypeScale();
  // Room above the picture for the step and phase (in the type scale).
  const captionRoom = meshCaptionRoom(type, compact);
  const layout = useMemo(
    () => meshLayout(width, Math.max(0, height - captionRoom), side, groups),
    [width, height, side, groups, captionRoom],
  );
  const highlight = usePane(selectHighlight);
  const marked = useMarkedLinks(result);
  const s = result.schedule;
  // Zoom and pan (wheel, drag, pinch; double-click resets), through the views' one pan-zoom object.
  const picName = groups > 1 ? `OTIS-Mesh of ${groups} groups of ${side * side}` : `${side} × ${side} mesh`;
  const pictureHeight = height - captionRoom;
  const zoom = usePanZoom(frame, picName, {
    maxZoom: MESH_MAX_ZOOM,
    viewportHeight: pictureHeight,
    top: captionRoom,
    resetOn: `${side}×${groups}`,
  });
  const { view, pz, zoomed } = zoom;

  const counts = stepCounts(result.holdings, step).counts;
  const [hover, setHover] = useState<{ node: number; x: number; y: number } | null>(null);
  // The processor chosen in the node field: drawn as if hovered (its optical link dashed).
  const picked = usePane(selectPicked(n));
  const tiles = showsTiles(layout, groups, view.k);
  // The overview map once zoomed in, where the picture has room for it beside what it shows.
  const map = minimapSize(type.factor, width, pictureHeight);
  const showsMap = zoomed && map >= MIN_MAP;
  // Where the whole network is in the box at this zoom (x, y, width, height), for tests and tools.
  const extent = meshExtent(layout) * view.k;
  const grid = [view.x + view.k * layout.x0, captionRoom + view.y + view.k * layout.y0, extent, extent];

  // The picture as primitives, laid out and painted by the shared painter in the same slices; the
  // last one laid out is what the pointer is tested against.
  const drawn = useRef<readonly Primitive[]>([]);
  const paint = useScenePainter(
    meshPrimitives,
    {
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
    },
    (items) => (drawn.current = items),
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
        data-detail={tiles ? 'groups' : showsImage(layout, groups, view.k) ? 'image' : 'processors'}
        data-grid={grid.map((v) => v.toFixed(1)).join(',')}
        {...zoom.boxProps}
        onMouseMove={(e) => {
          const rect = e.currentTarget.getBoundingClientRect();
          const [x, y] = [e.clientX - rect.left, e.clientY - rect.top];
          const hit = y < captionRoom ? null : hitTest(drawn.current, x, y);
          setHover(hit ? { node: hit.id, x, y } : null);
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
            onView={(v) => pz.show(v)}
            onKey={(id) => pz.key(id)}
          />
        )}
        <ZoomReset zoom={zoom} testId="mesh-zoom-reset" />
      </PictureBox>
      {legend && <LegendRow entries={meshLegend(result, tiles)} testId="mesh-legend" />}
    </div>
  );
}
