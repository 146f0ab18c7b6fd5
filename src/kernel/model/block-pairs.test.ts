import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  pairBlock,
  pairDestination,
  pairSource,
  pairTable,
  progressionsMeet,
  rectHas,
  rectIds,
  rectProblem,
  rectsMeet,
  type PairGrid,
} from './block-pairs';

/** A grid of the given rectangles over p nodes. */
function grid(p: number, rects: [number, number, number, number, number][]): PairGrid {
  const col = (i: number) => Uint32Array.from(rects.map((r) => r[i]));
  return { nodes: p, sFirst: col(0), sCount: col(1), dFirst: col(2), dStep: col(3), dCount: col(4) };
}

describe('pair blocks', () => {
  it('number the pairs (s, d), s ≠ d, row by row, and decode back', () => {
    for (const p of [2, 3, 7, 64]) {
      let b = 0;
      for (let s = 0; s < p; s++)
        for (let d = 0; d < p; d++) {
          if (d === s) continue;
          expect(pairBlock(p, s, d)).toBe(b);
          expect([pairSource(p, b), pairDestination(p, b)]).toEqual([s, d]);
          b++;
        }
      const t = pairTable(p, p + 3);
      expect(t.count).toBe(p * (p - 1));
      if (t.destinations.kind !== 'single') throw new Error('one destination each');
      for (let x = 0; x < t.count; x++) {
        expect(t.origin[x]).toBe(pairSource(p, x));
        expect(t.destinations.nodes[x]).toBe(pairDestination(p, x));
      }
    }
  });

  it('a rectangle holds exactly the pairs it lists, and meets another exactly when they share one', () => {
    const rect = fc.tuple(
      fc.integer({ min: 0, max: 11 }),
      fc.integer({ min: 0, max: 4 }),
      fc.integer({ min: 0, max: 11 }),
      fc.integer({ min: 1, max: 6 }),
      fc.integer({ min: 0, max: 5 }),
    );
    fc.assert(
      fc.property(rect, rect, (a, b) => {
        const p = 40;
        const g = grid(p, [a, b]);
        const pairs = (t: number) => {
          const out = new Set<string>();
          const [s0, ns, d0, st, nd] = t === 0 ? a : b;
          for (let s = s0; s < s0 + ns; s++) for (let j = 0; j < nd; j++) out.add(`${s},${d0 + j * st}`);
          return out;
        };
        const pa = pairs(0);
        const pb = pairs(1);
        const shared = [...pa].some((x) => pb.has(x));
        expect(rectsMeet(g, 0, 1)).toBe(shared);
        // Every cell checked, the cells that disagree asserted at once (one expect a cell cost most of
        // this test's time).
        const wrong: string[] = [];
        for (let s = 0; s < 16; s++)
          for (let d = 0; d < 40; d++)
            if (rectHas(g, 0, s, d) !== pa.has(`${s},${d}`)) wrong.push(`${s},${d}`);
        expect(wrong).toEqual([]);
        if (rectProblem(g, 0) === null) {
          const ids = new Uint32Array(a[1] * a[4]);
          rectIds(g, 0, ids);
          expect(new Set([...ids].map((x) => `${pairSource(p, x)},${pairDestination(p, x)}`))).toEqual(pa);
        } else expect([...pa].some((x) => x.split(',')[0] === x.split(',')[1])).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('progressions meet exactly when a value is in both (strides that do not divide each other too)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 8 }),
        (a0, sa, na, b0, sb, nb) => {
          const a = new Set(Array.from({ length: na }, (_, i) => a0 + i * sa));
          const both = Array.from({ length: nb }, (_, j) => b0 + j * sb).some((x) => a.has(x));
          expect(progressionsMeet(a0, sa, na, b0, sb, nb)).toBe(both);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('names what is wrong with a rectangle that names no block', () => {
    const g = grid(5, [
      [0, 2, 2, 1, 3], // sources 0, 1 → destinations 2, 3, 4: fine
      [0, 3, 2, 1, 2], // source 2 → destination 2
      [4, 2, 0, 1, 1], // source 5
      [0, 1, 1, 2, 3], // destination 5
      [0, 1, 1, 0, 2], // stride 0
    ]);
    expect(rectProblem(g, 0)).toBeNull();
    expect(rectProblem(g, 1)).toMatch(/pair \(2, 2\)/);
    expect(rectProblem(g, 2)).toMatch(/sources up to 5; nodes are 0\.\.4/);
    expect(rectProblem(g, 3)).toMatch(/destination 5; nodes are 0\.\.4/);
    expect(rectProblem(g, 4)).toMatch(/stride of 0/);
  });
});
