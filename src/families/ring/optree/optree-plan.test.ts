import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxDepth, optreePlan, planFor, radicesForDepth, radicesProblem } from './optree-plan';

describe('OpTree plan', () => {
  it('asked again for the same tree, gives the plan it made last (narration asks on every step)', () => {
    const a = planFor(4096, [64, 64]);
    expect(planFor(4096, [64, 64])).toBe(a);
    const b = planFor(4096, [16, 16, 16]);
    expect(b).not.toBe(a);
    expect(b.radices).toEqual([16, 16, 16]);
    expect(planFor(4096, [64, 64]).radices).toEqual([64, 64]);
    expect(() => planFor(10, [2])).toThrow();
  });

  it('the radices for a depth are searched once per (N, k); callers get copies', () => {
    const a = radicesForDepth(4096, 3);
    a[0] = 999;
    expect(radicesForDepth(4096, 3)).not.toContain(999);
    expect(radicesForDepth(4096, 3)).toEqual(radicesForDepth(4096, 3));
    expect(radicesForDepth(4096, 3).reduce((x, y) => x * y, 1)).toBeGreaterThanOrEqual(4096);
  });

  it('16 nodes, arities 4,4: stage 1 takes one node of each group of four, stage 2 the groups', () => {
    const p = planFor(16, [4, 4]);
    expect(p.stageCount).toBe(2);
    expect(p.subsets(1)).toEqual([
      [0, 4, 8, 12],
      [1, 5, 9, 13],
      [2, 6, 10, 14],
      [3, 7, 11, 15],
    ]);
    expect(p.subsets(2)).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9, 10, 11],
      [12, 13, 14, 15],
    ]);
    expect(p.levelOfStage(1)).toBe(2);
    expect(p.levelOfStage(2)).toBe(1);
    expect(() => p.subsets(3)).toThrow(RangeError);
  });

  it('27 nodes, arities 3,3,3: node 14 = digits (1,1,2) meets 5 and 23, then 11 and 17, then 12 and 13', () => {
    const p = planFor(27, [3, 3, 3]);
    const subsetOf = (stage: number, v: number) => p.subsets(stage).find((s) => s.includes(v));
    expect(subsetOf(1, 14)).toEqual([5, 14, 23]);
    expect(subsetOf(2, 14)).toEqual([11, 14, 17]);
    expect(subsetOf(3, 14)).toEqual([12, 13, 14]);
    expect([1, 2, 3].map((s) => p.levelOfStage(s))).toEqual([3, 2, 1]);
  });

  it('N not a product: 16 nodes on 3,3,3 spread 6/5/5 over the root’s children, hosts in their bottom group', () => {
    const p = planFor(16, [3, 3, 3]);
    expect(p.slots).toBe(27);
    const real = Array.from(p.nodeOfSlot).filter((v) => v >= 0);
    expect(real).toEqual(Array.from({ length: 16 }, (_, i) => i)); // index order
    // Root children hold slots 0–8, 9–17, 18–26; balanced shares 6, 5, 5.
    const count = (a: number, b: number) => Array.from(p.nodeOfSlot.slice(a, b)).filter((v) => v >= 0).length;
    expect([count(0, 9), count(9, 18), count(18, 27)]).toEqual([6, 5, 5]);
    for (let s = 0; s < 27; s++) {
      const group = Math.floor(s / 3);
      const hostSlot = Array.from(p.nodeOfSlot).indexOf(p.hostOfSlot[s]);
      expect(Math.floor(hostSlot / 3)).toBe(group);
      if (p.nodeOfSlot[s] >= 0) expect(p.hostOfSlot[s]).toBe(p.nodeOfSlot[s]);
    }
  });

  it('every node is in exactly one subset of every stage (any N, any valid arities)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 200 }), fc.integer({ min: 1, max: 8 }), (n, k0) => {
        const k = Math.min(k0, maxDepth(n));
        const p = planFor(n, radicesForDepth(n, k));
        for (let stage = 1; stage <= k; stage++) {
          const seen = p
            .subsets(stage)
            .flat()
            .sort((a, b) => a - b);
          expect(seen).toEqual(Array.from({ length: n }, (_, i) => i));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('arities for a depth: the fewest spare slots, largest first', () => {
    // 1024 = 4·4·4·2·2·2·2 exactly; 3^6·2 = 1458 would leave 434 spare slots.
    expect(radicesForDepth(1024, 7)).toEqual([4, 4, 4, 2, 2, 2, 2]);
    expect(radicesForDepth(16, 2)).toEqual([4, 4]);
    expect(radicesForDepth(16, 1)).toEqual([16]);
    // 100 in three levels: 5·5·4 = 100.
    expect(radicesForDepth(100, 3)).toEqual([5, 5, 4]);
    expect(maxDepth(1024)).toBe(11);
    expect(maxDepth(1000)).toBe(10);
  });

  it('refuses arities that cannot serve N, saying why', () => {
    expect(radicesProblem(16, [3, 5])).toMatch(/15 leaves, fewer than the 16 nodes/);
    expect(radicesProblem(16, [3, 3, 3, 3])).toMatch(
      /without the last arity their product 27 must not exceed/,
    );
    expect(radicesProblem(16, [1, 16])).toMatch(/at least 2/);
    expect(radicesProblem(16, [4, 4])).toBeNull();
    expect(() => optreePlan({ nodes: 10, depth: 2, radices: '3,3' })).toThrow(/9 leaves/);
  });

  it('radices win over depth', () => {
    expect(optreePlan({ nodes: 16, depth: 3, radices: '4,4' }).radices).toEqual([4, 4]);
    expect(optreePlan({ nodes: 16, depth: 3, radices: '' }).radices).toEqual([4, 2, 2]);
  });
});
