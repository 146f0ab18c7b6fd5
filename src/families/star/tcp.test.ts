import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  digit,
  paddedSize,
  tcp1Children,
  tcp1NumberedReach,
  tcp1Parent,
  tcp1Step,
  tcp1Subtree,
  tcp1Tree,
  radixClique,
  tcp2Clique,
  tcp2Radices,
  tcpDepth,
} from './tcp';

describe('TCP1 (tree-like broadcast pattern)', () => {
  it('reaches every node exactly once, from a node reached earlier, in ⌈log_(k+1) P⌉ steps', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 600 }), fc.integer({ min: 1, max: 8 }), (p, k) => {
        // h by hand: the smallest h with (k+1)^h ≥ P.
        let h = 0;
        while (Math.pow(k + 1, h) < p) h++;
        expect(tcpDepth(p, k)).toBe(h);
        const reachedAt = new Array<number>(p).fill(-1);
        reachedAt[0] = 0;
        const faults: string[] = [];
        for (let l = 1; l <= h; l++) {
          const newly: number[] = [];
          for (let i = 0; i < p; i++) {
            const kids = tcp1Children(i, l, k, p);
            if (kids.length > 0 && reachedAt[i] < 0)
              faults.push(`${i} sends in step ${l} before it is reached`);
            if (kids.length > k) faults.push(`${i} has ${kids.length} children in step ${l}`);
            for (const c of kids) {
              if (reachedAt[c] !== -1) faults.push(`${c} reached twice`);
              if (tcp1Parent(c, k) !== i || tcp1Step(c, k) !== l) faults.push(`${c}: parent or step wrong`);
              newly.push(c);
            }
          }
          for (const c of newly) reachedAt[c] = l;
          // After step l exactly the nodes 0 … min(P, (k+1)^l) − 1 are reached.
          const bound = Math.min(p, Math.pow(k + 1, l));
          for (let v = 0; v < p; v++)
            if (reachedAt[v] >= 0 !== v < bound) faults.push(`${v} after step ${l}`);
        }
        if (reachedAt.some((x) => x < 0)) faults.push('someone is never reached');
        expect(faults).toEqual([]);
      }),
      { numRuns: 120 },
    );
  });

  it('subtrees partition the nodes below each parent (what scatter sends to a child)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 300 }), fc.integer({ min: 1, max: 6 }), (p, k) => {
        for (let c = 1; c < p; c++) {
          const sub = tcp1Subtree(c, k, p);
          expect(sub[0]).toBe(c);
          // Every member's chain of parents passes through c.
          for (const v of sub) {
            let u = v;
            while (u > c) u = tcp1Parent(u, k);
            expect(u).toBe(c);
          }
        }
        // The root's subtree is everyone; its children's subtrees and {0} partition it.
        const seen = new Set<number>([0]);
        const h = tcpDepth(p, k);
        for (let l = 1; l <= h; l++)
          for (const c of tcp1Children(0, l, k, p))
            for (const v of tcp1Subtree(c, k, p)) {
              expect(seen.has(v)).toBe(false);
              seen.add(v);
            }
        expect(seen.size).toBe(p);
      }),
      { numRuns: 60 },
    );
  });

  it('the paper’s example, P = 64 and k = 3: node 0 reaches 1, 2, 3, then 4 … 15, then 16 … 63', () => {
    expect(tcp1Children(0, 1, 3, 64)).toEqual([1, 2, 3]);
    expect(tcp1Children(0, 2, 3, 64)).toEqual([4, 8, 12]);
    expect(tcp1Children(3, 2, 3, 64)).toEqual([7, 11, 15]);
    expect(tcp1Children(15, 3, 3, 64)).toEqual([31, 47, 63]);
    const tree = tcp1Tree(64, 3);
    const count = (t: typeof tree): number => 1 + t.children.reduce((a, c) => a + count(c), 0);
    expect(count(tree)).toBe(64);
    expect(tree.children.map((c) => c.id)).toEqual([1, 2, 3, 4, 8, 12, 16, 32, 48]);
  });
});

describe('TCP2 (exchange on cliques K_(k+1))', () => {
  it('cliques along one digit partition the padded machine into groups of k+1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 300 }), fc.integer({ min: 1, max: 5 }), (p, k) => {
        const n = paddedSize(p, k);
        const h = tcpDepth(p, k);
        expect(n).toBe(Math.pow(k + 1, h));
        const faults: string[] = [];
        for (let q = 0; q < h; q++) {
          const group = new Array<number>(n).fill(-1);
          for (let v = 0; v < n; v++) {
            const c = tcp2Clique(v, q, k);
            if (c.length !== k + 1 || !c.includes(v)) faults.push(`clique of ${v} along ${q}`);
            // Members differ from v in digit q only.
            for (const u of c)
              for (let r = 0; r < h; r++)
                if (r !== q && digit(u, r, k) !== digit(v, r, k)) faults.push(`${u}~${v}`);
            const id = Math.min(...c);
            if (group[v] >= 0 && group[v] !== id) faults.push(`${v} in two cliques along ${q}`);
            for (const u of c) group[u] = id;
          }
        }
        expect(faults).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});

describe('mixed-radix TCP2 machines', () => {
  /** Is `size` a product of exactly `count` factors from 2 to `max`? (brute force) */
  const product = (size: number, count: number, max: number): boolean =>
    count === 0
      ? size === 1
      : Array.from({ length: max - 1 }, (_, i) => i + 2).some(
          (f) => size % f === 0 && product(size / f, count - 1, max),
        );

  it('is the smallest product of h clique sizes ≤ k+1 at or above P, and its cliques partition it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 300 }), fc.integer({ min: 1, max: 6 }), (p, k) => {
        const r = tcp2Radices(p, k);
        const h = tcpDepth(p, k);
        const size = r.stride[r.radix.length];
        expect(r.radix).toHaveLength(h);
        expect(r.radix.every((x) => x >= 2 && x <= k + 1)).toBe(true);
        expect(size).toBe(r.radix.reduce((a, b) => a * b, 1));
        expect(size).toBeGreaterThanOrEqual(p);
        for (let smaller = p; smaller < size; smaller++) expect(product(smaller, h, k + 1)).toBe(false);
        const faults: string[] = [];
        for (let q = 0; q < h; q++) {
          const seen = new Uint8Array(size);
          for (let v = 0; v < size; v++) {
            const c = radixClique(v, q, r);
            if (c.length !== r.radix[q] || !c.includes(v)) faults.push(`clique of ${v} along ${q}`);
            if (Math.min(...c) === v) for (const u of c) seen[u]++;
          }
          if (seen.some((x) => x !== 1)) faults.push(`digit ${q} does not partition`);
        }
        expect(faults).toEqual([]);
      }),
      { numRuns: 80 },
    );
  });
});

describe('TCP1 as the paper prints it (Sec. 2.1)', () => {
  it('names only 16 of the 64 processors of its own example: its power is one too high', () => {
    expect(tcp1NumberedReach(64, 3)).toBe(16);
    // One power lower, the same formula names everyone.
    expect(tcp1NumberedReach(64, 3, 'corrected')).toBe(64);
    for (const [p, k] of [
      [16, 3],
      [27, 2],
      [100, 4],
      [1000, 9],
      [2, 1],
    ])
      expect(tcp1NumberedReach(p, k, 'corrected'), `P = ${p}, k = ${k}`).toBe(p);
    for (const [p, k] of [
      [16, 3],
      [27, 2],
      [256, 3],
    ])
      expect(tcp1NumberedReach(p, k), `P = ${p}, k = ${k}`).toBeLessThan(p);
  });
});
