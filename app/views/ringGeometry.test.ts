import { describe, expect, it } from 'vitest';
import { laneLabels, laneRadius, ringLayout } from './ringGeometry';

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

describe('laneLabels', () => {
  it('write each used lane’s number on its lane, never closer than the type size, per fibre', () => {
    const l = ringLayout(800, 600, 16, 8);
    const font = 11;
    const labels = laneLabels(l, [0, 1, 2, 3, 4, 5, 6, 7], 8, font, -Math.PI / 2);
    for (const cw of [true, false]) {
      const mine = labels.filter((x) => x.clockwise === cw);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine[0].text).toBe('λ0');
      for (let i = 1; i < mine.length; i++)
        expect(Math.abs(mine[i].radius - mine[i - 1].radius)).toBeGreaterThanOrEqual(font);
      for (const m of mine) {
        // On its lane: the clockwise fibre's outside the node circle, the other's inside.
        expect(m.radius).toBeCloseTo(laneRadius(l, m.ch, cw), 9);
        expect(cw ? m.radius > l.r : m.radius < l.r).toBe(true);
        expect(m.text).toBe(`λ${m.ch}`);
        // At the angle asked for (straight up).
        expect(m.x).toBeCloseTo(l.cx, 9);
        expect(m.y).toBeLessThan(l.cy);
      }
    }
  });

  it('name only the lanes in use, and the last lane as the range of wavelengths it carries', () => {
    const l = ringLayout(800, 600, 16, 256);
    expect(l.lanes).toBeLessThan(256);
    const labels = laneLabels(l, [2, 200, 255], 256, 1, 0);
    const outer = labels.filter((x) => x.clockwise).map((x) => x.text);
    expect(outer).toEqual(['λ2', `λ${l.lanes - 1}–255`]);
    expect(laneLabels(l, [], 256, 11, 0)).toEqual([]);
    // With every wavelength in use and room for few numbers, the shared last lane is still named.
    const all = Array.from({ length: 256 }, (_, i) => i);
    const dense = laneLabels(l, all, 256, 11, 0).filter((x) => x.clockwise);
    expect(dense[0].text).toBe('λ0');
    expect(dense[dense.length - 1].text).toBe(`λ${l.lanes - 1}–255`);
    for (let i = 1; i < dense.length; i++)
      expect(Math.abs(dense[i].radius - dense[i - 1].radius)).toBeGreaterThanOrEqual(11);
  });
});
