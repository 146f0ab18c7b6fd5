import { describe, expect, it } from 'vitest';
import { DESK_TYPE, LECTURE_TYPE } from '../../views/canvasText';
import { treeLabels } from './TcpTreePanel';

/** A root in the middle of the 340-unit drawing and `n − 1` nodes on one ring of radius 150. */
function star(n: number) {
  return {
    nodes: Array.from({ length: n }, (_, i) => {
      const a = (2 * Math.PI * (i - 1)) / (n - 1);
      return {
        id: i,
        depth: i === 0 ? 0 : 1,
        at: (i === 0 ? [170, 170] : [170 + 150 * Math.cos(a), 170 + 150 * Math.sin(a)]) as [number, number],
      };
    }),
  };
}

describe('TCP1 tree numbers', () => {
  it('at the desk: every node up to 64, in drawing units, on unchanged circles', () => {
    const l = treeLabels(star(64), 64, 7, 1, DESK_TYPE);
    expect(l.shown.size).toBe(64);
    expect(l.size).toBe(7);
    expect(l.radius).toBe(7);
    expect(treeLabels(star(100), 100, 4, 1, DESK_TYPE).shown.size).toBe(0);
  });
  it('in lecture type: 18 px on screen whatever the scale, on circles that hold them', () => {
    expect(treeLabels(star(16), 16, 7, 0.5, LECTURE_TYPE).size * 0.5).toBe(18);
    const l = treeLabels(star(16), 16, 7, 1, LECTURE_TYPE);
    expect(l.size).toBe(18);
    expect(l.radius).toBeGreaterThan(7);
    expect(l.shown.size).toBe(16);
  });
  it('in lecture type a dense ring is thinned so that no two numbered circles overlap', () => {
    const tree = star(64);
    const l = treeLabels(tree, 64, 7, 0.9, LECTURE_TYPE);
    expect(l.shown.has(0)).toBe(true);
    expect(l.shown.size).toBeGreaterThan(8);
    expect(l.shown.size).toBeLessThan(64);
    const shown = tree.nodes.filter((d) => d.depth === 1 && l.shown.has(d.id));
    for (let i = 0; i < shown.length; i++)
      for (let j = i + 1; j < shown.length; j++) {
        const [a, b] = [shown[i].at, shown[j].at];
        expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeGreaterThanOrEqual(2 * l.radius);
      }
  });
});
