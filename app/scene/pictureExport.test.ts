import { describe, expect, it } from 'vitest';
import { carryView } from '../families/mesh/meshPicture';
import { meshLayout } from '../families/mesh/meshLayout';
import { drainDrawing, pictureSide } from './pictureExport';

describe('pictureSide', () => {
  it('keeps whole sizes within 200–4000 px and falls back on what is not a number', () => {
    expect(pictureSide(1280.4, 720)).toBe(1280);
    expect(pictureSide(50, 720)).toBe(200);
    expect(pictureSide(1e9, 720)).toBe(4000);
    expect(pictureSide(NaN, 720)).toBe(720);
    expect(pictureSide(Infinity, 720)).toBe(720);
  });
});

describe('drainDrawing', () => {
  it('runs a drawing to its end, each part through `around`', async () => {
    const log: string[] = [];
    function* drawing() {
      log.push('a');
      yield;
      log.push('b');
    }
    let parts = 0;
    await drainDrawing(drawing(), (part) => {
      parts++;
      return part();
    });
    expect(log).toEqual(['a', 'b']);
    expect(parts).toBe(2);
  });
});

describe('carryView (the mesh keeps its zoom in a picture of another size)', () => {
  it('the same magnification, the point in the middle of the box stays in the middle', () => {
    const from = meshLayout(800, 600, 8, 1);
    const to = meshLayout(1600, 900, 8, 1);
    // Zoomed 4× on processor (2, 5)'s cell centre.
    const [px, py] = [from.x0 + 2.5 * from.cell, from.y0 + 5.5 * from.cell];
    const view = { k: 4, x: 400 - 4 * px, y: 300 - 4 * py };
    const carried = carryView(view, from, [800, 600], to, [1600, 900]);
    expect(carried.k).toBe(4);
    const [qx, qy] = [to.x0 + 2.5 * to.cell, to.y0 + 5.5 * to.cell];
    expect(carried.x + 4 * qx).toBeCloseTo(800);
    expect(carried.y + 4 * qy).toBeCloseTo(450);
    // Not zoomed: left as it is.
    const whole = { k: 1, x: 0, y: 0 };
    expect(carryView(whole, from, [800, 600], to, [1600, 900])).toBe(whole);
  });
});
