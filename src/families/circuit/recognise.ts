import type { Recognised } from '../../kernel/model/interconnect';
import type { Schedule } from '../../kernel/model/schedule';
import { sameLinks } from '../../kernel/model/same-links';
import type { Topology } from '../../kernel/model/topology';
import { circuitLink, circuitTopology } from './circuits';

/**
 * A network from a file as the circuit switch it is, if it is one: the links `circuitTopology` makes
 * for the configurations the file's links show (node 0's right-hand link of each gives its offset).
 */
export function recogniseCircuit(t: Topology, s: Schedule): Recognised | null {
  const n = t.nodeCount;
  if (n < 2 || t.auxCount !== 0 || t.linkCount === 0 || t.linkCount % (2 * n) !== 0) return null;
  const offsets = Array.from(
    { length: t.linkCount / (2 * n) },
    (_, c) => t.linkTo[circuitLink(n, c, 0, 1)] % n,
  );
  const circuits = circuitTopology(n, offsets);
  return sameLinks(t, circuits) ? { topology: circuits, schedule: s, params: { nodes: n } } : null;
}
