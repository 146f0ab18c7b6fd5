import { describe, expect, it } from 'vitest';
import { nodeAngle } from '../../views/ringGeometry';
import { BAND_LEVELS, bandLevel, laneSegment, laneSizes } from './circuitLanes';

/** Distance of point (x, y) from the centre line through (x0, y0) and (x1, y1). */
function lineDistance(x0: number, y0: number, x1: number, y1: number, x: number, y: number): number {
  return Math.abs((x1 - x0) * (y0 - y) - (x0 - x) * (y1 - y0)) / Math.hypot(x1 - x0, y1 - y0);
}

describe('circuit lanes', () => {
  it('put the two directions of a circuit on lanes apart by more than the widest band', () => {
    for (const [n, r, nodeRadius] of [
      [9, 200, 12],
      [64, 170, 4.6],
      [256, 250, 2],
      [2187, 250, 1.5],
    ]) {
      const { maxWidth, offset } = laneSizes(n, r, nodeRadius);
      expect(maxWidth).toBeGreaterThanOrEqual(3);
      expect(maxWidth).toBeLessThanOrEqual(6);
      // Centre lines 2·offset apart, bands at most maxWidth wide: a gap of at least 1 px between them.
      expect(2 * offset - maxWidth).toBeGreaterThanOrEqual(1);
      // Node u to its right peer v (clockwise), and v back to u (going left), on a circle round (0, 0).
      for (const k of [1, 3, Math.floor(n / 3)]) {
        const [u, v] = [0, k % n];
        const [x0, y0] = [r * Math.cos(nodeAngle(u, n)), r * Math.sin(nodeAngle(u, n))];
        const [x1, y1] = [r * Math.cos(nodeAngle(v, n)), r * Math.sin(nodeAngle(v, n))];
        const right = laneSegment(x0, y0, x1, y1, offset);
        const left = laneSegment(x1, y1, x0, y0, offset);
        // Each lane runs parallel to the chord at `offset`, on opposite sides.
        for (const seg of [right, left]) {
          expect(lineDistance(x0, y0, x1, y1, seg[0], seg[1])).toBeCloseTo(offset, 6);
          expect(lineDistance(x0, y0, x1, y1, seg[2], seg[3])).toBeCloseTo(offset, 6);
        }
        expect(Math.hypot(right[0] - left[2], right[1] - left[3])).toBeCloseTo(2 * offset, 6);
        // Going right (clockwise) keeps outside the chord, going left inside: farther from the centre.
        const mid = (s: number[]) => Math.hypot((s[0] + s[2]) / 2, (s[1] + s[3]) / 2);
        expect(mid(right)).toBeGreaterThan(mid(left));
      }
    }
  });

  it('trim a hop’s ends off the node discs, never past a third of the hop', () => {
    const [xs, ys, xe, ye] = laneSegment(0, 0, 30, 0, 2, 4);
    // Travelling +x with y down: the left-hand side is up (−y).
    expect([xs, ys, xe, ye]).toEqual([4, -2, 26, -2]);
    const short = laneSegment(0, 0, 6, 0, 0, 5);
    expect([short[0], short[2]]).toEqual([2, 4]);
  });

  it('grade band widths by load: the busiest at the widest level, any load at least level 1', () => {
    expect(bandLevel(0, 10)).toBe(0);
    expect(bandLevel(10, 10)).toBe(BAND_LEVELS);
    expect(bandLevel(1, 1000)).toBe(1);
    expect(bandLevel(5, 10)).toBe(BAND_LEVELS / 2);
    expect(bandLevel(3, 0)).toBe(0);
  });
});
