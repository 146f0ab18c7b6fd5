import { rgb } from 'd3';
import { describe, expect, it } from 'vitest';
import { wavelengthColor } from './colors';

/** Distance between two colours in RGB (0 … 441). */
const distance = (a: string, b: string) => {
  const [x, y] = [rgb(a), rgb(b)];
  return Math.hypot(x.r - y.r, x.g - y.g, x.b - y.b);
};

describe('wavelength colours', () => {
  it('neighbouring wavelengths stay apart however many there are', () => {
    for (const w of [4, 10, 16, 64, 256, 1024]) {
      let nearest = Infinity;
      for (let i = 0; i + 1 < w; i++)
        nearest = Math.min(nearest, distance(wavelengthColor(i, w), wavelengthColor(i + 1, w)));
      // A plain spectrum of 256 colours puts neighbours about 3 apart; here they differ in lightness.
      expect(nearest, `w = ${w}`).toBeGreaterThan(40);
    }
  });
});
