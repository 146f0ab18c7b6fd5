import { num, type ParamDef, type ParamIssue, type ParamValues } from '../../kernel/params/schema';
import type { MeshShape } from './geometry';
import type { Method, Ports } from './rounds';
import { parseChecked } from '../../kernel/config';
import { OTIS_PAPER } from './paper';

export const METHOD_PARAM: ParamDef = {
  key: 'method',
  label: 'Method',
  kind: 'enum',
  options: [
    { value: 'edn', label: 'EDN levels (all-port EDN-OTIS-Mesh)', short: 'EDN' },
    {
      value: 'edn-combine',
      label: 'EDN levels, the top level combined on the way (ours)',
      short: 'EDN, top combined',
    },
    { value: 'direct', label: 'direct to the root (OTIS-Mesh)', short: 'direct' },
    { value: 'binomial', label: 'binomial tree of partials (ours)', short: 'binomial tree' },
  ],
  default: 'edn',
  group: 'algorithm',
  help: 'EDN: partials climb the extended-dominating-node levels, then the four top-level partials go straight to the root. EDN, top level combined: top-level nodes first combine in pairs, so the root takes them in 2 steps wherever it sits. Direct: every node sends straight to the root. Binomial: halving along rows, then the column.',
};

export const PORTS_PARAM: ParamDef = {
  key: 'ports',
  label: 'Ports',
  kind: 'enum',
  options: [
    { value: 'all', label: 'all-port (every channel at once)' },
    { value: 'single', label: 'single-port (one send, one receive per step)' },
  ],
  default: 'all',
  group: 'network',
  help: 'All-port: a processor uses all its channels in one step. Single-port: it sends at most one and receives at most one message per step.',
};

/** The wormhole time model (docs/models/otis.md): per message t_s + h·t_r + m·t_1; a step costs its slowest. */
export const TIME_PARAMS: readonly ParamDef[] = [
  {
    key: 'message-bytes',
    label: 'Message size m',
    kind: 'int',
    min: 1,
    max: 1 << 30,
    default: 64,
    unit: 'B',
    group: 'message',
    help: 'Bytes of one partial result (a synchronisation message is a few bytes).',
  },
  {
    key: 'startup-us',
    label: 'Start-up t_s',
    kind: 'number',
    min: 0,
    max: 1e6,
    default: 5,
    unit: 'µs',
    group: 'time model',
    help: 'Fixed cost of sending one message.',
  },
  {
    key: 'hop-us',
    label: 'Per hop t_r',
    kind: 'number',
    min: 0,
    max: 1e6,
    default: 0.05,
    unit: 'µs',
    group: 'time model',
    help: 'Router delay per electronic hop (the header’s way through the mesh).',
  },
  {
    key: 'byte-ns',
    label: 'Per byte t_1',
    kind: 'number',
    min: 0,
    max: 1e6,
    default: 1,
    unit: 'ns',
    group: 'time model',
    help: 'Time per byte on a channel (1 ns/B = 1 GB/s).',
  },
  {
    key: 'optical-us',
    label: 'Optical hop',
    kind: 'number',
    min: 0,
    max: 1e6,
    default: 0.5,
    unit: 'µs',
    group: 'time model',
    help: 'Delay of one optical transpose link (instead of t_r).',
  },
];

/** What the mesh and OTIS-Mesh all-reduces are configured with, read once from their parameters. */
export interface MeshConfig {
  /** One side × side mesh (groups = 1), or an OTIS-Mesh of `groups` groups of side × side (groups = P). */
  shape: MeshShape;
  method: Method;
  ports: Ports;
  /** The root: its row-major index in the mesh, or in the control group of an OTIS-Mesh. */
  root: number;
  /** The OTIS-Mesh's control group, whose number is also every group's gateway; 0 on a plain mesh. */
  control: number;
  time: WormholeTime;
}

/**
 * The parameters read, unchecked (a card's `parse` checks them first): `group-size` makes an OTIS-Mesh
 * of that many groups, `side` a plain mesh.
 */
export function readMesh(p: ParamValues): MeshConfig {
  const otis = 'group-size' in p;
  const P = otis ? num(p, 'group-size') : 1;
  return {
    shape: otis ? { side: Math.round(Math.sqrt(P)), groups: P } : { side: num(p, 'side'), groups: 1 },
    method: String(p['method']) as Method,
    ports: String(p['ports']) as Ports,
    root: num(p, 'root'),
    control: otis ? num(p, 'control-group') : 0,
    time: wormholeTimeOf(p),
  };
}

/**
 * Processors a mesh configuration has: side² on a plain mesh, P² on an OTIS-Mesh (P groups of P
 * processors each; P itself, not the side it rounds to, so a group size that is not a square counts
 * what was asked).
 */
export const meshProcessors = (c: MeshConfig): number =>
  c.shape.groups > 1 ? c.shape.groups ** 2 : c.shape.side ** 2;

const isPowerOf = (x: number, base: number) => {
  let v = 1;
  while (v < x) v *= base;
  return v === x;
};

/**
 * Checks a group of side × side processors for the method: EDN (either way) needs side = 2^(H+1) ≥ 4 (P = 4^k ≥
 * 16, the paper's assumption), the binomial tree a power of two, the direct method any side ≥ 2;
 * EDN needs all ports (a level-j EDN takes three partials in one step).
 */
export function validateGroup(c: MeshConfig, key: string, what: string): ParamIssue[] {
  const { method, shape } = c;
  const side = shape.side;
  const edn = method === 'edn' || method === 'edn-combine';
  if (edn && (side < 4 || !isPowerOf(side, 2)))
    return [{ key, message: `${what} must be a power of 4 from 16 up for EDN levels (P = 4^k, k ≥ 2)` }];
  if (method === 'binomial' && !isPowerOf(side, 2))
    return [
      { key, message: `${what} must be a power of 4 for the binomial tree (a side that is a power of two)` },
    ];
  if (edn && c.ports === 'single')
    return [
      { key: 'ports', message: 'EDN levels need all ports: a level-j node takes three partials in one step' },
    ];
  return [];
}

/** The processor that combines everything, by its row-major index in its group (`max`: the largest). */
export function rootParam(max: number, help: string): ParamDef {
  return { key: 'root', label: 'Root', kind: 'int', min: 0, max, default: 10, group: 'algorithm', help };
}

/** What both all-reduce cards of the family (one mesh, the OTIS-Mesh) say alike. */
export const MESH_ALLREDUCE = {
  family: 'Mesh',
  collective: 'allreduce',
  topology: 'mesh',
  paper: OTIS_PAPER,
  noTree: 'its reduction tree is drawn on the mesh itself (EDN levels)',
} as const;

/**
 * A mesh card's `parse`: its parameters read, then checked: `first`, a rule that makes the others
 * meaningless (OTIS's square groups), alone when it fails; then the group's side for the method
 * (named by `groupKey`), the root inside the group, and the card's `more`.
 */
export function parseMesh(
  defs: readonly ParamDef[],
  p: ParamValues,
  groupKey: string,
  rules: { first?: (c: MeshConfig) => ParamIssue[]; more?: (c: MeshConfig) => ParamIssue[] } = {},
): MeshConfig {
  return parseChecked(defs, p, readMesh, (c) => {
    const first = rules.first?.(c) ?? [];
    if (first.length) return first;
    const side = c.shape.side;
    return [
      ...validateGroup(c, groupKey, groupKey),
      ...checkIndex(c.root, 'root', side * side, 'root'),
      ...(rules.more?.(c) ?? []),
    ];
  });
}

/** A node index (`value`, of parameter `key`) inside a group of `groupSize` processors. */
export function checkIndex(value: number, key: string, groupSize: number, what: string): ParamIssue[] {
  return value < groupSize
    ? []
    : [{ key, message: `${what} must be a processor of the group: 0 to ${groupSize - 1}` }];
}

/**
 * Memory words (4 bytes) a processor costs in the result the page receives: its counts per step, its
 * messages with their routes and contributions, its share of the network's links. Measured at a
 * million processors (P = 1024): 164 MiB for EDN, 268 MiB for single-port direct, 41 and 67 words
 * a processor. Counted as holding cells, so every size up to P = 1024 fits the browser's limit.
 */
export const PARTIAL_WORDS = 64;

/** The wormhole model's costs (mesh, OTIS-Mesh and NoC families) and the message size, in seconds and bytes. */
export interface WormholeTime {
  /** t_s: a message's start-up. */
  startup: number;
  /** t_r: one electronic hop. */
  hop: number;
  /** t_1: one byte. */
  perByte: number;
  /** t_o: one optical (transpose) link; 0 where the model has none (the NoC). */
  optical: number;
  messageBytes: number;
}

/** The wormhole costs read from the parameters (`optical-us` only where the family has it). */
export function wormholeTimeOf(p: ParamValues): WormholeTime {
  return {
    startup: num(p, 'startup-us') * 1e-6,
    hop: num(p, 'hop-us') * 1e-6,
    perByte: num(p, 'byte-ns') * 1e-9,
    optical: 'optical-us' in p ? num(p, 'optical-us') * 1e-6 : 0,
    messageBytes: num(p, 'message-bytes'),
  };
}
