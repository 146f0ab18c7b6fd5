import { describe, expect, it } from 'vitest';
import { PALETTES, THEMES } from '../lib/colors';
import { blendShares, blockMarks, colourShares, markColourOn, shareColourMatrix } from './matrixStates';

/** What feColorMatrix does to one pixel (values 0–255), as the SVG filter specification says. */
function applyMatrix(values: string, px: readonly [number, number, number]): number[] {
  const m = values.trim().split(/\s+/).map(Number);
  const v = [...px.map((c) => c / 255), 1, 1];
  return [0, 1, 2].map((row) => {
    const r = m.slice(row * 5, row * 5 + 5);
    const out = r[0] * v[0] + r[1] * v[1] + r[2] * v[2] + r[3] * v[3] + r[4];
    return Math.round(255 * Math.min(1, Math.max(0, out)));
  });
}

describe('the block matrix’s share pixels', () => {
  it('the colour matrix turns each share pixel into the blend of the theme’s state colours', () => {
    for (const theme of THEMES) {
      const states = PALETTES[theme].blockStates;
      const matrix = shareColourMatrix(states);
      expect(applyMatrix(matrix, [0, 0, 0])).toEqual([...states.source]);
      expect(applyMatrix(matrix, [255, 0, 0])).toEqual([...states.home]);
      expect(applyMatrix(matrix, [0, 255, 0])).toEqual([...states.transit]);
      for (const [home, transit] of [
        [0.25, 0.5],
        [0.5, 0],
        [0.1, 0.9],
      ]) {
        const got = applyMatrix(matrix, [Math.round(255 * home), Math.round(255 * transit), 0]);
        const want = blendShares(states, home, transit);
        for (let c = 0; c < 3; c++) expect(Math.abs(got[c] - want[c])).toBeLessThanOrEqual(1);
      }
    }
  });

  it('coloured on the CPU for a picture out, pixel for pixel as the colour matrix does on screen', () => {
    for (const theme of THEMES) {
      const states = PALETTES[theme].blockStates;
      const matrix = shareColourMatrix(states);
      const shares = new Uint8ClampedArray([0, 0, 0, 255, 255, 0, 0, 255, 0, 255, 0, 255, 64, 128, 0, 255]);
      const out = colourShares(shares, states);
      for (let p = 0; p < shares.length; p += 4) {
        const want = applyMatrix(matrix, [shares[p], shares[p + 1], shares[p + 2]]);
        for (let c = 0; c < 3; c++) expect(Math.abs(out[p + c] - want[c])).toBeLessThanOrEqual(1);
        expect(out[p + 3]).toBe(255);
      }
    }
  });

  it('marks: a diagonal where blocks are on their way, a dot where some arrived in this step', () => {
    // Four pixels: at the source; on its way; delivered before; delivered now (half of its blocks).
    const before = new Uint8ClampedArray([0, 0, 0, 255, 0, 0, 0, 255, 255, 0, 0, 255, 0, 128, 0, 255]);
    const now = new Uint8ClampedArray([0, 0, 0, 255, 0, 255, 0, 255, 255, 0, 0, 255, 128, 127, 0, 255]);
    expect(blockMarks(now, before)).toEqual({ transit: [1, 3], arrived: [3] });
    // Step 0: nothing arrived yet.
    expect(blockMarks(now, null).arrived).toEqual([]);
  });

  it('a mark takes whichever of near-black and white stands out more on its fill', () => {
    expect(markColourOn([255, 255, 255])).toBe('#0f172a');
    expect(markColourOn([0, 0, 0])).toBe('#ffffff');
    expect(markColourOn(PALETTES.light.blockStates.home)).toBe('#ffffff');
    expect(markColourOn(PALETTES.light.blockStates.transit)).toBe('#0f172a');
  });
});
