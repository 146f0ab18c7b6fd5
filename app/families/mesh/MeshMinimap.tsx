import type { View } from '../../views/panZoom';
import { useRef, type PointerEvent } from 'react';
import { COLORS } from '../../lib/colors';
import { pictureKeyFor, type PictureKeyId } from '../../lib/keys';
import type { TypeScale } from '../../views/canvasText';
import type { MeshExtras } from '../../../src/families/mesh/mesh-picture';
import { OPTICAL_COLOUR } from './meshColours';
import { centreOf, type MeshLayout } from './meshLayout';
import { blockAt } from './meshScene';
import { minimapFrame, viewCentredAt } from './minimap';
import { keyRegion } from '../../lib/keyRegion';

/** Inner padding of the map (px), so that the frame's stroke is not cut at the edges. */
const PAD = 3;

/**
 * The whole network in small, with the part on screen framed and the control group and the root
 * marked as on the picture, shown once the view is zoomed in: a click or a drag on it brings that
 * part into the middle of the view; from the keyboard it is one stop of Tab, and the arrows, + − and
 * 0 act as on the picture.
 */
export function MeshMinimap({
  size,
  layout,
  info,
  view,
  width,
  height,
  type,
  name,
  onView,
  onKey,
}: {
  /** The map's side (px, minimapSize). */
  size: number;
  layout: MeshLayout;
  /** The root and the control group, marked as on the picture. */
  info: MeshExtras | null;
  view: View;
  /** The picture's box below the caption (px). */
  width: number;
  height: number;
  type: TypeScale;
  /** What the picture is ("OTIS-Mesh of 1024 groups of 1024"). */
  name: string;
  onView: (v: View) => void;
  onKey: (id: PictureKeyId) => void;
}) {
  const minimap = { layout, view, width, height, size };
  const frame = minimapFrame(minimap);
  const dragging = useRef(false);
  const moveTo = (e: PointerEvent<SVGSVGElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    onView(viewCentredAt(minimap, e.clientX - r.left - PAD, e.clientY - r.top - PAD));
  };
  // Group borders when there are groups and they stay apart on the map.
  const across = layout.across;
  const lines = across > 1 && size / across >= 3 ? Array.from({ length: across - 1 }, (_, i) => i + 1) : [];
  const stroke = type.factor > 1 ? 3 : 2;
  // Map coordinates of a layout point.
  const map = ([x, y]: readonly [number, number]) => [
    (x - layout.x0) * frame.scale,
    (y - layout.y0) * frame.scale,
  ];
  const block = layout.side * layout.cell * frame.scale;
  const control = info && info.control >= 0 ? map(blockAt(layout, info.control)) : null;
  const root = info
    ? map(centreOf(layout, (info.control >= 0 ? info.control * layout.side * layout.side : 0) + info.root))
    : null;
  return (
    <div
      className="absolute bottom-2 left-2 z-10 rounded-md border border-border bg-surface/90 shadow-sm"
      data-testid="mesh-minimap"
      // Not a processor under the pointer: no tooltip from the picture beneath.
      onMouseMove={(e) => e.stopPropagation()}
    >
      <svg
        width={size + 2 * PAD}
        height={size + 2 * PAD}
        {...keyRegion(
          'overview',
          `Overview of the ${name}: the frame is the part on screen. Click or drag to move it; arrow keys move it, + and − zoom, 0 shows the whole network`,
        )}
        className="block cursor-pointer touch-none"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          dragging.current = true;
          moveTo(e);
        }}
        onPointerMove={(e) => dragging.current && moveTo(e)}
        onPointerUp={() => (dragging.current = false)}
        onPointerCancel={() => (dragging.current = false)}
        onKeyDown={(e) => {
          const id = pictureKeyFor(e);
          if (!id) return;
          e.preventDefault();
          onKey(id);
        }}
      >
        <g transform={`translate(${PAD},${PAD})`}>
          <rect width={size} height={size} fill={COLORS.surface} stroke={COLORS.line} />
          {lines.map((i) => {
            // In the middle of the gap between groups i − 1 and i.
            const p = (i * (layout.side * layout.cell + layout.gap) - layout.gap / 2) * frame.scale;
            return (
              <g key={i} stroke={COLORS.fibre} strokeWidth={0.5}>
                <line x1={p} y1={0} x2={p} y2={size} />
                <line x1={0} y1={p} x2={size} y2={p} />
              </g>
            );
          })}
          {control && (
            <rect
              x={control[0] - 1}
              y={control[1] - 1}
              width={Math.max(3, block + 2)}
              height={Math.max(3, block + 2)}
              fill="none"
              stroke={OPTICAL_COLOUR}
              strokeWidth={stroke}
            />
          )}
          {root && <circle cx={root[0]} cy={root[1]} r={stroke + 1} fill={COLORS.highlight} />}
          <rect
            x={frame.x}
            y={frame.y}
            width={Math.max(2, frame.w)}
            height={Math.max(2, frame.h)}
            fill={COLORS.text}
            fillOpacity={0.12}
            stroke={COLORS.text}
            strokeWidth={stroke}
            data-testid="minimap-frame"
            data-frame={[frame.x, frame.y, frame.w, frame.h].map((v) => v.toFixed(1)).join(',')}
          />
        </g>
      </svg>
    </div>
  );
}
