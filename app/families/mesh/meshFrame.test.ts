import { describe, expect, it } from 'vitest';
import { defaultsOf } from '../../../src/kernel/params/schema';
import { CLI_LIMITS } from '../../../src/limits';
import { findAlgorithm } from '../../../src/registry';
import type { RunResult } from '../../../src/result';
import { meshGridOf } from '../../../src/families/mesh/mesh-picture';
import { run } from '../../../src/run';
import { hitTest } from '../../scene/hitTest';
import { finish, type Primitive } from '../../scene/primitives';
import type { View } from '../../views/panZoom';
import { meshCaptionRoom, meshPicture } from './meshPicture';
import { DESK_TYPE } from '../../views/canvasText';
import { cellAt, centreOf, meshLayout } from './meshLayout';

// The mesh picture as primitives: what the view paints, exports and tests the pointer against.

function result(id: string, extra: Record<string, number> = {}): RunResult {
  const spec = findAlgorithm(id)!;
  return run(id, { ...defaultsOf(spec.params), ...extra }, CLI_LIMITS);
}

const TOP = meshCaptionRoom(DESK_TYPE);
/** The mesh as its picture lays it out for a screen of `size` at `view`, and the layout it used. */
function laidOut(r: RunResult, step: number, view: View = { k: 1, x: 0, y: 0 }, size = [800, 656]) {
  const { side, groups } = meshGridOf(r);
  const [width, height] = size;
  const picture = meshPicture(r, step, { screen: { width, height, view, type: DESK_TYPE } });
  return {
    items: finish(picture.layout(width, height, DESK_TYPE)),
    layout: meshLayout(width, height - TOP, side, groups),
  };
}

/** Every primitive, groups opened. */
const flat = (items: readonly Primitive[]): Primitive[] =>
  items.flatMap((i) => (i.kind === 'group' ? [i, ...flat(i.items)] : [i]));

describe('the mesh laid out as primitives', () => {
  const otis = result('otis-allreduce', { 'group-size': 16 });

  it('is hit-tested processor by processor, through the view and below the caption, none in the gaps', () => {
    const { items, layout: l } = laidOut(otis, 1);
    for (const v of [0, 5, 37, 255]) {
      const [cx, cy] = centreOf(l, v);
      expect(hitTest(items, cx, cy + TOP)?.id).toBe(v);
    }
    const [x, y] = cellAt(l, 3);
    expect(hitTest(items, x + l.cell + l.gap / 2, y + 1 + TOP)).toBeNull();
    // Zoomed 3× onto processor 37: the view point of its centre names it.
    const [cx, cy] = centreOf(l, 37);
    const view = { k: 3, x: 400 - 3 * cx, y: 300 - 3 * cy };
    const zoomed = laidOut(otis, 1, view).items;
    expect(hitTest(zoomed, view.x + 3 * cx, TOP + view.y + 3 * cy)?.id).toBe(37);
  });

  it('clips the network below the caption and moves it by the view, the caption outside', () => {
    const view = { k: 2, x: -30, y: -40 };
    const { items } = laidOut(otis, 1, view);
    const [picture, title] = items;
    expect(picture).toMatchObject({ kind: 'group', clip: [['R', 0, TOP, 800, 656 - TOP]] });
    const inner = picture.kind === 'group' ? picture.items[0] : null;
    expect(inner).toMatchObject({ kind: 'group', transform: { k: 2, x: -30, y: -40 + TOP } });
    expect(title).toMatchObject({ kind: 'text', text: expect.stringMatching(/^Step 1/), baseline: 'top' });
  });

  it('draws a big plain mesh zoomed out as one image, a pixel per processor on screen', () => {
    const big = result('mesh-allreduce', { side: 256 });
    const images = flat(laidOut(big, 3).items).filter((i) => i.kind === 'image');
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ pixels: { cols: 256, rows: 256 }, smooth: false });
  });

  it('draws an OTIS-Mesh of 256 groups zoomed out as tiles: a few paths, not a path per processor', () => {
    const many = result('otis-allreduce', { 'group-size': 256 });
    const paths = flat(laidOut(many, 1).items).filter((i) => i.kind === 'path');
    expect(paths.length).toBeLessThan(40);
    // Each of the 256 groups is a tile (and its middle square): 512 rectangles in all.
    const rects = paths
      .flatMap((p) => (p.kind === 'path' && p.fill ? p.ops : []))
      .filter((o) => o[0] === 'R');
    expect(rects).toHaveLength(512);
  });
});
