import type { View } from '../../views/panZoom';
import { meshExtrasOf, meshGridOf } from '../../../src/families/mesh/mesh-picture';
import { stepCounts } from '../../../src/kernel/replay/step-counts';
import type { RunResult } from '../../../src/result';
import { COLORS } from '../../lib/colors';
import type { FramePicture, LegendEntry } from '../../scene/framePicture';
import { DESK_TYPE, typePx, type TypeScale } from '../../views/canvasText';
import { ednMarks, OPTICAL_COLOUR, shade } from './meshColours';
import { meshPrimitives } from './meshFrame';
import { meshExtent as extent, meshLayout, type MeshLayout } from './meshLayout';
import { showsTiles } from './meshScene';

/** Room above the mesh for the step and its phase, in the type scale (0 in compare panes). */
export const meshCaptionRoom = (type: TypeScale, compact = false) =>
  compact ? 0 : Math.max(56, 14 + typePx(type, 22) + typePx(type, 15));

/**
 * The zoom of one layout carried over to another of a different size: the same magnification, and
 * the point of the network that was in the middle of the box stays in the middle.
 */
export function carryView(
  view: View,
  from: MeshLayout,
  fromSize: [number, number],
  to: MeshLayout,
  toSize: [number, number],
): View {
  if (view.k === 1 && view.x === 0 && view.y === 0) return view;
  const frac = (c: number, t: number, o: number) => ((c - t) / view.k - o) / extent(from);
  const fx = frac(fromSize[0] / 2, view.x, from.x0);
  const fy = frac(fromSize[1] / 2, view.y, from.y0);
  return {
    k: view.k,
    x: toSize[0] / 2 - view.k * (to.x0 + fx * extent(to)),
    y: toSize[1] / 2 - view.k * (to.y0 + fy * extent(to)),
  };
}

/** The mesh's legend (as under the view): partial shades, messages, the root, EDN marks. */
export function meshLegend(r: RunResult, tiles: boolean): LegendEntry[] {
  const info = meshExtrasOf(r.extras);
  const otis = (info?.groups ?? 1) > 1;
  return [
    {
      label: 'partial: from its own value to the complete result (log scale)',
      mark: 'strip',
      colours: [shade(0), shade(0.25), shade(0.5), shade(0.75), shade(1)],
    },
    ...(tiles
      ? [
          {
            label: 'zoomed out: each tile is a group (blue outline: it sends)',
            mark: 'none',
            colours: [],
          } as LegendEntry,
        ]
      : []),
    {
      label: otis
        ? 'electronic message (XY route)'
        : 'electronic message (XY route; zoomed out on a big mesh, a big step marks its senders)',
      mark: 'line',
      colours: [COLORS.accent],
    },
    ...(otis
      ? [
          { label: 'optical transpose link', mark: 'line', colours: [OPTICAL_COLOUR] } as LegendEntry,
          { label: 'control group', mark: 'swatch', colours: [OPTICAL_COLOUR] } as LegendEntry,
        ]
      : []),
    { label: 'root', mark: 'ring', colours: [COLORS.highlight] },
    ...(info?.level
      ? [
          {
            label: 'corner mark: EDN level (darker = higher)',
            mark: 'swatch',
            colours: [ednMarks()[2]],
          } as LegendEntry,
        ]
      : []),
  ];
}

/**
 * The mesh at `step` as a picture of any size (the layout of the view on screen), zoomed as on
 * screen (`screen`: the view's box and zoom), else whole.
 */
export function meshPicture(
  r: RunResult,
  step: number,
  o: {
    highlight?: readonly number[] | null;
    hovered?: number | null;
    marked?: readonly number[];
    screen?: { width: number; height: number; view: View; type: TypeScale };
  } = {},
): FramePicture {
  const { info, side, groups } = meshGridOf(r);
  const layoutFor = (width: number, height: number, type: TypeScale) =>
    meshLayout(width, Math.max(0, height - meshCaptionRoom(type)), side, groups);
  return {
    name: 'mesh',
    title: `${groups > 1 ? `OTIS-Mesh of ${groups} groups of ${side * side}` : `${side} × ${side} mesh`} processors, ${r.algorithm}, step ${step} of ${r.schedule.stepCount}`,
    layout: (width, height, type) => {
      const layout = layoutFor(width, height, type);
      const top = meshCaptionRoom(type);
      const s = o.screen;
      const view = s
        ? carryView(
            s.view,
            layoutFor(s.width, s.height, s.type),
            [s.width, s.height - meshCaptionRoom(s.type)],
            layout,
            [width, height - top],
          )
        : { k: 1, x: 0, y: 0 };
      return meshPrimitives({
        result: r,
        step,
        layout,
        view,
        width,
        height,
        top,
        counts: stepCounts(r.holdings, step).counts,
        info,
        side,
        groups,
        highlight: o.highlight ?? null,
        hovered: o.hovered ?? null,
        marked: o.marked,
        compact: false,
        type,
      });
    },
    // Tiles or processors as on screen (whole: as at 1280 × 720).
    legend: () => {
      const s = o.screen ?? { width: 1280, height: 720, view: { k: 1 }, type: DESK_TYPE };
      return meshLegend(r, showsTiles(layoutFor(s.width, s.height, s.type), groups, s.view.k));
    },
  };
}
