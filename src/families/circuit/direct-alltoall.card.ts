import { type AlgorithmCard } from '../../kernel/spec';
import { circuitParams, type CircuitConfig } from './circuit-params';
import { centred } from './reconfig-formulas';
import { formatCount, plural } from '../../kernel/util/units';
import { RETRI_PAPER } from './paper';

/**
 * Static source-to-destination all-to-all (the ReTri paper's static baseline, Sec. 4): the switch
 * keeps one ring (every node wired to i ± 1) and every block goes straight to its destination along
 * the shorter way round, all in one phase. For even n the block half-way round goes clockwise from
 * even sources and counter-clockwise from odd ones, so both directions carry the same load.
 */
export const DIRECT_MAX_NODES = 256;

export const directAlltoallCard: AlgorithmCard<CircuitConfig> = {
  id: 'direct-alltoall',
  name: 'Static all-to-all',
  family: 'Reconfigurable all-to-all',
  collective: 'alltoall',
  topology: 'circuit',
  paper: RETRI_PAPER,
  blockRoute: (_c, r, d, ring) => `goes straight, ${Math.abs(centred(d - r, ring))} circuits`,
  summary:
    'No reconfiguration: the circuits form one ring and every node sends each block straight to its ' +
    'destination the shorter way round, all at once. One phase, but blocks share circuits: the busiest ' +
    'circuit carries about n²/8 blocks.',
  ...circuitParams({
    key: 'nodes',
    label: 'Nodes n',
    kind: 'int',
    min: 2,
    max: DIRECT_MAX_NODES,
    default: 16,
    group: 'network',
    help: 'Accelerators on the static ring of circuits.',
  }),
  estimate(c) {
    const n = c.nodes;
    return { steps: 1, transfers: n * (n - 1), blockRefs: n * (n - 1), holdingCells: 2 * n * n };
  },
  narrate(c, f) {
    const n = c.nodes;
    return (
      `All at once: each of the ${formatCount(n)} nodes sends its ${plural(n - 1, 'block')} straight to their destinations over the ` +
      `static ring, up to ${plural(Math.floor(n / 2), 'circuit')} away: ${plural(f.transfers, 'transfer')} share the ${formatCount(2 * n)} circuits.`
    );
  },
};
