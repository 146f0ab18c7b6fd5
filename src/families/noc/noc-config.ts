import { checked, parseChecked } from '../../kernel/config';
import {
  idsOfRanges,
  intList,
  num,
  type ParamDef,
  type ParamIssue,
  type ParamValues,
} from '../../kernel/params/schema';
import { wormholeTimeOf, type WormholeTime } from '../mesh/mesh-params';
import type { NocNetwork, Placement } from './noc-network';
import { customLinksProblem } from './noc-network';
import {
  combines,
  communicationFromParams,
  MAX_COMBINING_PROCESSORS,
  MAX_PROCESSORS,
  networkOf,
  processorCount,
} from './noc-params';
import type { Communication } from './noc-patterns';

/** A NoC card's configuration: the network and the communication, each built once, and the search's settings. */
export interface NocConfig {
  /** The parameters as text: what the last configuration's bounds and constructive schedule are kept under. */
  key: string;
  network: NocNetwork;
  communication: Communication;
  /** A broadcast whose messages combine. */
  combine: boolean;
  /** Router hops a route may take beyond a shortest one. */
  detour: number;
  placement: Placement;
  /** constructive, anneal, hybrid or exact. */
  method: string;
  seed: number;
  /** Annealing moves in all. */
  moves: number;
  /** The search's time limit, in seconds. */
  timeLimit: number;
  time: WormholeTime;
}

/**
 * A NoC card's `parse` for its parameters `defs`: every parameter checked against its bounds (a
 * ConfigError naming it and its limits), then the rules across parameters (sizes, ids inside the
 * network), then the network and the communication, read once for the build, the searches, the
 * bounds, the formulas, the model rules and the narration, and at least one message to send.
 */
export function nocParse(defs: readonly ParamDef[]): (p: ParamValues) => NocConfig {
  return (p) => {
    // The rules before the reading: building a communication with ids outside the network would throw.
    parseChecked(defs, p, () => p, networkIssues);
    const communication = communicationFromParams(p);
    return checked(messageIssues(communication), () => ({
      key: JSON.stringify(p),
      network: networkOf(p),
      communication,
      combine: combines(p),
      detour: num(p, 'detour'),
      placement: String(p['placement']) as Placement,
      method: String(p['method']),
      seed: num(p, 'seed'),
      moves: num(p, 'moves'),
      timeLimit: num(p, 'time-limit'),
      time: wormholeTimeOf(p),
    }));
  };
}

/** A communication with nothing to send: every receiver is the only sender. */
function messageIssues(c: Communication): ParamIssue[] {
  return c.senders.some((s) => c.receivers.some((d) => d !== s))
    ? []
    : [{ key: 'receivers', message: 'no message to send: every receiver is the only sender' }];
}

/** The rules that need no communication built: sizes, the network's shape, ids inside it. */
function networkIssues(p: ParamValues): ParamIssue[] {
  const P = processorCount(p);
  if (P > MAX_PROCESSORS)
    return [{ key: 'per-router', message: `the network has ${P} processors; at most ${MAX_PROCESSORS}` }];
  if (p['network'] === 'custom') {
    const problem = customLinksProblem(num(p, 'routers'), intList(p, 'links'));
    if (problem) return [{ key: 'links', message: problem }];
  }
  if (p['network'] === 'octagon' && (num(p, 'routers') % 4 !== 0 || num(p, 'routers') < 8))
    return [
      {
        key: 'routers',
        message: `an Octagon ring has a multiple of 4 routers (8, 12, 16, …), not ${num(p, 'routers')}`,
      },
    ];
  const pattern = String(p['pattern']);
  if (pattern.startsWith('o') && num(p, 'root') >= P)
    return [{ key: 'root', message: `root must be a processor of the network: 0 to ${P - 1}` }];
  if (pattern.startsWith('m'))
    for (const key of ['senders', 'receivers']) {
      const over = idsOfRanges(String(p[key])).find((v) => v >= P);
      if (over !== undefined)
        return [{ key, message: `${key} must be processors of the network, 0 to ${P - 1}; ${over} is not.` }];
    }
  if (combines(p) && P > MAX_COMBINING_PROCESSORS)
    return [
      {
        key: 'combine',
        message: `combined messages are scheduled for at most ${MAX_COMBINING_PROCESSORS} processors; the network has ${P}`,
      },
    ];
  return [];
}
