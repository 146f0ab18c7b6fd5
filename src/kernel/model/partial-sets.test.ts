import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstCommon, firstMissing, fromIds, idsOf, union, type RangeSet } from './contributions';
import { PartialSets } from './partial-sets';

describe('partial sets in one arena', () => {
  it('fold, compare and query exactly as the plain range sets do, through many compactions', () => {
    const N = 40;
    const op = fc.record({ v: fc.nat(7), ids: fc.array(fc.nat(N - 1), { maxLength: 12 }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const sets = new PartialSets(8, N);
        const plain: RangeSet[] = Array.from({ length: 8 }, (_, v) => fromIds([v]));
        for (const { v, ids } of ops) {
          const m = fromIds(ids);
          expect(sets.firstCommon(v, m, 0, m.length)).toBe(firstCommon(plain[v], m));
          expect(sets.firstMissing(v, m, 0, m.length)).toBe(firstMissing(m, plain[v]));
          sets.fold(v, m, 0, m.length);
          plain[v] = union(plain[v], m);
          expect([...sets.rangesOf(v)]).toEqual([...plain[v]]);
          expect(sets.size(v)).toBe(idsOf(plain[v]).length);
          expect(sets.equals(v, plain[v], 0, plain[v].length)).toBe(true);
        }
      }),
      { seed: 20261125, numRuns: 200 },
    );
  });

  it('the complete result replaces a partial, and stays complete', () => {
    const sets = new PartialSets(4, 4);
    sets.fold(1, Uint32Array.of(0, 4), 0, 2);
    expect(sets.isComplete(1)).toBe(true);
    expect(sets.size(1)).toBe(4);
    expect([...sets.rangesOf(1)]).toEqual([0, 4]);
    // Folding pieces into node 2 until it has everything makes it complete too.
    sets.fold(2, Uint32Array.of(0, 2), 0, 2);
    sets.fold(2, Uint32Array.of(3, 4), 0, 2);
    expect(sets.isComplete(2)).toBe(true);
  });
});
