import { type AlgorithmCard } from '../../kernel/spec';
import { RECONFIGURE_PARAM, circuitParams, circuitSentence, type CircuitConfig } from './circuit-params';
import { RETRI_FAMILY, balancedTernary, ceilLog, centred } from './reconfig-formulas';
import { plural } from '../../kernel/util/units';
import { RETRI_PAPER } from './paper';

/**
 * ReTri (ReTri paper, Sec. 3): all-to-all in ⌈log3 n⌉ phases. Block B[r,d] moves by the balanced-
 * ternary digits of its centred offset d − r: in phase k by τ_k·3^k. With `layout = padded` the run
 * uses the next power of three, the extra nodes being ghosts that only relay (the paper's way); with
 * `modular` the same rule runs modulo n itself, which is correct for every n (see docs/models/retri.md).
 */
export const RETRI_MAX_NODES = 2187;

export interface RetriShape {
  /** Real nodes n. */
  n: number;
  /** Nodes on the switch: n (modular) or 3^s (padded). */
  ring: number;
  phases: number;
}

export function retriShape(c: CircuitConfig): RetriShape {
  const n = c.nodes;
  const phases = ceilLog(n, 3);
  const ring = c.layout === 'padded' ? 3 ** phases : n;
  return { n, ring, phases };
}

export const retriCard: AlgorithmCard<CircuitConfig> = {
  id: 'retri',
  name: 'ReTri',
  family: 'Reconfigurable all-to-all',
  collective: 'alltoall',
  topology: 'circuit',
  paper: RETRI_PAPER,
  reconfigFamily: RETRI_FAMILY,
  blockRoute: (_c, r, d, ring, phases) =>
    `balanced-ternary digits of Δ = ${centred(d - r, ring)}: (${balancedTernary(centred(d - r, ring), phases)
      .map((t) => (t > 0 ? '+1' : t < 0 ? '−1' : '0'))
      .join(', ')}) for phases 0…${phases - 1}`,
  summary:
    'Each node talks to the peers 3^k to its left and right in phase k. A block travels by the ' +
    'balanced-ternary digits of the distance to its destination: digit +1 sends it right, −1 left, 0 ' +
    'keeps it. Rebuilding the circuits before a phase makes every transfer one hop; reusing the old ' +
    'ones saves the reconfiguration delay but sends data over several hops with more congestion.',
  ...circuitParams(
    {
      key: 'nodes',
      label: 'Nodes n',
      kind: 'int',
      min: 2,
      max: RETRI_MAX_NODES,
      default: 27,
      group: 'network',
      help: 'Accelerators, each with two transceivers on the optical circuit switch.',
    },
    {
      key: 'layout',
      label: 'Other n',
      kind: 'enum',
      options: [
        { value: 'modular', label: 'route modulo n' },
        { value: 'padded', label: 'pad to a power of 3' },
      ],
      default: 'modular',
      group: 'network',
      help: 'When n is not a power of three: route modulo n, or run on the next power of three with ghosts.',
    },
    RECONFIGURE_PARAM,
  ),
  estimate(c) {
    const { n, ring, phases } = retriShape(c);
    const blocks = n * n;
    return {
      steps: phases,
      transfers: 2 * ring * phases,
      blockRefs: Math.ceil((2 / 3) * blocks * phases),
      holdingCells: blocks + Math.ceil((2 / 3) * blocks * phases),
    };
  },
  narrate(c, f) {
    const { n, ring, phases } = retriShape(c);
    const k = f.step - 1;
    const circuits = circuitSentence(c, phases, 3, k);
    const perNode = ring === n && 3 ** phases === n ? ` (${n / 3} each way per node)` : '';
    return (
      `Phase ${k}: every node sends the blocks whose digit ${k} is +1 to the node ${3 ** k} to its right and ` +
      `those with −1 to the node ${3 ** k} to its left${perNode}: ${plural(f.transfers, 'transfer')}, ${plural(f.blocksMoved, 'block')}. ` +
      circuits
    );
  },
};
