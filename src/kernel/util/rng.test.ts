import { describe, expect, it } from 'vitest';
import { rng } from './rng';

const take = (seed: number, k: number) => {
  const g = rng(seed);
  return Array.from({ length: k }, () => g.next());
};

describe('rng', () => {
  it('the same seed gives the same sequence', () => {
    for (const seed of [0, 1, 42, 123_456_789, 0xffffffff]) expect(take(seed, 200)).toEqual(take(seed, 200));
    const a = rng(9);
    const b = rng(9);
    for (let i = 0; i < 100; i++) expect(a.int(1000)).toBe(b.int(1000));
  });

  it('keeps its seed', () => {
    expect(rng(77).seed).toBe(77);
  });

  it('different seeds give different sequences', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 200; seed++) seen.add(take(seed, 4).join(','));
    expect(seen.size).toBe(200);
    // Neighbouring seeds do not just shift the same stream by one draw.
    expect(take(1, 10).slice(1)).not.toEqual(take(2, 10).slice(0, 9));
  });

  it('seeds are taken as unsigned 32-bit integers', () => {
    expect(take(-1, 20)).toEqual(take(0xffffffff, 20));
    expect(take(2 ** 32 + 5, 20)).toEqual(take(5, 20));
  });

  it('next() stays in [0, 1) and is not constant', () => {
    const xs = take(3, 10_000);
    expect(xs.filter((x) => !(x >= 0 && x < 1))).toEqual([]);
    expect(new Set(xs).size).toBeGreaterThan(9_900);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.02);
  });

  it('int(n) stays in range, is whole, and covers every value for small n', () => {
    for (const seed of [1, 2, 3]) {
      const g = rng(seed);
      for (const n of [1, 2, 3, 5, 7, 10, 16]) {
        const counts = new Array(n).fill(0);
        const draws = 400 * n;
        const bad: number[] = [];
        for (let i = 0; i < draws; i++) {
          const x = g.int(n);
          if (!Number.isInteger(x) || x < 0 || x >= n) bad.push(x);
          else counts[x]++;
        }
        expect(bad).toEqual([]);
        // Every value appears, and none far from its share of 400 (binomial sd ≈ 20).
        for (const c of counts) {
          expect(c).toBeGreaterThan(300);
          expect(c).toBeLessThan(500);
        }
      }
    }
  });
});
