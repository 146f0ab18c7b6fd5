import { parseChecked } from '../../kernel/config';
import {
  num,
  type IntParam,
  type ParamDef,
  type ParamIssue,
  type ParamValues,
} from '../../kernel/params/schema';
import type { StarShape } from './star-formulas';
import { tcp2Radices, tcpDepth } from './tcp';

/** Parameters every passive-star algorithm shares. */
export const STAR_PARAMS: readonly ParamDef[] = [
  {
    key: 'nodes',
    label: 'Processors P',
    kind: 'int',
    min: 2,
    max: 4096,
    default: 64,
    group: 'network',
    help: 'Processors around the passive star coupler.',
  },
  {
    key: 'wavelengths-per-node',
    label: 'Wavelengths per node k',
    kind: 'int',
    min: 1,
    max: 15,
    default: 3,
    group: 'network',
    help: 'Transmitters and receivers per processor; also how many receivers one message reaches.',
  },
  {
    key: 'tuning-delay',
    label: 'Tuning delay D',
    kind: 'number',
    min: 0,
    max: 1_000_000,
    default: 0.1,
    group: 'time model',
    unit: 'message times',
    help: 'Time to retune a transmitter or receiver, in units of one message transmission.',
  },
];

export const MESSAGES_PARAM: IntParam = {
  key: 'messages',
  label: 'Messages m',
  kind: 'int',
  min: 1,
  max: 4096,
  default: 64,
  group: 'message',
  help: 'Unit-size messages of the operation (broadcast: at the source; gossip: at every node).',
};

/** Largest channel id the schedule columns hold. */
const MAX_WAVELENGTHS = 0xffff;

/** What every passive-star algorithm is configured with, read once from its parameters. */
export interface StarConfig {
  /** P: the processors around the coupler. */
  nodes: number;
  /** k: transmitters and receivers per processor. */
  k: number;
  /** D: the time to retune, in message times. */
  tuningDelay: number;
  /** m: unit messages (1 where the algorithm has no such parameter). */
  messages: number;
  /** h′ in force: the split broadcast's split steps; 0 for the naive variant and the other algorithms. */
  splitSteps: number;
}

/**
 * k alone: all the parameters a star schedule opened from a file carry, so what may show such a run
 * (the interconnect's extras, the star's pictures) reads only this.
 */
export const kOf = (p: ParamValues) => num(p, 'wavelengths-per-node');

/** The star's parameters read, unchecked: a card's `parse` checks them (parseChecked), views read a run's. */
export function readStar(p: ParamValues): StarConfig {
  return {
    nodes: num(p, 'nodes'),
    k: kOf(p),
    tuningDelay: num(p, 'tuning-delay'),
    messages: 'messages' in p ? num(p, 'messages') : 1,
    splitSteps: p['variant'] === 'split' ? num(p, 'split-steps') : 0,
  };
}

/**
 * Processors of the machine a TCP2 algorithm (gossip, multi-scatter) runs on: P padded to the
 * smallest product of clique sizes ≤ k + 1 (dummies included).
 */
export function tcp2Machine(c: StarConfig): number {
  const r = tcp2Radices(c.nodes, c.k);
  return r.stride[r.radix.length];
}

/** P, k and h as the paper's formulas read them (h = ⌈log_(k+1) P⌉). */
export function shapeOf(c: StarConfig): StarShape {
  return { p: c.nodes, k: c.k, h: tcpDepth(c.nodes, c.k) };
}

/** Every home wavelength must fit a channel id: k · (processors, dummies included) ≤ 65 535. */
export function validateStar(c: StarConfig, machine: number): ParamIssue[] {
  const k = c.k;
  if (k * machine > MAX_WAVELENGTHS)
    return [
      {
        key: 'nodes',
        message:
          `k · P must be at most ${MAX_WAVELENGTHS.toLocaleString('en-US')} (one home wavelength per transmitter)` +
          `; with k = ${k} this machine has ${machine.toLocaleString('en-US')} processors` +
          (machine > c.nodes ? ' after padding' : ''),
      },
    ];
  return [];
}

/**
 * A star card's configuration, read from its parameters and checked: first the card's own rules
 * (`own`), then the home wavelengths for the machine its algorithm runs on (`machineOf`: the nodes,
 * or more when it pads with dummies).
 */
export function parseStar(
  defs: readonly ParamDef[],
  p: ParamValues,
  machineOf: (c: StarConfig) => number,
  own: (c: StarConfig) => ParamIssue[] = () => [],
): StarConfig {
  return parseChecked(defs, p, readStar, (c) => {
    const issues = own(c);
    return issues.length ? issues : validateStar(c, machineOf(c));
  });
}

/** What the star's panels call a time unit and a block, shared by the five algorithms. */
export const STAR_UNITS = { time: 'time units', data: 'messages' };

/** "Nodes 10 … 26 are dummies …" when the machine is padded, else "". */
export function dummySentence(real: number, machine: number): string {
  return machine > real
    ? ` Nodes ${real} … ${machine - 1} are dummies, drawn as ghosts: they pad P to ${machine}, start empty and only relay.`
    : '';
}

/** How gossip and multi-scatter choose their machine (the `padding` row). */
export const TCP2_MACHINE = {
  tex: "P'' = r_0 r_1 \\cdots r_{h-1} \\ge P,\\ r_q \\le k+1",
  source: 'ours: the smallest product of h clique sizes ≤ k+1 (the paper pads to (k+1)^h)',
};
