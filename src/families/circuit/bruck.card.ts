import { type AlgorithmCard } from '../../kernel/spec';
import { RECONFIGURE_PARAM, circuitParams, circuitSentence, type CircuitConfig } from './circuit-params';
import { BRUCK_FAMILY, ceilLog } from './reconfig-formulas';
import { plural } from '../../kernel/util/units';
import { RETRI_PAPER } from './paper';

/**
 * Bruck's all-to-all with mirroring on a circuit switch (the reconfigurable baseline of the ReTri
 * paper, Sec. 2 and 4, after its reference "Bridge"): every block is split in two halves. The first
 * half travels clockwise by the binary digits of (d − r) mod n, the second counter-clockwise by those
 * of (r − d) mod n; in phase k a node sends the halves whose bit k is set 2^k onwards. ⌈log2 n⌉
 * phases, subrings of n/2^k nodes after a reconfiguration before phase k.
 */
export const BRUCK_MAX_NODES = 2048;

export function bruckPhases(c: CircuitConfig): number {
  return ceilLog(c.nodes, 2);
}

/** The low `s` bits of x, least significant first. */
function bitsOf(x: number, s: number): string {
  return Array.from({ length: s }, (_, k) => (x >> k) & 1).join('');
}

export const bruckCard: AlgorithmCard<CircuitConfig> = {
  id: 'bruck',
  name: 'Bruck (mirrored)',
  family: 'Reconfigurable all-to-all',
  collective: 'alltoall',
  topology: 'circuit',
  paper: RETRI_PAPER,
  reconfigFamily: BRUCK_FAMILY,
  blockRoute: (_c, r, d, ring, phases) =>
    `binary digits (phase 0 first): clockwise half ${bitsOf((((d - r) % ring) + ring) % ring, phases)}, ` +
    `mirrored half ${bitsOf((((r - d) % ring) + ring) % ring, phases)}`,
  summary:
    'Bruck’s all-to-all in ⌈log2 n⌉ phases, mirrored so that both directions of every circuit carry ' +
    'data: half of each block goes clockwise by the binary digits of its distance, the other half ' +
    'counter-clockwise. In phase k the peers are 2^k away; rebuilding the circuits makes that one hop.',
  ...circuitParams(
    {
      key: 'nodes',
      label: 'Nodes n',
      kind: 'int',
      min: 2,
      max: BRUCK_MAX_NODES,
      default: 16,
      group: 'network',
      help: 'Accelerators, each with two transceivers on the optical circuit switch.',
    },
    { ...RECONFIGURE_PARAM, default: '0,1,1,1' },
  ),
  estimate(c) {
    const n = c.nodes;
    const s = bruckPhases(c);
    const blocks = 2 * n * n;
    return {
      steps: s,
      transfers: 2 * n * s,
      blockRefs: (blocks * s) / 2,
      holdingCells: blocks + (blocks * s) / 2,
    };
  },
  narrate(c, f) {
    const k = f.step - 1;
    return (
      `Phase ${k}: every node sends the half-blocks whose bit ${k} is set ${2 ** k} positions on, the clockwise ` +
      `halves right and the mirrored halves left: ${plural(f.transfers, 'transfer')}, ${plural(f.blocksMoved, 'half-block')}. ` +
      circuitSentence(c, bruckPhases(c), 2, k)
    );
  },
};
