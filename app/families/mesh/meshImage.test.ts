import { describe, expect, it } from 'vitest';
import { meshLayout } from './meshLayout';
import { fillShadeRows, markSenders, shadeIndex, visibleWindow } from './meshImage';

describe('a zoomed-out mesh as an image, a pixel per processor', () => {
  it('takes every processor of the whole picture, and only those on screen once zoomed', () => {
    const l = meshLayout(400, 400, 1024, 1);
    expect(visibleWindow(l, 0, 0, 400, 400)).toEqual({ c0: 0, c1: 1024, r0: 0, r1: 1024 });
    // The middle 40 px of the picture (a little over a tenth, the margins aside): the columns and rows
    // around 512.
    const w = visibleWindow(l, 180, 180, 220, 220);
    expect(w.c1 - w.c0).toBeGreaterThan(100);
    expect(w.c1 - w.c0).toBeLessThan(115);
    expect(w.c0).toBeLessThan(512);
    expect(w.c1).toBeGreaterThan(512);
    expect(w.r0).toBe(w.c0);
  });

  it('gives each processor of the window its shade: own value pale, complete result deep', () => {
    const side = 4;
    const counts = new Uint32Array(16).fill(1);
    counts[5] = 16; // row 1, column 1: the complete result
    counts[6] = 4; // row 1, column 2: halfway on the log scale
    const rgb = Array.from({ length: 9 }, (_, i) => [i, 10 * i, 20 * i]);
    const w = { c0: 1, c1: 3, r0: 1, r1: 3 };
    const data = new Uint8ClampedArray(2 * 2 * 4);
    fillShadeRows(data, w, side, counts, 16, rgb, 0, 1);
    expect([...data.slice(0, 4)]).toEqual([8, 80, 160, 255]);
    expect([...data.slice(4, 8)]).toEqual([4, 40, 80, 255]);
    // Row 1 of the window was not asked for yet: untouched.
    expect([...data.slice(8)]).toEqual(new Array(8).fill(0));
    fillShadeRows(data, w, side, counts, 16, rgb, 1, 2);
    expect([...data.slice(8, 12)]).toEqual([0, 0, 0, 255]);
    expect(shadeIndex(0.5)).toBe(4);
  });

  it("marks a step's senders in the window in the message colour, and only those inside it", () => {
    const w = { c0: 1, c1: 3, r0: 0, r1: 2 };
    const data = new Uint8ClampedArray(2 * 2 * 4);
    // Processors 1 (row 0, column 1), 6 (row 1, column 2) and 0 (outside the window) send.
    markSenders(data, w, 4, Uint32Array.of(1, 6, 0), 0, 3, [7, 8, 9]);
    expect([...data.slice(0, 3)]).toEqual([7, 8, 9]);
    expect([...data.slice(4, 7)]).toEqual([0, 0, 0]);
    expect([...data.slice(12, 15)]).toEqual([7, 8, 9]);
    expect([...data.slice(8, 11)]).toEqual([0, 0, 0]);
  });
});
