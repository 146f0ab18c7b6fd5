import type { AlgorithmSpec } from '../../kernel/spec';
import { buildAllReduce } from './allreduce-builder';
import { meshTopology } from './geometry';
import { meshModel } from './mesh-model';
import { meshExtras } from './mesh-extras';
import { allReduceRows } from './mesh-formulas';
import type { MeshConfig } from './mesh-params';
import { meshStepSeconds } from './mesh-time';
import { meshAllReduceCard } from './mesh-allreduce.card';
import { otisAllReduceCard } from './otis-allreduce.card';

/** The all-reduce on the network `c.shape` names: the schedule, its topology and the picture's extras. */
function buildOn(algorithm: string, c: MeshConfig) {
  const { shape, root, control, method, ports } = c;
  return {
    topology: meshTopology(shape),
    schedule: buildAllReduce({ algorithm, shape, root, control, method, ports }),
    extras: meshExtras(shape, root, control, method),
  };
}

export const otisAllReduce: AlgorithmSpec<MeshConfig> = {
  ...otisAllReduceCard,
  build: (c) => buildOn('otis-allreduce', c),
  stepSeconds: (s, _usage, c) => meshStepSeconds(s, c.time),
  model: (c) => meshModel('otis-allreduce', c),
  formulas: (c, m) => allReduceRows(c, m, { root: c.root, gateway: c.control }, 2),
};

export const meshAllReduce: AlgorithmSpec<MeshConfig> = {
  ...meshAllReduceCard,
  build: (c) => buildOn('mesh-allreduce', c),
  stepSeconds: (s, _usage, c) => meshStepSeconds(s, c.time),
  model: (c) => meshModel('mesh-allreduce', c),
  formulas: (c, m) => allReduceRows(c, m, { root: c.root, gateway: c.root }, 0),
};
