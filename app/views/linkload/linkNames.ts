import type { Topology } from '../../../src/kernel/model/topology';

/** Link kinds in words (the families' `linkKinds`); a kind not listed here is shown as it is named. */
const KIND_NAMES: Record<string, string> = {
  'fibre-cw': 'clockwise fibre',
  'fibre-ccw': 'counter-clockwise fibre',
  east: 'row, east',
  west: 'row, west',
  south: 'column, south',
  north: 'column, north',
  optical: 'optical (between groups)',
  uplink: 'uplink',
  coupler: 'star coupler',
  downlink: 'downlink',
  'circuit-right': 'circuit, forward',
  'circuit-left': 'circuit, backward',
  inject: 'injection port',
  eject: 'ejection port',
  channel: 'router link',
};

export const kindName = (kind: string): string => KIND_NAMES[kind] ?? kind;

/** Shorter names for a narrow margin. */
const SHORT_NAMES: Record<string, string> = {
  'fibre-cw': 'cw',
  'fibre-ccw': 'ccw',
  optical: 'optical',
  coupler: 'coupler',
  'circuit-right': 'fwd',
  'circuit-left': 'back',
  inject: 'inject',
  eject: 'eject',
  channel: 'router',
};

export const shortKindName = (kind: string): string => SHORT_NAMES[kind] ?? kind;

/** A vertex as the views number it: processors by number, auxiliary vertices (couplers, routers) as a·k. */
function vertex(topo: Topology, v: number): string {
  return v < topo.nodeCount ? String(v) : `a${v - topo.nodeCount}`;
}

/** "link 12 (12→13, clockwise fibre)". */
export function linkName(topo: Topology, l: number): string {
  const kind = topo.linkKinds[topo.linkKind[l]] ?? 'link';
  return `link ${l} (${vertex(topo, topo.linkFrom[l])}→${vertex(topo, topo.linkTo[l])}, ${kindName(kind)})`;
}
