import { indexArray, type IndexArray } from './columns';

/**
 * The kind of interconnect a topology belongs to: a family's kind (the families name them; the
 * closed list is `TopologyKind` in src/family-list.ts, derived from FAMILIES) or `generic`, a network
 * read from a schedule file (docs/schedule-format.md): any vertices and links, checked by the same
 * generic rules. The kernel knows no family, so to it a kind is a name.
 */
export type NetworkKind = string;

/**
 * A network: processors 0..nodeCount-1, optional auxiliary vertices (couplers, switches) after them,
 * and directed links. Each link has a kind, a number of channels (wavelengths) and a sharing rule:
 * on an exclusive link a (link, channel) pair carries at most one transfer per step; a shared link
 * carries any number (its congestion enters the cost model instead).
 */
export interface Topology {
  kind: NetworkKind;
  nodeCount: number;
  auxCount: number;
  linkCount: number;
  linkFrom: IndexArray;
  linkTo: IndexArray;
  linkChannels: Uint32Array;
  /** Index into `linkKinds`. */
  linkKind: Uint8Array;
  linkKinds: string[];
  /** 1 where the link is shared, 0 where exclusive. */
  linkShared: Uint8Array;
}

/** Link kinds of the WDM ring: 0 = clockwise fibre, 1 = counter-clockwise fibre. */
export const RING_CW = 0;
export const RING_CCW = 1;

/**
 * Bidirectional WDM ring of n nodes with w wavelengths per fibre direction.
 * Link i goes clockwise i → i+1; link n+i goes counter-clockwise i → i−1.
 */
export function wdmRing(n: number, w: number): Topology {
  const linkCount = 2 * n;
  const linkFrom = indexArray(linkCount, n);
  const linkTo = indexArray(linkCount, n);
  const linkKind = new Uint8Array(linkCount);
  for (let i = 0; i < n; i++) {
    const cw = ringLink(n, i, 1);
    const ccw = ringLink(n, i, -1);
    linkFrom[cw] = i;
    linkTo[cw] = (i + 1) % n;
    linkKind[cw] = RING_CW;
    linkFrom[ccw] = i;
    linkTo[ccw] = (i - 1 + n) % n;
    linkKind[ccw] = RING_CCW;
  }
  return {
    kind: 'wdm-ring',
    nodeCount: n,
    auxCount: 0,
    linkCount,
    linkFrom,
    linkTo,
    linkChannels: new Uint32Array(linkCount).fill(w),
    linkKind,
    linkKinds: ['fibre-cw', 'fibre-ccw'],
    linkShared: new Uint8Array(linkCount),
  };
}

/** Id of the ring link leaving `node` in direction `dir` (+1 clockwise, −1 counter-clockwise). */
export function ringLink(n: number, node: number, dir: 1 | -1): number {
  return dir > 0 ? node : n + node;
}
