import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lastAtMost } from './search';

describe('lastAtMost', () => {
  it('finds the last index whose value is at most x, lo when none is', () => {
    const a = [0, 3, 3, 7, 10];
    expect(lastAtMost(a, 0)).toBe(0);
    expect(lastAtMost(a, 2)).toBe(0);
    expect(lastAtMost(a, 3)).toBe(2);
    expect(lastAtMost(a, 9)).toBe(3);
    expect(lastAtMost(a, 99)).toBe(4);
    expect(lastAtMost(a, -1)).toBe(0);
    // Within a range: ranks 0…2 of an op table with a sentinel after them.
    expect(lastAtMost([0, 4, 9, 12], 11, 0, 2)).toBe(2);
    expect(lastAtMost([0, 4, 9, 12], 5, 1, 3)).toBe(1);
  });

  it('agrees with a scan from the end', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(50), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: -5, max: 60 }),
        (v, x) => {
          const a = [...v].sort((p, q) => p - q);
          let want = a.length - 1;
          while (want > 0 && a[want] > x) want--;
          expect(lastAtMost(a, x)).toBe(want);
        },
      ),
    );
  });
});
