import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CircuitModel } from './circuit-time';
import {
  balancedCost,
  balancedSchedule,
  balancedTernary,
  bestReconfigurationCount,
  bestSchedule,
  centred,
  ceilLog,
  paperClosedForm,
  RETRI_FAMILY,
  scheduleCost,
} from './reconfig-formulas';

const model = (delta: number): CircuitModel => ({
  messageBytes: 3000,
  beta: 1e-9,
  hop: 1e-6,
  phase: 2e-6,
  reconfiguration: delta,
});

describe('balanced ternary', () => {
  it('every offset of a 3^s ring has digits in {−1,0,1} that sum back to it, and distinct offsets differ', () => {
    for (const s of [1, 2, 3, 4, 5]) {
      const n = 3 ** s;
      const seen = new Set<string>();
      for (let o = 0; o < n; o++) {
        const c = centred(o, n);
        const d = balancedTernary(c, s);
        expect(d.every((t) => t === -1 || t === 0 || t === 1)).toBe(true);
        expect(d.reduce((a, t, k) => a + t * 3 ** k, 0)).toBe(c);
        seen.add(d.join(','));
      }
      expect(seen.size).toBe(n);
    }
  });

  it('centred values lie in −⌊(n−1)/2⌋ … ⌊n/2⌋ and agree modulo n', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: -20000, max: 20000 }), (n, x) => {
        const c = centred(x, n);
        expect(c).toBeGreaterThanOrEqual(-Math.floor((n - 1) / 2));
        expect(c).toBeLessThanOrEqual(Math.floor(n / 2));
        expect((((c - x) % n) + n) % n).toBe(0);
      }),
    );
  });

  it('ceilLog', () => {
    expect([1, 2, 3, 4, 9, 10, 27, 28].map((n) => ceilLog(n, 3))).toEqual([0, 1, 1, 2, 2, 3, 3, 4]);
    expect([1, 2, 3, 64, 65].map((n) => ceilLog(n, 2))).toEqual([0, 1, 2, 6, 7]);
  });
});

describe('reconfiguration schedules', () => {
  it('balanced schedules have R bits, none at phase 0, and segments differing by at most one', () => {
    for (let s = 1; s <= 8; s++)
      for (let R = 0; R < s; R++) {
        const x = balancedSchedule(s, R);
        expect(x.filter(Boolean).length).toBe(R);
        expect(x[0]).toBe(false);
        const starts = [0, ...x.flatMap((b, k) => (b ? [k] : []))];
        const lengths = starts.map((a, i) => (starts[i + 1] ?? s) - a);
        expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(1);
      }
  });

  it("the paper's closed form equals the balanced segment cost when R+1 divides s", () => {
    for (const [s, R] of [
      [4, 0],
      [4, 1],
      [4, 3],
      [6, 2],
      [6, 1],
      [3, 2],
    ])
      expect(paperClosedForm(model(5e-6), RETRI_FAMILY, s, R)).toBeCloseTo(
        balancedCost(model(5e-6), RETRI_FAMILY, s, R),
        15,
      );
  });

  it('hand-derived: s = 4, no reconfiguration costs 4·α_s + 40·y; every phase 4·(α_s + y) + 3δ', () => {
    const m = model(7e-6);
    const y = 1e-6 + 1e-9 * 1000; // α_h + β·m/3
    expect(scheduleCost(m, RETRI_FAMILY, [false, false, false, false], 4)).toBeCloseTo(4 * 2e-6 + 40 * y, 15);
    expect(scheduleCost(m, RETRI_FAMILY, [false, true, true, true], 4)).toBeCloseTo(
      4 * (2e-6 + y) + 3 * 7e-6,
      15,
    );
  });

  it('enumerating every schedule is never worse than the best balanced one, and equal to a brute force', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.double({ min: 0, max: 1e-3, noNaN: true }),
        (s, delta) => {
          const m = model(delta);
          const best = bestSchedule(s, (x) => scheduleCost(m, RETRI_FAMILY, x, s));
          const star = bestReconfigurationCount(m, RETRI_FAMILY, s);
          expect(best.seconds).toBeLessThanOrEqual(star.seconds * (1 + 1e-12));
          let brute = Infinity;
          for (let mask = 0; mask < 2 ** s; mask++) {
            const x = Array.from({ length: s }, (_, k) => ((mask >> k) & 1) === 1);
            brute = Math.min(brute, scheduleCost(m, RETRI_FAMILY, x, s));
          }
          expect(best.seconds).toBe(brute);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('free reconfiguration: rebuild before every phase but the first; very slow: never', () => {
    expect(bestSchedule(4, (x) => scheduleCost(model(0), RETRI_FAMILY, x, 4)).x).toEqual([
      false,
      true,
      true,
      true,
    ]);
    expect(bestSchedule(4, (x) => scheduleCost(model(1), RETRI_FAMILY, x, 4)).x).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
