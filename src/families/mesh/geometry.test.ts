import { describe, expect, it } from 'vitest';
import { meshTopology, opticalLink, shapeOf, xyHops, xyRoute, type MeshShape } from './geometry';

describe('mesh and OTIS-Mesh geometry', () => {
  it('a 4 × 4 mesh has 48 directed channels, each between row or column neighbours', () => {
    const t = meshTopology({ side: 4, groups: 1 });
    expect(t.nodeCount).toBe(16);
    expect(t.linkCount).toBe(48);
    const pairs = new Set<string>();
    for (let l = 0; l < t.linkCount; l++) {
      const [a, b] = [t.linkFrom[l], t.linkTo[l]];
      const d = Math.abs(a - b);
      expect(d === 1 ? Math.floor(a / 4) === Math.floor(b / 4) : d === 4).toBe(true);
      pairs.add(`${a}>${b}`);
    }
    expect(pairs.size).toBe(48);
  });

  it('the 16 × 16 OTIS-Mesh joins (G, N) to (N, G) optically, and (G, G) to nothing', () => {
    const m: MeshShape = { side: 4, groups: 16 };
    const t = meshTopology(m);
    expect(t.nodeCount).toBe(256);
    expect(t.linkCount).toBe(16 * 48 + 16 * 15);
    const o = opticalLink(m, 0, 2);
    expect([t.linkFrom[o], t.linkTo[o]]).toEqual([2, 2 * 16]);
    const optical = [...Array(t.linkCount).keys()].filter((l) => t.linkKind[l] === 4);
    expect(optical).toHaveLength(240);
    expect(optical.some((l) => t.linkFrom[l] === 5 * 16 + 5)).toBe(false);
    expect(shapeOf(t)).toEqual(m);
    expect(shapeOf(meshTopology({ side: 8, groups: 1 }))).toEqual({ side: 8, groups: 1 });
  });

  it('XY routes run along the row first, then the column, link to link', () => {
    const m: MeshShape = { side: 4, groups: 1 };
    const t = meshTopology(m);
    const out = new Uint32Array(16);
    // From 13 (row 3, column 1) to 2 (row 0, column 2): east to 14, then north to 10, 6, 2.
    const len = xyRoute(m, 0, 13, 2, out);
    expect(len).toBe(xyHops(m, 13, 2));
    const nodes = [13, ...[...out.subarray(0, len)].map((l) => t.linkTo[l])];
    expect(nodes).toEqual([13, 14, 10, 6, 2]);
    for (let i = 0; i < len; i++) expect(t.linkFrom[out[i]]).toBe(nodes[i]);
  });
});
