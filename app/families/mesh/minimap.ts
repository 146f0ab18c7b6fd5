import type { View } from '../../views/panZoom';
import { meshExtent, type MeshLayout } from './meshLayout';

/**
 * The overview the mesh view shows once zoomed in (pure, no DOM): the whole network shrunk to a
 * square of `size` px, and the part of it on screen as a rectangle. Layout coordinates are those of
 * `meshLayout`; the picture shows them at `view` (zoom k, shift x, y) in a box of `width` × `height`
 * (below the caption).
 */

export interface MinimapFrame {
  /** Map px per layout px. */
  scale: number;
  /** The part of the network on screen, in map px, clipped to the map. */
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A map of `size` px of `layout`, for the picture shown at `view` in a box of `width` × `height`. */
export interface Minimap {
  layout: MeshLayout;
  view: View;
  width: number;
  height: number;
  size: number;
}

/** The network's extent (layout px) and map px per layout px. */
function mapScale({ layout, size }: Minimap) {
  const extent = meshExtent(layout);
  return { extent, scale: size / Math.max(1e-9, extent) };
}

/** Where the view's box falls on the map. */
export function minimapFrame(m: Minimap): MinimapFrame {
  const { layout: l, view, width, height } = m;
  const { extent, scale } = mapScale(m);
  // The box's corners in layout coordinates, then relative to the network's corner.
  const [x0, y0] = [-view.x / view.k - l.x0, -view.y / view.k - l.y0];
  const [x1, y1] = [x0 + width / view.k, y0 + height / view.k];
  const clip = (v: number) => Math.max(0, Math.min(extent, v)) * scale;
  const [cx0, cy0, cx1, cy1] = [clip(x0), clip(y0), clip(x1), clip(y1)];
  return { scale, x: cx0, y: cy0, w: cx1 - cx0, h: cy1 - cy0 };
}

/**
 * The view that puts the point under map position (mx, my) in the middle of the box, at the same
 * zoom: what a click or a drag on the map asks for.
 */
export function viewCentredAt(m: Minimap, mx: number, my: number): View {
  const { layout: l, view, width, height } = m;
  const { extent, scale } = mapScale(m);
  const clamp = (v: number) => Math.max(0, Math.min(extent, v / scale));
  const [lx, ly] = [l.x0 + clamp(mx), l.y0 + clamp(my)];
  return { k: view.k, x: width / 2 - view.k * lx, y: height / 2 - view.k * ly };
}

/** The smallest map worth showing (px). */
export const MIN_MAP = 48;

/**
 * The map's side (px) in a picture box of `width` × `height`: at most a third of the box's smaller
 * side, and at most 120 px at the desk, more in lecture type, so that it reads from the back of a
 * hall. Below MIN_MAP it is not shown.
 */
export const minimapSize = (typeFactor: number, width: number, height: number) =>
  Math.round(Math.min(120 * typeFactor, Math.min(width, height) / 3));
