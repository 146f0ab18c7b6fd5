import { describe, expect, it } from 'vitest';
import { meshExtent, meshLayout } from './meshLayout';
import type { View } from '../../views/panZoom';
import { minimapFrame, minimapSize, MIN_MAP, viewCentredAt } from './minimap';

describe('the mesh overview map', () => {
  // The OTIS-Mesh of 1024 groups of 1024 in the view's box at 1280 × 720.
  const [w, h] = [350, 270];
  const l = meshLayout(w, h, 32, 1024);
  const map = (view: View) => ({ layout: l, view, width: w, height: h, size: 90 });

  it('frames the whole map when the whole network is on screen', () => {
    const f = minimapFrame(map({ k: 1, x: 0, y: 0 }));
    expect(f.scale).toBeCloseTo(90 / meshExtent(l));
    expect([f.x, f.y, f.w, f.h].map((v) => Math.round(v))).toEqual([0, 0, 90, 90]);
  });

  it('frames a quarter of the width at 4× zoom, and follows a click to its middle', () => {
    const v = viewCentredAt(map({ k: 4, x: 0, y: 0 }), 60, 30);
    expect(v.k).toBe(4);
    const f = minimapFrame(map(v));
    // The box is wider than the network: a 4× view shows w / 4 of it, h / 4 down.
    expect(f.w).toBeCloseTo(((w / 4) * 90) / meshExtent(l));
    expect(f.h).toBeCloseTo(((h / 4) * 90) / meshExtent(l));
    expect(f.x + f.w / 2).toBeCloseTo(60);
    expect(f.y + f.h / 2).toBeCloseTo(30);
  });

  it('keeps a click off the map on its edge, and the frame inside the map', () => {
    const v = viewCentredAt(map({ k: 8, x: 0, y: 0 }), -50, 500);
    const f = minimapFrame(map(v));
    expect(f.x).toBe(0);
    expect(f.y + f.h).toBeCloseTo(90);
  });

  it('is at most a third of the box, larger in lecture type, and not shown in a tiny box', () => {
    expect(minimapSize(1, 350, 270)).toBe(90);
    expect(minimapSize(1, 900, 600)).toBe(120);
    expect(minimapSize(1.35, 900, 600)).toBe(162);
    expect(minimapSize(1, 120, 100)).toBeLessThan(MIN_MAP);
  });
});
