import type { Topology } from '../../kernel/model/topology';
import type { ParamValues } from '../../kernel/params/schema';
import type { TryBound } from '../../tryit/bounds';
import type { FamilyTryIt } from '../../tryit/family-try';
import { lowerBounds, type Bound } from './noc-bounds';
import { channelBase, processorsOf, type NocNetwork } from './noc-network';
import { communicationFromParams, networkOf } from './noc-params';
import { nocStepSeconds } from './noc-time';
import { wormholeTimeOf } from '../mesh/mesh-params';

/** The NoC family's bounds (noc-bounds.ts) with their argument on the exercise's network. */
function nocBounds(p: ParamValues, t: Topology): TryBound[] {
  const net = networkOf(p);
  const c = communicationFromParams(p);
  return lowerBounds(net, c).map((b) => ({
    id: b.id,
    label: b.label,
    value: b.value,
    unit: 'steps',
    why: b.why,
    source: b.source,
    scope: 'any',
    argument: nocArgument(net, t, b, c.senders),
  }));
}

/** A NoC bound's `where` as vertices and links: a processor and its ports, or routers and the channels out of them. */
function nocArgument(net: NocNetwork, t: Topology, b: Bound, senders: number[]): TryBound['argument'] {
  const P = processorsOf(net);
  if (b.where?.processor !== undefined) {
    const v = b.where.processor;
    const links: number[] = [];
    for (let l = 0; l < channelBase(net); l++) if (t.linkFrom[l] === v || t.linkTo[l] === v) links.push(l);
    return { vertices: [v], links };
  }
  if (b.where?.routers) {
    const inside = new Set(b.where.routers.map((r) => P + r));
    const links: number[] = [];
    for (let l = channelBase(net); l < t.linkCount; l++)
      if (inside.has(t.linkFrom[l]) !== inside.has(t.linkTo[l])) links.push(l);
    return { vertices: [...inside], links };
  }
  // A bound that names no place (a broadcast's doubling from its one source): its source, ringed.
  return senders.length === 1 ? { vertices: [senders[0]] } : {};
}

/** "Try it" on a network-on-chip: time by the NoC paper's eq. (1); its own bounds replace the generic ones. */
export const NOC_TRY_IT: FamilyTryIt = {
  time: (x, s) => ({ perStep: nocStepSeconds(s, wormholeTimeOf(x.params)) }),
  bounds: (x) => nocBounds(x.params, x.topology),
};
