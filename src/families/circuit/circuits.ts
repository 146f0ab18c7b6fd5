import { linkTopology, newLinks, type Topology } from '../../kernel/model/topology';

/**
 * Optical circuit switch with two transceivers per node (2n switch ports). A configuration with offset
 * o connects every node i to i + o and i − o (mod n): a degree-two topology, one ring or gcd(n, o)
 * subrings. Configuration c of a topology owns links c·2n .. c·2n + 2n − 1: link c·2n + i runs
 * i → i + o and link c·2n + n + i runs i → i − o. Every circuit link is `shared` (several transfers
 * may cross one circuit in a step; their congestion enters the cost model) and has one channel.
 */
export const CIRCUIT_RIGHT = 0;
export const CIRCUIT_LEFT = 1;

/** The circuit-switch topology for a list of configurations, each given by its offset. */
export function circuitTopology(n: number, offsets: readonly number[]): Topology {
  const links = newLinks(2 * n * offsets.length, n);
  offsets.forEach((o, c) => {
    for (let i = 0; i < n; i++) {
      links.set(circuitLink(n, c, i, 1), i, (i + o) % n, CIRCUIT_RIGHT);
      links.set(circuitLink(n, c, i, -1), i, (((i - o) % n) + n) % n, CIRCUIT_LEFT);
    }
  });
  return linkTopology('circuit', n, links, ['circuit-right', 'circuit-left'], { shared: true });
}

/** Id of the circuit leaving `node` in direction `dir` in configuration `config`. */
export function circuitLink(n: number, config: number, node: number, dir: 1 | -1): number {
  return config * 2 * n + (dir > 0 ? node : n + node);
}

/**
 * Which circuits serve each phase of a phased collective whose phase k talks to peers at ±offset[k].
 * A reconfiguration before phase k (`x[k]`) builds the circuits of offset[k]; without one, phase k
 * reuses the circuits in force and travels offset[k] / offset[j] circuit hops, where j is the last
 * reconfigured phase. Phase 0 runs on the ring the switch starts with (offset[0] = 1); x[0] = 1 rebuilds
 * that ring, which costs a reconfiguration and changes nothing.
 */
export interface CircuitPlan {
  /** Offsets of the configurations used, in order (configuration 0 is the starting ring). */
  configOffsets: number[];
  /** Per phase: the configuration in force. */
  phaseConfig: number[];
  /** Per phase: circuit hops of one transfer. */
  phaseHops: number[];
  /** Per phase: whether the switch is reconfigured before it. */
  reconfigured: boolean[];
  /** Number of reconfigurations R. */
  reconfigurations: number;
}

export function planCircuits(phaseOffsets: readonly number[], x: readonly boolean[]): CircuitPlan {
  const configOffsets: number[] = [];
  const phaseConfig: number[] = [];
  const phaseHops: number[] = [];
  const reconfigured: boolean[] = [];
  let current = -1;
  let currentOffset = 1;
  phaseOffsets.forEach((o, k) => {
    const rebuild = x[k] ?? false;
    reconfigured.push(rebuild);
    if (k === 0 || rebuild) {
      currentOffset = k === 0 ? phaseOffsets[0] : o;
      const existing = configOffsets.indexOf(currentOffset);
      current = existing >= 0 ? existing : configOffsets.push(currentOffset) - 1;
    }
    if (o % currentOffset !== 0) throw new Error(`phase offset ${o} is not a multiple of ${currentOffset}`);
    phaseConfig.push(current);
    phaseHops.push(o / currentOffset);
  });
  if (configOffsets.length === 0) configOffsets.push(1);
  return {
    configOffsets,
    phaseConfig,
    phaseHops,
    reconfigured,
    reconfigurations: reconfigured.filter(Boolean).length,
  };
}

/** The 2n links of configuration `config` (the circuits in force while it stands). */
export function configLinks(n: number, config: number): Uint32Array {
  const out = new Uint32Array(2 * n);
  for (let i = 0; i < 2 * n; i++) out[i] = config * 2 * n + i;
  return out;
}

/** Greatest common divisor: circuits of offset o on n nodes form gcd(n, o) subrings of n / gcd(n, o). */
export function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}
