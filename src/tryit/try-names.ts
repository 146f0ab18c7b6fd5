import type { Topology, NetworkKind } from '../kernel/model/topology';
import { INTERCONNECTS, isKnownInterconnect } from '../interconnects';

/** What a sentence about an exercise's network needs. */
export interface Naming {
  kind: NetworkKind;
  topology: Topology;
  model: { ports?: { tx: number; rx: number; fanout?: number } };
}

/** "node 3" on a ring, star or switch; "processor 3" on a mesh or a chip; "router 2"; the coupler's sides. */
export function vertexName(x: Naming, v: number): string {
  const n = x.topology.nodeCount;
  if (v < n) return `${x.kind === 'mesh' || x.kind === 'noc' ? 'processor' : 'node'} ${v}`;
  if (x.kind === 'noc') return `router ${v - n}`;
  if (x.kind === 'star') return v === n ? 'the coupler’s input' : 'the coupler’s output';
  return `vertex ${v}`;
}

/** A link in words: "the clockwise fibre 2→3", "the coupler", "processor 4’s injection port". */
export function linkName(x: Naming, l: number): string {
  const t = x.topology;
  if (!(l >= 0 && l < t.linkCount)) return `link ${l}`;
  const from = t.linkFrom[l];
  const to = t.linkTo[l];
  const kind = t.linkKinds[t.linkKind[l]];
  const n = t.nodeCount;
  switch (kind) {
    case 'fibre-cw':
      return `the clockwise fibre ${from}→${to}`;
    case 'fibre-ccw':
      return `the counter-clockwise fibre ${from}→${to}`;
    case 'uplink':
      return `node ${from}’s uplink to the coupler`;
    case 'coupler':
      return 'the coupler';
    case 'downlink':
      return `the coupler’s downlink to node ${to}`;
    case 'circuit-right':
    case 'circuit-left':
      return `the circuit ${from}→${to}`;
    case 'optical':
      return `the optical link ${from}→${to}`;
    case 'inject':
      return `processor ${from}’s injection port${portSuffix(x, l)}`;
    case 'eject':
      return `processor ${to}’s ejection port${portSuffix(x, l)}`;
    case 'channel':
      return `the channel from router ${from - n} to router ${to - n}`;
    default:
      return `the channel ${from}→${to}`;
  }
}

/** " 2" for a processor's second port when it has several (links p·k … p·k + k − 1). */
function portSuffix(x: Naming, l: number): string {
  const k = x.model.ports?.tx ?? 1;
  return k > 1 ? ` ${(l % k) + 1}` : '';
}

/**
 * A channel in words: always on a model whose channels are wavelengths ("wavelength λ2"), else only
 * where the link has several ("channel 3"); '' otherwise.
 */
export function channelName(x: Naming, c: number, l?: number): string {
  const t = x.topology;
  const ch = (isKnownInterconnect(x.kind) ? INTERCONNECTS[x.kind].channel : null) ?? {
    name: 'channel',
    symbol: null,
  };
  const many = l !== undefined ? t.linkChannels[l] > 1 : t.linkChannels.some((k) => k > 1);
  if (ch.symbol === null && !many) return '';
  return `${ch.name} ${ch.symbol ?? ''}${c}`;
}

/** What one transfer is called ("lightpath", "transmission", "message"). */
export function transferNoun(x: Naming, many = false): string {
  const t = (isKnownInterconnect(x.kind) ? INTERCONNECTS[x.kind].transfer : null) ?? {
    one: 'transfer',
    many: 'transfers',
  };
  return many ? t.many : t.one;
}

/** "lightpath 2 of step 3" (people count from 1). */
export const transferLabel = (x: Naming, step: number, index: number) =>
  `${transferNoun(x)} ${index + 1} of step ${step + 1}`;
