import { linkTopology, newLinks, type Topology } from '../../kernel/model/topology';
import {
  EAST,
  gridChannel,
  gridChannels,
  gridHops,
  NORTH,
  SOUTH,
  squareGrid,
  WEST,
  xyChannels,
} from '../../kernel/model/grid';

/**
 * An OTIS-Mesh: `groups` groups of side × side processors, each group a 2D mesh of full-duplex
 * electronic links (a pair of directed channels each), and, when there is more than one group
 * (groups = side²), an optical link from processor (G, N) to its transpose (N, G) for every G ≠ N.
 * With one group it is a plain 2D mesh. Processor (G, N) has id G·P + N, P = side²; inside a group N
 * is row-major: row ⌊N / side⌋, column N mod side (the numbering of the OTIS paper's figures).
 */
export interface MeshShape {
  side: number;
  groups: number;
}

/** Processors per group. */
export const groupSize = (m: MeshShape) => m.side * m.side;

/** Directed electronic links of one group: 4·side·(side − 1). */
export const groupLinks = (m: MeshShape) => gridChannels(squareGrid(m.side));

/** Link kinds, in `Topology.linkKinds` order: the grid's directions (EAST … NORTH), then optical. */
export const MESH_LINK_KINDS = ['east', 'west', 'south', 'north', 'optical'] as const;
export const OPTICAL = 4;

/** Group g's grid: side × side, row-major (src/kernel/model/grid.ts). */
const gridOf = (m: MeshShape) => squareGrid(m.side);

/**
 * Link ids inside group g (offset g·groupLinks): the shared grid's channel numbering, for a node at
 * (r, c): east (r, c)→(r, c+1), west (r, c+1)→(r, c), south (r, c)→(r+1, c), north (r+1, c)→(r, c).
 */
export const eastLink = (m: MeshShape, g: number, r: number, c: number) =>
  g * groupLinks(m) + gridChannel(gridOf(m), EAST, r, c);
export const westLink = (m: MeshShape, g: number, r: number, c: number) =>
  g * groupLinks(m) + gridChannel(gridOf(m), WEST, r, c);
export const southLink = (m: MeshShape, g: number, r: number, c: number) =>
  g * groupLinks(m) + gridChannel(gridOf(m), SOUTH, r, c);
export const northLink = (m: MeshShape, g: number, r: number, c: number) =>
  g * groupLinks(m) + gridChannel(gridOf(m), NORTH, r, c);

/** The optical link (G, N) → (N, G), G ≠ N. */
export function opticalLink(m: MeshShape, g: number, n: number): number {
  const p = groupSize(m);
  return m.groups * groupLinks(m) + g * (p - 1) + (n < g ? n : n - 1);
}

/**
 * Writes the XY route from a to b (indices inside group g) into out[k …] and returns the new length:
 * along a's row to b's column first (X), then along that column to b's row (Y), as the paper's
 * deterministic dimension-order routing does.
 */
export const xyRoute = (m: MeshShape, g: number, a: number, b: number, out: Uint32Array, k = 0) =>
  xyChannels(gridOf(m), a, b, out, k, g * groupLinks(m));

/** Hops of the XY route from a to b. */
export const xyHops = (m: MeshShape, a: number, b: number) => gridHops(gridOf(m), a, b);

/** The network as the verifier sees it: every link exclusive, one channel each. */
export function meshTopology(m: MeshShape): Topology {
  const q = m.side;
  const p = groupSize(m);
  const n = m.groups * p;
  const optical = m.groups > 1 ? m.groups * (p - 1) : 0;
  const linkCount = m.groups * groupLinks(m) + optical;
  const links = newLinks(linkCount, n);
  const set = links.set;
  for (let g = 0; g < m.groups; g++) {
    const base = g * p;
    for (let r = 0; r < q; r++)
      for (let c = 0; c + 1 < q; c++) {
        // Row r, columns c and c + 1; column r, rows c and c + 1.
        set(eastLink(m, g, r, c), base + r * q + c, base + r * q + c + 1, EAST);
        set(westLink(m, g, r, c), base + r * q + c + 1, base + r * q + c, WEST);
        set(southLink(m, g, c, r), base + c * q + r, base + (c + 1) * q + r, SOUTH);
        set(northLink(m, g, c, r), base + (c + 1) * q + r, base + c * q + r, NORTH);
      }
    if (m.groups > 1)
      for (let x = 0; x < p; x++) if (x !== g) set(opticalLink(m, g, x), base + x, x * p + g, OPTICAL);
  }
  return linkTopology('mesh', n, links, MESH_LINK_KINDS);
}

/** The shape of a mesh topology (one group, or side² groups), read back from its sizes. */
export function shapeOf(topo: Topology): MeshShape {
  let optical = 0;
  for (let l = topo.linkCount - 1; l >= 0 && topo.linkKind[l] === OPTICAL; l--) optical++;
  if (optical === 0) return { side: Math.round(Math.sqrt(topo.nodeCount)), groups: 1 };
  const p = Math.round(Math.sqrt(topo.nodeCount));
  return { side: Math.round(Math.sqrt(p)), groups: p };
}
