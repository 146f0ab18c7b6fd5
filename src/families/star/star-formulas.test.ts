import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { downlink } from './topology';
import { starTunings } from './star-cost';
import {
  broadcastCommunication,
  broadcastTotal,
  hOptDerived,
  hOptInteger,
  hOptPaper,
  lambertW,
  splitTradeoff,
} from './star-formulas';
import { handAllGather } from '../../kernel/model/hand-built.test-util';

describe('Lambert W', () => {
  it('solves w e^w = z on the principal branch', () => {
    expect(lambertW(0)).toBe(0);
    expect(lambertW(Math.E)).toBeCloseTo(1, 12);
    expect(lambertW(2 * Math.exp(2))).toBeCloseTo(2, 12);
    expect(lambertW(-1 / Math.E)).toBeCloseTo(-1, 6);
    expect(lambertW(-1)).toBeNaN();
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (z) => {
        const w = lambertW(z);
        expect(w * Math.exp(w)).toBeCloseTo(z, Math.max(0, 10 - Math.ceil(Math.log10(1 + z))));
      }),
    );
  });
});

describe('h′ trade-off of the split broadcast', () => {
  // P = 64, k = 3, h = 3, m = 64, D = 0.1, by hand:
  // T(0) = 63·0.1 + 3·64 = 198.3; T(1) = 255·0.1 + 64 = 89.5; T(2) = 447·0.1 + 44 = 88.7;
  // T(3) = 639·0.1 + 42 = 105.9.
  const shape = { p: 64, k: 3, h: 3 };
  it('totals and the integer optimum by enumeration', () => {
    expect(broadcastTotal(shape, 64, 0.1, 0)).toBeCloseTo(198.3, 10);
    expect(broadcastTotal(shape, 64, 0.1, 1)).toBeCloseTo(89.5, 10);
    expect(broadcastTotal(shape, 64, 0.1, 2)).toBeCloseTo(88.7, 10);
    expect(broadcastTotal(shape, 64, 0.1, 3)).toBeCloseTo(105.9, 10);
    expect(hOptInteger(shape, 64, 0.1)).toBe(2);
    // No tuning cost: split all the way; huge tuning cost: do not split.
    expect(hOptInteger(shape, 64, 0)).toBe(3);
    expect(hOptInteger(shape, 64, 1000)).toBe(0);
    // The chart's data: the same four totals, with their parts.
    const t = splitTradeoff(shape, 64, 0.1);
    expect(t.points.map((p) => p.total)).toEqual([198.3, 89.5, 88.7, 105.9].map((x) => expect.closeTo(x, 9)));
    expect(t.points[2]).toMatchObject({ hs: 2, communication: 44, tuning: expect.closeTo(44.7, 9) });
    expect(t.best).toBe(2);
  });

  it('the re-derived stationary point is where the continuous total is flat', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 2, max: 6 }),
        fc.double({ min: 1e-4, max: 10, noNaN: true }),
        fc.integer({ min: 1, max: 1 << 20 }),
        (k, h, d, m) => {
          const s = { p: Math.pow(k + 1, h), k, h };
          const x = hOptDerived(s, m, d);
          const eps = 1e-5;
          const slope = (broadcastTotal(s, m, d, x + eps) - broadcastTotal(s, m, d, x - eps)) / (2 * eps);
          // Scale: the total's terms are up to P·k·D·h and m·h.
          expect(Math.abs(slope)).toBeLessThan(1e-4 * (s.p * k * d + m));
        },
      ),
    );
  });

  it('equals the paper’s printed h′_opt for k = 2 and differs from it otherwise', () => {
    const k2 = { p: 81, k: 2, h: 4 };
    expect(hOptDerived(k2, 100, 0.01)).toBeCloseTo(hOptPaper(k2, 100, 0.01), 10);
    expect(Math.abs(hOptDerived(shape, 64, 0.1) - hOptPaper(shape, 64, 0.1))).toBeGreaterThan(0.01);
  });

  it('h′ = 0 and h′ = h give the first and last rows of the paper’s table', () => {
    expect(broadcastCommunication(shape, 10, 0)).toBe(3 * 10);
    expect(broadcastCommunication(shape, 10, 3)).toBeCloseTo((2 * 63 * 10) / (3 * 64), 12);
  });
});

describe('tuning count', () => {
  it('a receiver already on a wavelength does not retune; a new one does', () => {
    const n = 3;
    const k = 1;
    const b = handAllGather(n, 'link-list', { bytes: 1 });
    const send = (u: number, v: number, w: number, blk: number) =>
      b.addTransfer(u, [u, n, downlink(n, v)], [v], w, blk);
    b.beginStep('a');
    send(0, 1, 0, 0); // node 1 tunes to λ0: 1
    b.beginStep('b');
    send(0, 1, 0, 0); // again λ0: no tuning
    send(1, 2, 5, 1); // node 2 tunes to λ5: 1
    b.beginStep('c');
    send(2, 1, 7, 2); // node 1 retunes to λ7: 1; node 2's transmitter starts on λ7: free
    b.beginStep('d');
    send(2, 0, 8, 2); // node 0 tunes: 1; node 2's one transmitter moves λ7 → λ8: a transmitter retune
    const t = starTunings(b.finish(), k);
    expect(Array.from(t.rx)).toEqual([1, 1, 1, 1]);
    expect(Array.from(t.tx)).toEqual([0, 0, 0, 1]);
    expect(t.rxTotal).toBe(4);
    expect(t.txTotal).toBe(1);
    expect(Array.from(t.rxPerNode)).toEqual([1, 2, 1]);
    // Who retuned in each step: node 1; node 2; node 1; nodes 2 (transmitter) and 0 (receiver).
    const who = (s: number) =>
      Array.from(t.retuned.subarray(t.retunedStart[s - 1], t.retunedStart[s])).sort();
    expect([1, 2, 3, 4].map(who)).toEqual([[1], [2], [1], [0, 2]]);
  });
});
