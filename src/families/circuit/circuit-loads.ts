import { blockCountOf, type Schedule } from '../../kernel/model/schedule';
import type { Topology } from '../../kernel/model/topology';
import { drawsBands, transfersInStep, type CircuitLoads } from './circuit-bands';

/**
 * The blocks that cross each circuit in a dense phase, which the circuit view draws as bands (one per
 * circuit and direction) instead of one line per transfer: counted in the worker, with the result
 * (the circuit switch's `extras.loads`). Static all-to-all on 256 nodes crosses about 4 million
 * circuits in its one phase, which took the page's main thread 15–115 ms each time it was shown.
 */

/**
 * Adds up the blocks crossing every link in step `step` of a link-list schedule (a transfer of b
 * blocks over h circuits adds b to each of its h links).
 */
export function circuitLoads(s: Schedule, topo: Topology, step: number): CircuitLoads {
  const blocks = new Float64Array(topo.linkFrom.length);
  const out: CircuitLoads = { blocks, max: 0, usedRight: 0, usedLeft: 0, crossings: 0 };
  if (step < 1 || step > s.stepCount || s.path.kind !== 'link-list') return out;
  const { offsets, links } = s.path;
  // Block lists read straight from their offsets (null: one block each); other forms ask blockCountOf.
  const tb = s.transferBlocks;
  const lists = tb.kind === 'pairs' || tb.kind === 'ranges' ? undefined : tb.offsets;
  let crossings = 0;
  for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) {
    const b = lists === undefined ? blockCountOf(s, t) : lists === null ? 1 : lists[t + 1] - lists[t];
    const [k0, k1] = [offsets[t], offsets[t + 1]];
    for (let k = k0; k < k1; k++) blocks[links[k]] += b;
    crossings += b * (k1 - k0);
  }
  out.crossings = crossings;
  for (let l = 0; l < blocks.length; l++) {
    if (blocks[l] === 0) continue;
    if (blocks[l] > out.max) out.max = blocks[l];
    if (topo.linkKind[l] === 0) out.usedRight++;
    else out.usedLeft++;
  }
  return out;
}

/** Each step's loads where it is drawn as bands (`drawsBands`), else null; index s − 1 for step s. */
export function circuitLoadsByStep(s: Schedule, topo: Topology): (CircuitLoads | null)[] {
  const out: (CircuitLoads | null)[] = [];
  for (let step = 1; step <= s.stepCount; step++)
    out.push(drawsBands(transfersInStep(s, step), topo.nodeCount) ? circuitLoads(s, topo, step) : null);
  return out;
}
