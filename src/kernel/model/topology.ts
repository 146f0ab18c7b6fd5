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
  const links = newLinks(2 * n, n);
  for (let i = 0; i < n; i++) {
    links.set(ringLink(n, i, 1), i, (i + 1) % n, RING_CW);
    links.set(ringLink(n, i, -1), i, (i - 1 + n) % n, RING_CCW);
  }
  return linkTopology('wdm-ring', n, links, ['fibre-cw', 'fibre-ccw'], { channels: w });
}

/** A topology's links while they are being filled in: the endpoints and the kind of each. */
export interface NewLinks {
  linkFrom: IndexArray;
  linkTo: IndexArray;
  linkKind: Uint8Array;
  /** Link `l` runs `from` → `to` and is of kind `kind`. */
  set(l: number, from: number, to: number, kind: number): void;
}

/** `linkCount` links between `vertices` vertices (processors and auxiliary ones), all still 0 → 0. */
export function newLinks(linkCount: number, vertices: number): NewLinks {
  const linkFrom = indexArray(linkCount, vertices);
  const linkTo = indexArray(linkCount, vertices);
  const linkKind = new Uint8Array(linkCount);
  return {
    linkFrom,
    linkTo,
    linkKind,
    set(l, from, to, kind) {
      linkFrom[l] = from;
      linkTo[l] = to;
      linkKind[l] = kind;
    },
  };
}

/**
 * The topology made of filled-in links: `nodeCount` processors, then `auxCount` auxiliary vertices;
 * every link has `channels` channels (1 unless said) and is exclusive unless `shared`.
 */
export function linkTopology(
  kind: NetworkKind,
  nodeCount: number,
  links: Pick<NewLinks, 'linkFrom' | 'linkTo' | 'linkKind'>,
  linkKinds: readonly string[],
  { auxCount = 0, channels = 1, shared = false } = {},
): Topology {
  const linkCount = links.linkFrom.length;
  return {
    kind,
    nodeCount,
    auxCount,
    linkCount,
    linkFrom: links.linkFrom,
    linkTo: links.linkTo,
    linkChannels: new Uint32Array(linkCount).fill(channels),
    linkKind: links.linkKind,
    linkKinds: [...linkKinds],
    linkShared: new Uint8Array(linkCount).fill(shared ? 1 : 0),
  };
}

/** Id of the ring link leaving `node` in direction `dir` (+1 clockwise, −1 counter-clockwise). */
export function ringLink(n: number, node: number, dir: 1 | -1): number {
  return dir > 0 ? node : n + node;
}
