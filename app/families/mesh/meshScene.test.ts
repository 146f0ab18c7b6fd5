import { describe, expect, it } from 'vitest';
import { meshLayout } from './meshLayout';
import { blockAt, groupProgress, partialFraction, showsImage, showsTiles, visibleGroups } from './meshScene';

describe('mesh scene', () => {
  it('shades partials on a log scale: own value 0, a group of 16 among 256 halfway, complete 1', () => {
    expect(partialFraction(1, 256)).toBe(0);
    expect(partialFraction(16, 256)).toBeCloseTo(0.5, 12);
    expect(partialFraction(256, 256)).toBe(1);
    expect(partialFraction(1, 1)).toBe(1);
  });

  it('finds the groups on screen: all of them unzoomed, one block when zoomed onto it', () => {
    const l = meshLayout(600, 600, 32, 1024);
    expect(visibleGroups(l, 1024, 0, 0, 600, 600)).toHaveLength(1024);
    const [x, y] = blockAt(l, 33); // row 1, column 1
    const inside = visibleGroups(l, 1024, x + 1, y + 1, x + 2, y + 2);
    expect(inside).toEqual([33]);
    // A window straddling four blocks.
    const block = 32 * l.cell + l.gap;
    expect(visibleGroups(l, 1024, x + block - 1, y + block - 1, x + block + 1, y + block + 1)).toEqual([
      33, 34, 65, 66,
    ]);
  });

  it('draws tiles only for OTIS-Meshes whose processors are under 3 px on screen', () => {
    const big = meshLayout(600, 600, 32, 1024); // about 0.55 px per processor
    expect(showsTiles(big, 1024, 1)).toBe(true);
    expect(showsTiles(big, 1024, 4)).toBe(true);
    expect(showsTiles(big, 1024, 8)).toBe(false);
    expect(showsTiles(meshLayout(600, 600, 1024, 1), 1, 1)).toBe(false);
  });

  it("a tile shows the mean of its processors' fractions and its most advanced partial", () => {
    // Two groups of 4 among 8 contributions: group 0 has one partial of 8 (complete), three own values.
    const counts = Uint32Array.from([8, 1, 1, 1, 2, 2, 4, 2]);
    const [mean, best] = [new Float32Array(2), new Float32Array(2)];
    groupProgress(counts, 8, 4, [0, 1], mean, best);
    expect(mean[0]).toBeCloseTo(0.25, 6);
    expect(best[0]).toBe(1);
    // log 2 / log 8 = 1/3 three times, log 4 / log 8 = 2/3 once.
    expect(mean[1]).toBeCloseTo((3 / 3 + 2 / 3) / 4, 6);
    expect(best[1]).toBeCloseTo(2 / 3, 6);
  });

  it('draws a plain mesh as an image while a processor is under 3 px, never an OTIS-Mesh', () => {
    const big = meshLayout(400, 400, 1024, 1);
    expect(showsImage(big, 1, 1)).toBe(true);
    expect(showsImage(big, 1, 3 / big.cell + 0.01)).toBe(false);
    expect(showsImage(meshLayout(400, 400, 16, 1), 1, 1)).toBe(false);
    expect(showsImage(meshLayout(400, 400, 32, 1024), 1024, 1)).toBe(false);
  });
});
