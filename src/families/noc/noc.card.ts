import { type AlgorithmCard, type StepFacts } from '../../kernel/spec';
import { nocParse, type NocConfig } from './noc-config';
import { COMBINE_PARAM, communicationParams, NETWORK_PARAMS } from './noc-params';
import { PATTERNS, pairCount } from './noc-patterns';
import { plural } from '../../kernel/util/units';
import { NOC_PAPER } from './paper';

const SUMMARY =
  'Processors sit on the routers of a network-on-chip; a message holds every channel of its path for ' +
  'its step (wormhole), and two messages that share a channel in a step conflict. A schedule gives ' +
  'each message a path and a step with no conflict and no port over its limit; the lower bounds say ' +
  'how few steps any schedule can have.';

/**
 * A route's length in router hops (links between routers): a route's first and last links join its
 * processors to their routers. Zero: the two processors share a router.
 */
const routerHops = (links: number) => Math.max(0, links - 2);

/** "through 2 router hops", or "inside the router they share" for a route of no router hop. */
const through = (links: number) =>
  routerHops(links) === 0
    ? 'inside the router they share'
    : `through ${plural(routerHops(links), 'router hop')}`;

function narrate(cfg: NocConfig, f: StepFacts, what: string): string {
  const one = f.transfers === 1;
  const ex = f.examples[0];
  const route = ex ? ` For example, processor ${ex.from} sends to ${ex.to[0]} ${through(ex.hops)}.` : '';
  const longest =
    routerHops(f.longestRoute) === 0
      ? 'every message stays inside its router'
      : `longest path: ${plural(routerHops(f.longestRoute), 'router hop')}`;
  return `Step ${f.step} of ${f.stepCount}: ${one ? 'one message' : plural(f.transfers, 'message')} ${what}, on channels no other message of the step uses.${route} ${longest.replace(/^./, (c) => c.toUpperCase())}; ${plural(cfg.network.ports, 'port')} per processor.`;
}

function narrateStart(cfg: NocConfig, steps: number): string {
  const c = cfg.communication;
  const messages = pairCount(c);
  const what = c.broadcast
    ? `${plural(c.senders.length, 'sender')} ${c.senders.length === 1 ? 'has' : 'each have'} one message for ${plural(c.receivers.length, 'receiver')}`
    : `${plural(c.senders.length, 'sender')} ${c.senders.length === 1 ? 'has' : 'have'} ${plural(messages, 'private message')} for ${plural(c.receivers.length, 'receiver')}`;
  return `${what}. In ${plural(steps, 'step')} every message arrives, no two messages of a step sharing a channel.`;
}

/** The parameters that `topology` sets: given beside it, they would be overridden without a word. */
export const TOPOLOGY_KEYS = ['network', 'rows', 'cols', 'dimension', 'routers', 'links'] as const;

/**
 * `topology`: the network in one option — mesh:RxC, torus:RxC, hypercube:D, octagon, octagon:N (an
 * Octagon ring of N routers), fat-octagon (the paper's, 2 processors a router) — expanded into the
 * network parameters (slim routers unless `per-router` is given too). Refuses a network parameter
 * given beside it.
 */
export function expandTopology(raw: Readonly<Record<string, string>>): Record<string, string> {
  const { topology, ...rest } = raw;
  if (topology === undefined) return { ...raw };
  const clash = TOPOLOGY_KEYS.find((k) => k in rest);
  if (clash !== undefined)
    throw new Error(
      `--${clash} cannot be given with --topology, which sets the network; give one or the other`,
    );
  const per = rest['per-router'] ?? '1';
  const grid = /^(mesh|torus):(\d+)x(\d+)$/.exec(topology);
  if (grid) return { ...rest, network: grid[1], rows: grid[2], cols: grid[3], 'per-router': per };
  const cube = /^hypercube:(\d+)$/.exec(topology);
  if (cube) return { ...rest, network: 'hypercube', dimension: cube[1], 'per-router': per };
  const ring = /^octagon(?::(\d+))?$/.exec(topology);
  if (ring) return { ...rest, network: 'octagon', routers: ring[1] ?? '8', 'per-router': per };
  if (topology === 'fat-octagon')
    return { ...rest, network: 'octagon', routers: '8', 'per-router': rest['per-router'] ?? '2' };
  throw new Error(
    `topology must be mesh:RxC, torus:RxC, hypercube:D, octagon, octagon:N or fat-octagon; got "${topology}"`,
  );
}

function estimate(cfg: NocConfig) {
  const c = cfg.communication;
  const pairs = pairCount(c);
  const blocks = c.broadcast ? c.senders.length : pairs;
  return {
    steps: pairs,
    transfers: pairs,
    blockRefs: pairs,
    holdingCells: c.senders.length + c.receivers.length + blocks * 64,
    placedMessages: pairs,
  };
}

const BROADCAST_PARAMS = [
  ...NETWORK_PARAMS,
  ...communicationParams(
    PATTERNS.filter((x) => x.value.endsWith('b')),
    false,
  ),
  COMBINE_PARAM,
];

const SCATTER_PARAMS = [
  ...NETWORK_PARAMS,
  ...communicationParams(
    PATTERNS.filter((x) => x.value.endsWith('s')),
    true,
  ),
];

export const nocBroadcastCard: AlgorithmCard<NocConfig> = {
  id: 'noc-broadcast',
  name: 'NoC broadcast: one-to-all, all-to-all, M-to-N',
  shortName: 'NoC broadcast',
  family: 'NoC',
  collective: 'broadcast',
  topology: 'noc',
  paper: NOC_PAPER,
  summary: `${SUMMARY} In a broadcast each sender's one message must reach every receiver; a receiver that has it may pass it on.`,
  params: BROADCAST_PARAMS,
  parse: nocParse(BROADCAST_PARAMS),
  shorthands: expandTopology,
  estimate,
  narrate: (cfg, f) =>
    narrate(
      cfg,
      f,
      f.transfers === 1 ? 'carries a broadcast message onwards' : 'carry broadcast messages onwards',
    ),
  narrateStart,
  goal: 'every receiver holds every sender’s message',
  noTree: 'its messages spread as the scheduler finds free paths',
};

export const nocScatterCard: AlgorithmCard<NocConfig> = {
  id: 'noc-scatter',
  name: 'NoC scatter: one-to-all, all-to-all, M-to-N',
  shortName: 'NoC scatter',
  family: 'NoC',
  collective: 'scatter',
  topology: 'noc',
  paper: NOC_PAPER,
  summary: `${SUMMARY} In a scatter each sender has a private message for each receiver, sent along one path.`,
  params: SCATTER_PARAMS,
  parse: nocParse(SCATTER_PARAMS),
  shorthands: expandTopology,
  estimate,
  narrate: (cfg, f) => narrate(cfg, f, f.transfers === 1 ? 'reaches its receiver' : 'reach their receivers'),
  narrateStart,
  goal: 'every receiver holds its message from every sender',
  noTree: 'each message goes straight from its sender to its receiver',
};
