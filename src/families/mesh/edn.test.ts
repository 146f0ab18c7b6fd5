import { describe, expect, it } from 'vitest';
import { ednHierarchy } from './edn';
import { xyRoute, type MeshShape } from './geometry';

describe('the EDN hierarchy', () => {
  it('level 1 of every 4 × 4 block is nodes 1, 7, 8 and 14 of the block (Fig. 1), each next to the three it serves', () => {
    const h = ednHierarchy(8);
    const level1 = [...h.level.keys()].filter((v) => h.level[v] >= 1);
    // Block (0, 0): 1, 7, 8 → (1, 3) = 11, 14 → (3, 2) = 26 in an 8-wide mesh; the other blocks shifted.
    const block = (br: number, bc: number) =>
      [
        [0, 1],
        [1, 3],
        [2, 0],
        [3, 2],
      ].map(([r, c]) => (br + r) * 8 + bc + c);
    expect(level1.sort((a, b) => a - b)).toEqual(
      [...block(0, 0), ...block(0, 4), ...block(4, 0), ...block(4, 4)].sort((a, b) => a - b),
    );
    for (const [child, parent] of h.rounds[0]) {
      const d =
        Math.abs((child % 8) - (parent % 8)) + Math.abs(Math.floor(child / 8) - Math.floor(parent / 8));
      expect(d).toBe(1);
    }
  });

  for (const side of [4, 8, 16, 32])
    it(`side ${side}: level k has P/4^k nodes; every parent takes 3 children on 3 distinct input channels; each level's routes share no channel, up or down`, () => {
      const h = ednHierarchy(side);
      const P = side * side;
      expect(h.levels).toBe(Math.log(P) / Math.log(4) - 1);
      for (let k = 1; k <= h.levels; k++) expect([...h.level].filter((l) => l >= k)).toHaveLength(P / 4 ** k);
      expect(h.top).toHaveLength(4);
      const shape: MeshShape = { side, groups: 1 };
      const out = new Uint32Array(2 * side);
      h.rounds.forEach((round, j) => {
        const children = new Map<number, number>();
        const up = new Set<number>();
        const down = new Set<number>();
        const lastIn = new Map<number, Set<number>>();
        for (const [child, parent] of round) {
          expect(h.level[child]).toBe(j); // a level-j node sends in round j + 1 …
          expect(h.level[parent]).toBeGreaterThanOrEqual(j + 1); // … to a level-(j + 1) node
          children.set(parent, (children.get(parent) ?? 0) + 1);
          const len = xyRoute(shape, 0, child, parent, out);
          for (const l of out.subarray(0, len)) {
            expect(up.has(l)).toBe(false);
            up.add(l);
          }
          const ins = lastIn.get(parent) ?? new Set<number>();
          ins.add(out[len - 1]);
          lastIn.set(parent, ins);
          const back = xyRoute(shape, 0, parent, child, out);
          for (const l of out.subarray(0, back)) {
            expect(down.has(l)).toBe(false);
            down.add(l);
          }
        }
        expect([...children.values()].every((c) => c === 3)).toBe(true);
        expect(children.size).toBe(P / 4 ** (j + 1));
        expect([...lastIn.values()].every((s) => s.size === 3)).toBe(true);
      });
    });
});
