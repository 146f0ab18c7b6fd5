import { describe, expect, it } from 'vitest';
import { BIN_OVER, BIN_PRESENT, type LinkLoad } from '../../../src/kernel/replay/link-load';
import { stepTicks } from './drawLinkLoad';
import { binAt, binAtPixel, keyColour, OVER_RGB } from './linkLoadPicture';

/** A grid of 2 rows × 4 columns with the given ratios and states. */
function grid(ratio: number[], state: number[]): LinkLoad {
  return {
    rows: 2,
    cols: 4,
    linkCount: 2,
    stepCount: 4,
    ratio: Float32Array.from(ratio),
    state: Uint8Array.from(state),
  } as LinkLoad;
}

describe('the heatmap picture', () => {
  const P = BIN_PRESENT;
  const load = grid([0.25, 0.5, 0, 1, 0, 0.75, 0.5, 0], [P, P, P, P, 0, P, P | BIN_OVER, P]);

  it('a pixel over several bins shows the busiest: a conflict first, then the fullest, an absent link last', () => {
    // 2 × 1 pixels: each pixel covers a row of 4 bins.
    expect(binAtPixel(load, 1, 2, 0, 0)).toBe(3); // ratio 1
    expect(binAtPixel(load, 1, 2, 0, 1)).toBe(6); // over, though 0.5 < 0.75
    // 2 × 1: the first pixel covers columns 0–1 of both rows.
    expect(binAtPixel(load, 2, 1, 0, 0)).toBe(5);
    // One pixel per bin: the bin itself.
    expect(binAtPixel(load, 4, 2, 2, 0)).toBe(2);
  });

  it('finds the bin under a point, and nothing outside the grid', () => {
    const box = { x: 10, y: 0, width: 400, height: 200 };
    expect(binAt(load, box, 10 + 250, 150)).toBe(6);
    expect(binAt(load, box, 5, 150)).toBeNull();
    expect(binAt(load, box, 10 + 400, 150)).toBeNull();
  });

  it('colours a conflict apart from the scale, idle and absent links in the quiet tones', () => {
    const idle = [1, 2, 3];
    const absent = [4, 5, 6];
    expect(keyColour(1e9 + 0.5, idle, absent)).toBe(OVER_RGB);
    expect(keyColour(0, idle, absent)).toBe(idle);
    expect(keyColour(-1, idle, absent)).toBe(absent);
    expect(keyColour(0.5, idle, absent)).not.toEqual(keyColour(1, idle, absent));
  });

  it('writes the first and last step and round numbers between', () => {
    expect(stepTicks(1, 5)).toEqual([1]);
    expect(stepTicks(7, 5)).toEqual([1, 2, 4, 6, 7]);
    expect(stepTicks(4095, 6)).toEqual([1, 1000, 2000, 3000, 4095]);
  });
});
