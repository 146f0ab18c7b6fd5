import { describe, expect, it } from 'vitest';
import { laneRadius, ringLayout } from './ringGeometry';

describe('ringLayout', () => {
  it('gives positive radii in every box, however small, for every ring and wavelength count', () => {
    // A negative radius makes CanvasRenderingContext2D.arc throw: it blanked the page at 900 × 700.
    for (const width of [0, 1, 60, 119, 120, 130, 180, 240, 400, 900, 2000])
      for (const height of [0, 1, 60, 120, 150, 300, 700])
        for (const n of [2, 3, 8, 16, 35, 256, 4096])
          for (const w of [1, 2, 8, 18, 64, 512]) {
            const l = ringLayout(width, height, n, w);
            expect(l.r, `${width}×${height} n=${n} w=${w}`).toBeGreaterThan(0);
            expect(l.nodeRadius).toBeGreaterThan(0);
            for (const cw of [true, false])
              for (const ch of [0, l.lanes - 1, w - 1])
                expect(laneRadius(l, ch, cw), `${width}×${height} n=${n} w=${w}`).toBeGreaterThan(0);
          }
  });

  it('keeps the nodes inside the box when the box is big enough to draw in', () => {
    for (const [width, height] of [
      [120, 120],
      [130, 400],
      [800, 600],
    ])
      for (const n of [4, 64, 1024]) {
        const l = ringLayout(width, height, n, 16);
        expect(l.cx - l.r - l.nodeRadius).toBeGreaterThanOrEqual(0);
        expect(l.cy - l.r - l.nodeRadius).toBeGreaterThanOrEqual(0);
      }
  });
});
