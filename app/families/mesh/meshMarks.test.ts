import { describe, expect, it } from 'vitest';
import { eastLink, meshTopology, opticalLink, southLink } from '../../../src/families/mesh/geometry';
import type { MarkShape } from '../../views/drawMarkedLinks';
import { centreOf, meshLayout } from './meshLayout';
import { meshMarkShapes, SEEN_FROM_PX } from './meshMarks';
import { blockAt, showsTiles } from './meshScene';

const bandOf = (s: MarkShape[]) => s.filter((x) => x.kind === 'band');
const boxes = (s: MarkShape[]) => s.filter((x) => x.kind === 'box');

describe('a marked link on the mesh picture', () => {
  it('a grid link is a band between its two processors’ centres', () => {
    const m = { side: 4, groups: 1 };
    const topo = meshTopology(m);
    const l = meshLayout(800, 800, 4, 1);
    // East link of row 1, column 2: processor 6 → 7; south link of row 0, column 3: 3 → 7.
    const [east] = meshMarkShapes(topo, l, 1, [eastLink(m, 0, 1, 2)], 1);
    expect(east).toEqual({
      kind: 'band',
      x0: centreOf(l, 6)[0],
      y0: centreOf(l, 6)[1],
      x1: centreOf(l, 7)[0],
      y1: centreOf(l, 7)[1],
    });
    const [south] = meshMarkShapes(topo, l, 1, [southLink(m, 0, 0, 3)], 1);
    expect(south).toMatchObject({ x0: centreOf(l, 3)[0], y0: centreOf(l, 3)[1], y1: centreOf(l, 7)[1] });
    expect(meshMarkShapes(topo, l, 1, [topo.linkCount, -1], 1)).toEqual([]);
  });

  it('an optical link runs from (G, N) to its transpose (N, G)', () => {
    const m = { side: 2, groups: 4 };
    const topo = meshTopology(m);
    const l = meshLayout(800, 800, 2, 4);
    expect(showsTiles(l, 4, 1)).toBe(false);
    // Group 1, processor 2 → group 2, processor 1: processors 6 and 9.
    const [b] = bandOf(meshMarkShapes(topo, l, 4, [opticalLink(m, 1, 2)], 1));
    expect(b).toMatchObject({
      x0: centreOf(l, 6)[0],
      y0: centreOf(l, 6)[1],
      x1: centreOf(l, 9)[0],
      y1: centreOf(l, 9)[1],
    });
  });

  it('zoomed out to tiles: a grid link outlines its group, an optical link joins two outlined groups', () => {
    const m = { side: 4, groups: 16 };
    const topo = meshTopology(m);
    const l = meshLayout(60, 60, 4, 16, 2);
    expect(showsTiles(l, 16, 1)).toBe(true);
    const grid = meshMarkShapes(topo, l, 16, [eastLink(m, 5, 0, 0)], 1);
    expect(bandOf(grid)).toEqual([]);
    const [box] = boxes(grid);
    const [gx, gy] = blockAt(l, 5);
    expect(box.kind === 'box' && box.x < gx && box.y < gy && box.x + box.w > gx + 4 * l.cell).toBe(true);
    const optical = meshMarkShapes(topo, l, 16, [opticalLink(m, 3, 12)], 1);
    expect(bandOf(optical)).toHaveLength(1);
    expect(boxes(optical)).toHaveLength(2);
    // Zoomed in on the same network, the processors are drawn again, and so is the link.
    const k = 20;
    expect(showsTiles(l, 16, k)).toBe(false);
    expect(boxes(meshMarkShapes(topo, l, 16, [eastLink(m, 5, 0, 0)], k))).toEqual([]);
  });

  it('on a plain mesh too big to see one link, a box at least SEEN_FROM_PX across marks it', () => {
    const m = { side: 128, groups: 1 };
    const topo = meshTopology(m);
    const l = meshLayout(700, 700, 128, 1);
    const shapes = meshMarkShapes(topo, l, 1, [eastLink(m, 0, 100, 100)], 1);
    const [box] = boxes(shapes);
    expect(box.kind === 'box' && box.w).toBeGreaterThanOrEqual(SEEN_FROM_PX);
  });
});
