import { describe, expect, it } from 'vitest';
import { circuitLink, circuitTopology } from '../../../src/families/circuit/circuits';
import type { MarkShape } from '../../views/drawMarkedLinks';
import { circuitMarkShapes } from './circuitMarks';
import { circuitLayout, circuitXY } from './circuitScene';

const n = 9;
const topo = circuitTopology(n, [1, 3]);
const l = circuitLayout(600, 600, n);
const xy = circuitXY(l, n);
const dist = (x: number, y: number, v: number) => Math.hypot(x - xy[2 * v], y - xy[2 * v + 1]);

describe('a marked circuit on the circuit picture', () => {
  it('runs from the node to its peer at the configuration’s offset, both ringed', () => {
    // Configuration 1 (offset 3): node 2's right circuit goes to node 5.
    const shapes = circuitMarkShapes(topo, l, xy, [circuitLink(n, 1, 2, 1)]);
    const b = shapes.find((s) => s.kind === 'band') as Extract<MarkShape, { kind: 'band' }>;
    expect(dist(b.x0, b.y0, 2)).toBeLessThan(dist(b.x0, b.y0, 5));
    expect(dist(b.x1, b.y1, 5)).toBeLessThan(dist(b.x1, b.y1, 2));
    expect(shapes.filter((s) => s.kind === 'ring').map((s) => s.kind === 'ring' && [s.x, s.y])).toEqual([
      [xy[4], xy[5]],
      [xy[10], xy[11]],
    ]);
  });

  it('the two directions of one circuit are two lanes, not one line', () => {
    const there = circuitMarkShapes(topo, l, xy, [circuitLink(n, 1, 2, 1)])[0];
    const back = circuitMarkShapes(topo, l, xy, [circuitLink(n, 1, 5, -1)])[0];
    if (there.kind !== 'band' || back.kind !== 'band') throw new Error('bands expected');
    const mid = (s: typeof there) => [(s.x0 + s.x1) / 2, (s.y0 + s.y1) / 2];
    const [a, b] = [mid(there), mid(back)];
    expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeGreaterThan(3);
  });
});
