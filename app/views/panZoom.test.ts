import { describe, expect, it } from 'vitest';
import { createPanZoom, KEY_ZOOM, wheelFactor, WHOLE } from './panZoom';

const box = (maxZoom = 16) => {
  const pz = createPanZoom({ maxZoom });
  pz.setViewport(800, 600);
  return pz;
};

describe('the pan-zoom object', () => {
  it('starts with the whole picture, where view and world points agree', () => {
    const pz = box();
    expect(pz.view).toEqual(WHOLE);
    expect(pz.zoomed()).toBe(false);
    expect(pz.toWorld(123, 45)).toEqual([123, 45]);
  });

  it('keeps the point it zooms around where it was', () => {
    const pz = box();
    const before = pz.toWorld(200, 150);
    pz.zoomAt(3, 200, 150);
    expect(pz.view.k).toBe(3);
    const after = pz.toWorld(200, 150);
    expect(after[0]).toBeCloseTo(before[0], 9);
    expect(after[1]).toBeCloseTo(before[1], 9);
    // And again from a zoomed view, around another point.
    const w = pz.toWorld(500, 400);
    pz.zoomAt(2, 500, 400);
    const [sx, sy] = pz.toScreen(...w);
    expect(sx).toBeCloseTo(500, 9);
    expect(sy).toBeCloseTo(400, 9);
  });

  it('maps pointer positions to world points and back through the transform', () => {
    const pz = box();
    pz.zoomAt(2, 0, 0);
    pz.panBy(-100, -50);
    expect(pz.view).toEqual({ k: 2, x: -100, y: -50 });
    // The view point (300, 250) shows world point ((300 + 100) / 2, (250 + 50) / 2).
    expect(pz.toWorld(300, 250)).toEqual([200, 150]);
    expect(pz.toScreen(200, 150)).toEqual([300, 250]);
  });

  it('keeps the zoom between 1 and its deepest, and the picture covering the viewport', () => {
    const pz = box(8);
    pz.zoomAt(100, 400, 300);
    expect(pz.view.k).toBe(8);
    pz.zoomAt(0.001, 400, 300);
    expect(pz.view).toEqual(WHOLE);
    // At 1× there is nothing to pan.
    pz.panBy(50, 50);
    expect(pz.view).toEqual(WHOLE);
    // At 2× the shift stays within [viewport − 2·viewport, 0].
    pz.zoomAt(2, 400, 300);
    pz.panBy(10_000, -10_000);
    expect(pz.view).toEqual({ k: 2, x: 0, y: -600 });
    // A lower limit applies at once.
    pz.zoomAt(4, 400, 300);
    pz.update({ maxZoom: 3 });
    expect(pz.view.k).toBe(3);
  });

  it('resets to the whole picture, from a call or the 0 key, and tells its listeners', () => {
    const pz = box();
    const seen: number[] = [];
    const stop = pz.subscribe((v) => seen.push(v.k));
    pz.key('zoom-in');
    expect(pz.view.k).toBe(KEY_ZOOM);
    pz.key('pan-right');
    expect(pz.view.x).toBeLessThan((800 - KEY_ZOOM * 800) / 2);
    pz.key('whole');
    expect(pz.view).toEqual(WHOLE);
    pz.zoomAt(2, 10, 10);
    pz.reset();
    expect(pz.view).toEqual(WHOLE);
    expect(seen).toEqual([KEY_ZOOM, KEY_ZOOM, 1, 2, 1]);
    stop();
    pz.zoomAt(2, 10, 10);
    expect(seen).toHaveLength(5);
  });

  it('keeps the view within a smaller viewport when the box shrinks', () => {
    const pz = box();
    pz.zoomAt(2, 800, 600);
    expect(pz.view).toEqual({ k: 2, x: -800, y: -600 });
    pz.setViewport(400, 300);
    expect(pz.view).toEqual({ k: 2, x: -400, y: -300 });
  });

  it('zooms in for a wheel turned up, out for one turned down, twice for about 500 px', () => {
    expect(wheelFactor(-500, 0)).toBeCloseTo(2, 9);
    expect(wheelFactor(500, 0)).toBeCloseTo(0.5, 9);
    expect(wheelFactor(-10, 1)).toBeCloseTo(2 ** 0.5, 9);
    // A trackpad pinch (Ctrl held) moves faster per pixel.
    expect(wheelFactor(-10, 0, true)).toBeGreaterThan(wheelFactor(-10, 0));
  });
});
