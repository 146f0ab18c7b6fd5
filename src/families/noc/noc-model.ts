import type { NocConfig } from './noc-config';
import type { ModelRules, RouteFault } from '../../kernel/verify/model-rules';
import { nocTopology, processorsOf, routerDistances } from './noc-network';

/**
 * The rules of the network-on-chip model (NoC paper, Sec. 2), which a schedule file naming
 * `noc-broadcast` or `noc-scatter` is checked against: the network is the one its parameters give
 * (routers, their links, which processors sit where, k injection and ejection channels each); a
 * message goes from its sender into its router, along router channels, and out to its one receiver,
 * passing through no other processor and no router twice, at most `detour` router hops longer than a
 * shortest route; a message carries one block (messages do not combine, unless the broadcast's
 * `combine` says they may); a processor sends and absorbs at most k messages a step.
 */
export function nocModel(algorithm: 'noc-broadcast' | 'noc-scatter', cfg: NocConfig): ModelRules {
  const net = cfg.network;
  const network = nocTopology(net);
  const P = processorsOf(net);
  const k = net.ports;
  const detour = cfg.detour;
  const dist = routerDistances(net);
  const combining = cfg.combine;
  const name = `${algorithm} on the ${net.name} (${P} processors on ${net.routers} routers)`;
  const seen = new Uint32Array(net.routers);
  let stamp = 0;
  const hopsWord = (h: number) => `${h} router hop${h === 1 ? '' : 's'}`;
  return {
    name,
    collective: algorithm === 'noc-broadcast' ? 'broadcast' : 'scatter',
    network,
    combining,
    ports: { tx: k, rx: k },
    words: {
      network: `${net.name}: ${net.routers} routers, ${net.edges.length} full-duplex router links, processors placed ${cfg.placement}, ${k} injection and ${k} ejection channel${k === 1 ? '' : 's'} per processor`,
      routing:
        detour === 0
          ? 'minimal: into the sender’s router, a shortest router path, out to the one receiver, through no other processor'
          : `into the sender’s router, a router path at most ${hopsWord(detour)} longer than the shortest and visiting no router twice, out to the one receiver, through no other processor`,
      combining: combining
        ? 'messages combine: one may carry several blocks (combine = yes; the paper’s messages carry one)'
        : 'messages do not combine: each carries one block',
      ports: `${k} per processor: at most ${k} message${k === 1 ? '' : 's'} sent and ${k} absorbed a step`,
    },
    route(t, from, route, length, to, receivers): RouteFault | null {
      if (receivers !== 1)
        return {
          rule: 'model-routing',
          message: `transfer ${t} has ${receivers} receivers; a message of ${name} goes to one processor`,
        };
      // Every vertex the route enters before its end must be a router (processors are 0 … P − 1).
      for (let i = 0; i + 1 < length; i++) {
        const v = network.linkTo[route[i]];
        if (v < P)
          return {
            rule: 'through-processor',
            message: `transfer ${t} from processor ${from} passes through processor ${v}: processors only send and receive, messages travel between routers`,
          };
      }
      if (length < 2 || network.linkFrom[route[0]] !== from || network.linkTo[route[length - 1]] !== to[0])
        return {
          rule: 'model-routing',
          message: `transfer ${t} does not run from processor ${from}’s injection channel to its receiver’s ejection channel`,
        };
      stamp++;
      seen[network.linkTo[route[0]] - P] = stamp;
      for (let i = 1; i + 1 < length; i++) {
        const r = network.linkTo[route[i]] - P;
        if (seen[r] === stamp)
          return {
            rule: 'model-routing',
            message: `transfer ${t} visits router ${r} twice; a route of ${name} visits a router once`,
          };
        seen[r] = stamp;
      }
      const hops = length - 2;
      const shortest = dist[net.procRouter[from]][net.procRouter[to[0]]];
      if (hops > shortest + detour)
        return {
          rule: 'model-routing',
          message: `transfer ${t} from processor ${from} to ${to[0]} takes ${hopsWord(hops)}; the shortest route takes ${shortest}, and the model allows ${detour === 0 ? 'no longer one (minimal routing, detour = 0)' : `at most ${hopsWord(detour)} more (detour = ${detour})`}`,
        };
      return null;
    },
  };
}
