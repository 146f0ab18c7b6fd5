import type { AlgorithmCard, AlgorithmSpec } from '../../kernel/spec';
import { buildAllReduce } from './allreduce-builder';
import { meshTopology } from './geometry';
import { meshModel } from './mesh-model';
import { meshExtras } from './mesh-extras';
import { allReduceRows } from './mesh-formulas';
import type { MeshConfig } from './mesh-params';
import { meshStepSeconds } from './mesh-time';
import { meshAllReduceCard } from './mesh-allreduce.card';
import { otisAllReduceCard } from './otis-allreduce.card';

/**
 * The all-reduce spec of a mesh card: built on the network `c.shape` names (the schedule, its topology
 * and the picture's extras), timed and modelled alike; its formulas take where the gateways sit
 * (`gatewayOf`) and the optical steps the network adds, which the paper counts apart.
 */
function allReduceSpec(
  card: AlgorithmCard<MeshConfig>,
  gatewayOf: (c: MeshConfig) => number,
  opticalSteps: number,
): AlgorithmSpec<MeshConfig> {
  const algorithm = card.id;
  return {
    ...card,
    build: ({ shape, root, control, method, ports }) => ({
      topology: meshTopology(shape),
      schedule: buildAllReduce({ algorithm, shape, root, control, method, ports }),
      extras: meshExtras(shape, root, control, method),
    }),
    stepSeconds: (s, _usage, c) => meshStepSeconds(s, c.time),
    model: (c) => meshModel(algorithm, c),
    formulas: (c, m) => allReduceRows(c, m, { root: c.root, gateway: gatewayOf(c) }, opticalSteps),
  };
}

export const otisAllReduce = allReduceSpec(otisAllReduceCard, (c) => c.control, 2);
export const meshAllReduce = allReduceSpec(meshAllReduceCard, (c) => c.root, 0);
