import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignWavelengths, lightpathColours, piecesOf, type ArcBundles } from './wdm-assign';
import { ringHops } from './stage-requests';

/** Every ordered pair, shortest way round (the one-stage model's routes). */
function allToAll(n: number): ArcBundles {
  const src: number[] = [];
  const hops: number[] = [];
  for (let a = 0; a < n; a++)
    for (let b = 0; b < n; b++)
      if (a !== b) {
        src.push(a);
        hops.push(ringHops(a, b, n));
      }
  return {
    count: src.length,
    src: Int32Array.from(src),
    hops: Int32Array.from(hops),
    mult: new Int32Array(src.length).fill(1),
  };
}

/** Directed links (0..n−1 clockwise i→i+1, n..2n−1 counter-clockwise i→i−1) of an arc. */
function linksOf(n: number, src: number, hops: number): number[] {
  const out: number[] = [];
  for (let i = 0, v = src; i < Math.abs(hops); i++) {
    out.push(hops > 0 ? v : n + v);
    v = hops > 0 ? (v + 1) % n : (v - 1 + n) % n;
  }
  return out;
}

/** Checks by brute force that no two lightpaths of one colour share a link; returns the link load. */
function checkColouring(n: number, arcs: ArcBundles): number {
  const a = assignWavelengths(n, arcs);
  const colours = lightpathColours(piecesOf(a.runs!), arcs.hops);
  const offsets = [0];
  for (let b = 0; b < arcs.count; b++) offsets.push(offsets[b] + arcs.mult[b]);
  const used = new Map<string, number>();
  const load = new Array<number>(2 * n).fill(0);
  for (let b = 0; b < arcs.count; b++)
    for (let k = 0; k < arcs.mult[b]; k++) {
      const c = colours[offsets[b] + k];
      for (const l of linksOf(n, arcs.src[b], arcs.hops[b])) {
        const key = `${l}/${c}`;
        expect(used.has(key), `colour ${c} twice on link ${l}`).toBe(false);
        used.set(key, b);
        load[l]++;
      }
    }
  const maxCw = Math.max(0, ...load.slice(0, n));
  const maxCcw = Math.max(0, ...load.slice(n));
  expect(a.cw.load).toBe(maxCw);
  expect(a.ccw.load).toBe(maxCcw);
  expect(a.cw.colours).toBeGreaterThanOrEqual(maxCw);
  expect(a.ccw.colours).toBeGreaterThanOrEqual(maxCcw);
  return Math.max(maxCw, maxCcw);
}

describe('wavelength assignment', () => {
  it('one-stage all-to-all: the load is the cut bound and the colouring meets it (N = 2 … 120)', () => {
    for (let n = 2; n <= 120; n++) {
      const a = assignWavelengths(n, allToAll(n), true);
      // Hand-derived: a cut into halves of ⌊N/2⌋ and ⌈N/2⌉ nodes has ⌊N/2⌋·⌈N/2⌉ pairs each way over
      // two links: even N gives ⌈N²/8⌉ (Lemma 1), odd N gives (N² − 1)/8.
      const expected = n % 2 === 0 ? Math.ceil((n * n) / 8) : (n * n - 1) / 8;
      expect(Math.max(a.cw.load, a.ccw.load), `N = ${n}`).toBe(expected);
      expect(a.cw.colours, `N = ${n} clockwise`).toBe(a.cw.load);
      expect(a.ccw.colours, `N = ${n} counter-clockwise`).toBe(a.ccw.load);
    }
  });

  it('larger one-stage rings meet the load too (N = 255, 256, 258)', () => {
    for (const n of [255, 256, 258]) {
      const a = assignWavelengths(n, allToAll(n), true);
      expect(Math.max(a.cw.colours, a.ccw.colours)).toBe(n % 2 ? (n * n - 1) / 8 : Math.ceil((n * n) / 8));
    }
  });

  it('small one-stage colourings are valid link by link', () => {
    for (const n of [3, 6, 9, 10, 16]) checkColouring(n, allToAll(n));
  });

  it('random arc families: valid colouring, never below the load; families inside a segment meet it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 30 }),
        fc.array(
          fc.tuple(fc.nat(), fc.integer({ min: 1, max: 29 }), fc.boolean(), fc.integer({ min: 1, max: 3 })),
          {
            minLength: 1,
            maxLength: 40,
          },
        ),
        fc.boolean(),
        (n, raw, line) => {
          const src: number[] = [];
          const hops: number[] = [];
          const mult: number[] = [];
          for (const [s0, len0, cw, k] of raw) {
            const s = s0 % n;
            let len = 1 + (len0 % (n - 1));
            // Line families stay inside 0 … n−1 without wrapping (as OpTree's later stages do).
            if (line) len = cw ? Math.min(len, n - 1 - s) : Math.min(len, s);
            if (len === 0) continue;
            src.push(s);
            hops.push(cw ? len : -len);
            mult.push(k);
          }
          if (src.length === 0) return;
          const arcs = {
            count: src.length,
            src: Int32Array.from(src),
            hops: Int32Array.from(hops),
            mult: Int32Array.from(mult),
          };
          const load = checkColouring(n, arcs);
          if (line) {
            const a = assignWavelengths(n, arcs, true);
            expect(Math.max(a.cw.colours, a.ccw.colours)).toBe(load);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('counting gives the same totals as building', () => {
    const arcs = allToAll(21);
    const built = assignWavelengths(21, arcs);
    const counted = assignWavelengths(21, arcs, true);
    expect(counted.runs).toBeNull();
    expect(counted.cw).toEqual(built.cw);
    expect(counted.ccw).toEqual(built.ccw);
  });

  it('pieces take a prototype’s colours, shifted per direction', () => {
    // Prototype: node 0 sends one lightpath 2 hops clockwise and two 1 hop counter-clockwise.
    const proto = assignWavelengths(8, {
      count: 2,
      src: Int32Array.of(0, 0),
      hops: Int32Array.of(2, -1),
      mult: Int32Array.of(1, 2),
    });
    const hops = Int32Array.of(2, -1, 2, -1);
    expect(lightpathColours(piecesOf(proto.runs!), hops)).toEqual(Int32Array.of(0, 0, 1));
    // The same arcs from node 4, after them, on the colours above the prototype's.
    const pieces = [
      { at: 2, count: 2, proto: proto.runs!, shiftCw: 1, shiftCcw: 2 },
      { at: 0, count: 2, proto: proto.runs!, shiftCw: 0, shiftCcw: 0 },
    ];
    expect(lightpathColours(pieces, hops)).toEqual(Int32Array.of(0, 0, 1, 1, 2, 3));
  });
});
