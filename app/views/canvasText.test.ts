import { describe, expect, it } from 'vitest';
import { matrixMargins, numberEvery, roundStep } from './canvasText';

describe('matrix margins', () => {
  it('leave the turned-up title its band: the widest row number starts right of it', () => {
    // 12 px digits are under 7 px wide; the title's band is 18 px.
    for (const rows of [1, 8, 64, 100, 1024, 2187, 65_536, 1_048_576]) {
      const { left } = matrixMargins(rows);
      const widest = String(rows - 1).length * 7;
      expect(left - 4 - widest).toBeGreaterThanOrEqual(18 + 6);
    }
    // Wider numbers push the picture right: 4-digit rows need more room than 2-digit ones.
    expect(matrixMargins(1024).left).toBeGreaterThan(matrixMargins(64).left);
  });

  it('number at most about 16 rows a side, at round steps', () => {
    expect(numberEvery(8)).toBe(1);
    expect(numberEvery(64)).toBe(4);
    expect(numberEvery(1024)).toBe(64);
    expect(numberEvery(2187)).toBe(200); // ⌈2187 / 16⌉ = 137, rounded up to 2 × 10²
    expect(numberEvery(27)).toBe(2);
    expect(roundStep(130, 1024)).toBe(256);
    for (const n of [5, 27, 100, 729, 2187, 4096])
      expect(Math.ceil(n / numberEvery(n))).toBeLessThanOrEqual(16);
  });
});
