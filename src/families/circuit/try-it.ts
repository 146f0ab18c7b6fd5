import type { BoundInput, TryBound } from '../../tryit/bounds';
import type { FamilyTryIt } from '../../tryit/family-try';
import { circuitStepSeconds } from './circuit-alltoall';
import { readCircuit, type CircuitConfig } from './circuit-params';
import { CIRCUIT_CHOICES } from './try-choices';

/**
 * Bytes of one block of a circuit-switch exercise: every node's message m split over its blocks
 * (B / nodes of them: one per destination, or Bruck's two), as the family's time model reads them.
 */
export function circuitBlockBytes(c: CircuitConfig, blockCount: number): number {
  return (c.model.messageBytes * c.nodes) / blockCount;
}

/**
 * Time on the circuit switch (ours, from the ReTri paper's cost model, Sec. 3.4): node v's own blocks
 * for others leave it over its two circuits, so over all phases the busier one carries ⌈c_v / 2⌉ of
 * them; a schedule has a phase (α_s) and a hop (α_h) at least.
 */
function circuitTimeBound(x: BoundInput): TryBound {
  const n = x.topology.nodeCount;
  const own = new Uint32Array(n);
  const d = x.blocks.destinations;
  for (let b = 0; b < x.blocks.count; b++) {
    const o = x.blocks.origin[b];
    const to = d.kind === 'single' ? d.nodes[b] : -1;
    if (to !== o) own[o]++;
  }
  let v = 0;
  for (let u = 1; u < n; u++) if (own[u] > own[v]) v = u;
  const c = readCircuit(x.params);
  const model = c.model;
  const bytes = circuitBlockBytes(c, x.blocks.count);
  const carried = Math.ceil(own[v] / 2);
  const seconds = model.phase + model.hop + carried * bytes * model.beta;
  return {
    id: 'circuit-time',
    label: 'time: a node’s blocks leave over its two circuits',
    value: seconds,
    unit: 's',
    why: `node ${v} sends ${own[v]} blocks of its own over its two circuits: ${carried} over the busier one, ${bytes.toFixed(0)} B each, plus one phase start α_s and one hop α_h`,
    source: 'ours (ReTri paper’s cost model, Sec. 3.4)',
    scope: 'any',
    argument: { vertices: [v], count: own[v], perStep: 2 },
  };
}

/**
 * "Try it" on the circuit switch: an offset set per step, time by the ReTri paper's phases (a
 * changed offset is a reconfiguration, δ), and the time a node's own blocks need at least.
 */
export const CIRCUIT_TRY_IT: FamilyTryIt = {
  time(x, s, usage) {
    const c = readCircuit(x.params);
    const offsets = x.offsets ?? [];
    // The switch starts with offset 1 (a ring); any other offset, or a change, rebuilds the circuits.
    const reconfigured = offsets.map((o, i) => o !== (i === 0 ? 1 : offsets[i - 1]));
    return {
      perStep: circuitStepSeconds(usage, c.model, circuitBlockBytes(c, s.blocks.count), reconfigured),
    };
  },
  bounds: (x, generic) => [...generic(), circuitTimeBound(x)],
  choices: CIRCUIT_CHOICES,
};
