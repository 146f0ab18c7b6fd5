import {
  customNetwork,
  hypercubeNetwork,
  meshNetwork,
  octagonNetwork,
  torusNetwork,
  type Attachment,
  type NocNetwork,
  type Placement,
} from './noc-network';
import {
  idsOfRanges,
  intList,
  num,
  type ParamCondition,
  type ParamDef,
  type ParamValues,
  seedParam,
} from '../../kernel/params/schema';
import { TIME_PARAMS } from '../mesh/mesh-params';
import { communicationOf, type Communication, type Pattern } from './noc-patterns';

/** Most processors a network may have (a 16 × 16 mesh of fat routers with 4 each). */
export const MAX_PROCESSORS = 1024;

export const NETWORK_PARAMS: readonly ParamDef[] = [
  {
    key: 'network',
    label: 'Network',
    kind: 'enum',
    options: [
      { value: 'octagon', label: 'Octagon (ring of 4n routers with links across)' },
      { value: 'mesh', label: '2D mesh R × C' },
      { value: 'torus', label: '2D torus R × C' },
      { value: 'hypercube', label: 'hypercube' },
      { value: 'custom', label: 'your own (routers and links, or a JSON file)', short: 'own network' },
    ],
    default: 'octagon',
    group: 'network',
    help: 'The routers and how they are linked; processors sit on the routers.',
  },
  {
    key: 'rows',
    label: 'Rows R',
    kind: 'int',
    min: 2,
    max: 16,
    default: 4,
    group: 'network',
    help: 'Router rows (mesh and torus).',
    appliesWhen: { key: 'network', oneOf: ['mesh', 'torus'] },
  },
  {
    key: 'cols',
    label: 'Columns C',
    kind: 'int',
    min: 2,
    max: 16,
    default: 4,
    group: 'network',
    help: 'Router columns (mesh and torus).',
    appliesWhen: { key: 'network', oneOf: ['mesh', 'torus'] },
  },
  {
    key: 'dimension',
    label: 'Dimension d',
    kind: 'int',
    min: 1,
    max: 8,
    default: 3,
    group: 'network',
    help: 'Hypercube of 2^d routers.',
    appliesWhen: { key: 'network', oneOf: ['hypercube'] },
  },
  {
    key: 'routers',
    label: 'Routers (Octagon, your own)',
    kind: 'int',
    min: 2,
    max: 64,
    default: 8,
    group: 'network',
    help: 'The Octagon has 8; its extension any multiple of 4; your own network any number.',
    appliesWhen: { key: 'network', oneOf: ['octagon', 'custom'] },
  },
  {
    key: 'links',
    label: 'Links (your own)',
    kind: 'int-list',
    min: 0,
    max: 63,
    minLength: 0,
    maxLength: 1024,
    default: '',
    group: 'network',
    help: 'Your own network’s router links as pairs: 0,1,1,2 links 0–1 and 1–2.',
    appliesWhen: { key: 'network', oneOf: ['custom'] },
  },
  {
    key: 'per-router',
    label: 'Processors per router',
    kind: 'int',
    min: 1,
    max: 4,
    default: 2,
    group: 'network',
    help: '1: slim routers; more: fat routers (the paper’s fat Octagon has 2).',
  },
  {
    key: 'placement',
    label: 'Placement',
    kind: 'enum',
    options: [
      {
        value: 'shifted',
        label: 'as in the paper’s Fig. 4 (router j: 2j − 1 and 2j)',
        short: 'placed as Fig. 4',
      },
      { value: 'together', label: 'together (router j: jk … jk + k − 1)', short: 'placed together' },
      {
        value: 'opposite',
        label: 'opposite (router j: j and 2R − 1 − j, facing across Fig. 4)',
        short: 'placed opposite',
      },
    ],
    default: 'shifted',
    group: 'network',
    help: 'Which processors share a fat router. Fig. 4 leaves it to the reader: the shifted reading reproduces Table 2.',
    appliesWhen: { key: 'per-router', oneOf: [2, 3, 4] },
  },
  {
    key: 'detour',
    label: 'Detour',
    kind: 'int',
    min: 0,
    max: 4,
    default: 0,
    unit: 'hops',
    group: 'network',
    help: 'Router hops beyond the shortest a route may take: 0 is minimal routing. The paper’s 7-step “8 to the same 8” needs 1 (the Octagon has odd cycles); its Fig. 3 needs 2 (on a mesh a longer route is at least 2 hops longer).',
  },
  {
    key: 'ports',
    label: 'Ports k',
    kind: 'int',
    min: 1,
    max: 4,
    default: 1,
    group: 'network',
    help: 'Messages a processor may inject and absorb per step (1: the paper’s one-port model).',
  },
];

const idSet = (
  key: string,
  label: string,
  def: string,
  help: string,
  appliesWhen: ParamCondition,
): ParamDef => ({
  key,
  appliesWhen,
  label,
  kind: 'int-list',
  ranges: true,
  min: 0,
  max: MAX_PROCESSORS - 1,
  minLength: 1,
  maxLength: MAX_PROCESSORS,
  default: def,
  group: 'algorithm',
  help,
});

/** The methods: the exact one is for scatters only (a broadcast's relays are not in its model). */
const METHODS = [
  { value: 'constructive', label: 'constructive (greedy, with path choice)' },
  { value: 'anneal', label: 'simulated annealing (one chain)' },
  { value: 'hybrid', label: 'hybrid: 4 annealing chains bred by a master (HGSA)' },
  { value: 'exact', label: 'exact: integer program (HiGHS), proves the optimum' },
];

/** Parameters of the communication: the pattern's options are the card's (broadcast or scatter). */
export function communicationParams(
  patterns: { value: Pattern; label: string }[],
  searches: boolean,
): ParamDef[] {
  // Which patterns have a root, which a sender and a receiver set; which methods search.
  const patternsLike = (first: string): ParamCondition => ({
    key: 'pattern',
    oneOf: patterns.map((p) => p.value).filter((v) => v.startsWith(first)),
  });
  const methods = searches ? METHODS : METHODS.slice(0, 3);
  const searching = methods.map((m) => m.value).filter((v) => v !== 'constructive');
  return [
    {
      key: 'pattern',
      label: 'Communication',
      kind: 'enum',
      options: patterns,
      default: patterns[patterns.length - 1].value,
      group: 'algorithm',
      help: 'One-to-all (from the root), all-to-all, or M-to-N between the sender set T and receiver set R.',
    },
    {
      key: 'root',
      label: 'Root',
      kind: 'int',
      min: 0,
      max: MAX_PROCESSORS - 1,
      default: 0,
      group: 'algorithm',
      help: 'The sender of a one-to-all communication.',
      appliesWhen: patternsLike('o'),
    },
    idSet(
      'senders',
      'Senders T',
      '0-7',
      'M-to-N: the processors that send (ids and ranges, e.g. 0-7,12).',
      patternsLike('m'),
    ),
    idSet('receivers', 'Receivers R', '8-15', 'M-to-N: the processors that receive.', patternsLike('m')),
    {
      key: 'method',
      label: 'Method',
      kind: 'enum',
      // The exact method is for scatters; broadcasts have the searches (their relays in the genes).
      options: methods,
      default: 'hybrid',
      group: 'algorithm',
      help: 'How the schedule is found: the searches start from the constructive schedule and lower its steps towards the bound.',
    },
    ...searchParams(searching),
    // A real seed: a new link draws a fresh one and writes it back; a shared link keeps its own.
    {
      ...seedParam(),
      help: 'Orders ties among messages and drives the searches: the same seed gives the same schedule.',
    },
    ...TIME_PARAMS.filter((d) => d.key !== 'optical-us'),
  ];
}

/** The searches' budget: moves for the annealing ones, a time limit for every search. */
const searchParams = (searching: string[]): ParamDef[] => [
  {
    key: 'moves',
    label: 'Moves',
    kind: 'int',
    min: 1000,
    max: 100_000_000,
    default: 2_000_000,
    group: 'algorithm',
    help: 'Annealing moves the search may make in all: with the seed, they decide its result.',
    appliesWhen: { key: 'method', oneOf: searching.filter((m) => m !== 'exact') },
  },
  {
    key: 'time-limit',
    label: 'Time limit',
    kind: 'number',
    min: 0.1,
    max: 3600,
    default: 20,
    unit: 's',
    group: 'algorithm',
    help: 'The search also ends after this long, with its best schedule (then the machine’s speed matters).',
    appliesWhen: { key: 'method', oneOf: searching },
  },
];

/** Most processors a broadcast with combined messages is scheduled for (its greedy is cubic). */
export const MAX_COMBINING_PROCESSORS = 64;

/**
 * Whether a broadcast's messages may combine: not the paper's model (a message carries one block),
 * but one of the readings under which its 8 steps for “8 to the other 8” are reachable.
 */
export const COMBINE_PARAM: ParamDef = {
  key: 'combine',
  label: 'Messages combine',
  kind: 'enum',
  options: [
    { value: 'no', label: 'no: one block per message (the paper’s model)' },
    { value: 'yes', label: 'yes: a message carries every block its sender has that its receiver lacks' },
  ],
  default: 'no',
  group: 'algorithm',
  help: `The paper’s messages carry one block each. Combined messages are scheduled by a greedy of ours (the searches place one block per message), up to ${MAX_COMBINING_PROCESSORS} processors; the lower bounds that count messages no longer hold, only doubling does.`,
};

/** A broadcast whose messages combine (COMBINE_PARAM). */
export const combines = (p: ParamValues) => p['combine'] === 'yes';

/** Processors of the configured network, without building it. */
export function processorCount(p: ParamValues): number {
  const routers =
    p['network'] === 'mesh' || p['network'] === 'torus'
      ? num(p, 'rows') * num(p, 'cols')
      : p['network'] === 'hypercube'
        ? 2 ** num(p, 'dimension')
        : num(p, 'routers');
  return routers * num(p, 'per-router');
}

export function communicationFromParams(p: ParamValues): Communication {
  return communicationOf(
    String(p['pattern']) as Pattern,
    processorCount(p),
    num(p, 'root'),
    idsOfRanges(String(p['senders'])),
    idsOfRanges(String(p['receivers'])),
  );
}

/** The network a configuration names. */
export function networkOf(p: ParamValues): NocNetwork {
  const at: Attachment = {
    perRouter: num(p, 'per-router'),
    ports: num(p, 'ports'),
    placement: String(p['placement']) as Placement,
  };
  switch (String(p['network'])) {
    case 'mesh':
      return meshNetwork(num(p, 'rows'), num(p, 'cols'), at);
    case 'torus':
      return torusNetwork(num(p, 'rows'), num(p, 'cols'), at);
    case 'hypercube':
      return hypercubeNetwork(num(p, 'dimension'), at);
    case 'custom':
      return customNetwork(num(p, 'routers'), intList(p, 'links'), at);
    default:
      return octagonNetwork(num(p, 'routers'), at);
  }
}
