import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonical,
  equal,
  firstCommon,
  firstMissing,
  fromIds,
  idsOf,
  isComplete,
  range,
  sizeOf,
  union,
} from './contributions';

/** The same set as a JavaScript Set, to check the range arithmetic against. */
const asSet = (a: Uint32Array) => new Set(idsOf(a));
const ids = fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 30 });

describe('contribution sets as ranges', () => {
  it('read lists of ids into merged ranges', () => {
    expect([...fromIds([5, 1, 2, 3, 3, 9])]).toEqual([1, 4, 5, 6, 9, 10]);
    expect(sizeOf(fromIds([5, 1, 2, 3, 3, 9]))).toBe(5);
    expect(isComplete(range(0, 8), 8)).toBe(true);
    expect(isComplete(fromIds([0, 1, 2, 4, 5, 6, 7]), 8)).toBe(false);
    expect([...canonical(Uint32Array.of(4, 6, 0, 2, 2, 3, 5, 9))]).toEqual([0, 3, 4, 9]);
  });

  it('union, common and missing agree with sets of ids', () => {
    fc.assert(
      fc.property(ids, ids, (x, y) => {
        const a = fromIds(x);
        const b = fromIds(y);
        const u = union(a, b);
        expect(asSet(u)).toEqual(new Set([...x, ...y]));
        expect(equal(u, fromIds([...x, ...y]))).toBe(true);
        const common = [...new Set(x)].filter((v) => y.includes(v)).sort((p, q) => p - q);
        expect(firstCommon(a, b)).toBe(common.length ? common[0] : -1);
        const missing = [...new Set(x)].filter((v) => !y.includes(v)).sort((p, q) => p - q);
        expect(firstMissing(a, b)).toBe(missing.length ? missing[0] : -1);
      }),
      { seed: 20261125, numRuns: 300 },
    );
  });
});
