import type { MeshExtras } from '../../../src/families/mesh/mesh-picture';
import { stepRange } from '../../../src/kernel/model/schedule';
import type { RunResult } from '../../../src/result';
import type { TypeScale } from '../../views/canvasText';
import type { View } from '../../views/panZoom';
import type { MeshLayout } from './meshLayout';
import { showsImage, showsTiles, visibleGroups } from './meshScene';

/** Processors or messages handled between two points where a layout may pause. */
export const CHUNK = 4096;

/** What the mesh picture shows: the run, the step, where things go and how the view is zoomed. */
export interface MeshPicture {
  result: RunResult;
  step: number;
  layout: MeshLayout;
  /** Zoom and pan (d3-zoom's transform) of the picture below the caption. */
  view: View;
  width: number;
  height: number;
  /** Room above the picture for the step caption (0 in compare panes). */
  top: number;
  /** Contributions each processor's partial combines after `step`. */
  counts: Uint32Array;
  info: MeshExtras | null;
  side: number;
  groups: number;
  highlight: readonly number[] | null;
  /** The processor under the pointer: its optical link is drawn. */
  hovered: number | null;
  /** Links marked from the link-load view or a verdict (markedLinks.ts). */
  marked?: readonly number[];
  compact: boolean;
  /** Desk or lecture type (canvasText.ts). */
  type?: TypeScale;
}

/**
 * What is on screen at the picture's zoom, in layout coordinates, and the level of detail there:
 * worked out once, read by the cells', the messages' and the labels' layouts.
 */
export function meshSight(m: MeshPicture) {
  const { layout: l, view, width, height, top, side, groups } = m;
  const s = m.result.schedule;
  const { k } = view;
  const [vx0, vy0] = [-view.x / k, -view.y / k];
  const [vx1, vy1] = [vx0 + width / k, vy0 + (height - top) / k];
  const onScreen = visibleGroups(l, groups, vx0, vy0, vx1, vy1);
  const seen = new Uint8Array(groups);
  for (const g of onScreen) seen[g] = 1;
  const cellPx = l.cell * k;
  const inStep = m.step >= 1 && m.step <= s.stepCount;
  const [a, b] = inStep ? stepRange(s, m.step) : [0, 0];
  const asImage = showsImage(l, groups, k);
  return {
    k,
    p: side * side,
    total: s.blocks.count,
    box: { x0: vx0, y0: vy0, x1: vx1, y1: vy1 },
    onScreen,
    seen,
    tiles: showsTiles(l, groups, k),
    cellPx,
    inset: cellPx > 6 ? 1 / k : 0,
    blockSize: side * l.cell,
    inStep,
    /** The step's transfers [a, b). */
    a,
    b,
    asImage,
    /** A plain mesh drawn as an image marks a big step's senders in it rather than drawing its arrows. */
    sendersOnly: asImage && b - a > CHUNK,
  };
}

export type MeshSight = ReturnType<typeof meshSight>;
