import { describe, expect, it } from 'vitest';
import { cellAt, centreOf, meshLayout, processorAt } from './meshLayout';

describe('mesh layout', () => {
  it('fits the blocks in the box and puts group G at block (⌊G/√P⌋, G mod √P)', () => {
    const l = meshLayout(800, 600, 4, 16);
    const total = 4 * 4 * l.cell + 3 * l.gap;
    expect(total).toBeLessThanOrEqual(600 - 24 + 1e-6);
    // Group 6 = block row 1, column 2; its processor 0 starts there.
    const [x, y] = cellAt(l, 6 * 16);
    expect(x).toBeCloseTo(l.x0 + 2 * (4 * l.cell + l.gap));
    expect(y).toBeCloseTo(l.y0 + 1 * (4 * l.cell + l.gap));
  });

  it('finds the processor under a point, and none in the gaps', () => {
    const l = meshLayout(800, 600, 4, 16);
    for (const v of [0, 5, 37, 255]) {
      const [cx, cy] = centreOf(l, v);
      expect(processorAt(l, 16, cx, cy)).toBe(v);
    }
    const [x, y] = cellAt(l, 3);
    expect(processorAt(l, 16, x + l.cell + l.gap / 2, y + 1)).toBe(-1);
  });
});
