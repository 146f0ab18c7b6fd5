import { describe, expect, it } from 'vitest';
import { cellAt, meshExtent, meshLayout } from './meshLayout';

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

  it('fits the whole network in any box: a million processors in 32 × 32 groups, or in one 1024 × 1024 mesh', () => {
    // The OTIS view's boxes at 1280 × 720 and 1366 × 768 (beside the detail pane, and alone), and smaller.
    for (const [w, h] of [
      [350, 270],
      [536, 340],
      [900, 560],
      [200, 150],
      [120, 90],
    ])
      for (const [side, groups] of [
        [32, 1024],
        [1024, 1],
        [16, 256],
      ]) {
        const l = meshLayout(w, h, side, groups);
        const room = Math.min(w, h) - 24;
        expect(meshExtent(l), `${w} × ${h}, ${groups} of ${side}²`).toBeLessThanOrEqual(room + 1e-6);
        expect(l.x0).toBeGreaterThanOrEqual(12 - 1e-6);
        expect(l.y0).toBeGreaterThanOrEqual(12 - 1e-6);
        expect(l.cell).toBeGreaterThan(0);
        // Groups stay apart: a gap of at least a pixel, and never more than a quarter of a group's share.
        if (groups > 1) {
          expect(l.gap).toBeGreaterThanOrEqual(Math.min(1, room / Math.sqrt(groups) / 4));
          expect(l.gap).toBeLessThanOrEqual(Math.max(l.cell / 3, room / Math.sqrt(groups) / 4) + 1e-9);
        }
      }
  });
});
