import { num } from '../../kernel/params/schema';
import type { AlgorithmSpec } from '../../kernel/spec';
import { buildAllReduce } from './allreduce-builder';
import { meshTopology } from './geometry';
import { meshModel } from './mesh-model';
import { meshExtras } from './mesh-extras';
import { allReduceRows } from './mesh-formulas';
import { methodOf, portsOf, wormholeTimeOf } from './mesh-params';
import { meshStepSeconds } from './mesh-time';
import { meshAllReduceCard } from './mesh-allreduce.card';
import { otisAllReduceCard } from './otis-allreduce.card';

export const otisAllReduce: AlgorithmSpec = {
  ...otisAllReduceCard,
  build(p) {
    const P = num(p, 'group-size');
    const shape = { side: Math.round(Math.sqrt(P)), groups: P };
    const schedule = buildAllReduce({
      algorithm: 'otis-allreduce',
      shape,
      root: num(p, 'root'),
      control: num(p, 'control-group'),
      method: methodOf(p),
      ports: portsOf(p),
    });
    return {
      topology: meshTopology(shape),
      schedule,
      extras: meshExtras(shape, num(p, 'root'), num(p, 'control-group'), methodOf(p)),
    };
  },
  stepSeconds: (s, _usage, p) => meshStepSeconds(s, wormholeTimeOf(p)),
  model: (p) => meshModel('otis-allreduce', p),
  formulas(p, m) {
    const P = num(p, 'group-size');
    const shape = { side: Math.round(Math.sqrt(P)), groups: P };
    return allReduceRows(p, m, shape, { root: num(p, 'root'), gateway: num(p, 'control-group') }, 2);
  },
};

export const meshAllReduce: AlgorithmSpec = {
  ...meshAllReduceCard,
  build(p) {
    const shape = { side: num(p, 'side'), groups: 1 };
    const schedule = buildAllReduce({
      algorithm: 'mesh-allreduce',
      shape,
      root: num(p, 'root'),
      control: 0,
      method: methodOf(p),
      ports: portsOf(p),
    });
    return {
      topology: meshTopology(shape),
      schedule,
      extras: meshExtras(shape, num(p, 'root'), 0, methodOf(p)),
    };
  },
  stepSeconds: (s, _usage, p) => meshStepSeconds(s, wormholeTimeOf(p)),
  model: (p) => meshModel('mesh-allreduce', p),
  formulas(p, m) {
    const shape = { side: num(p, 'side'), groups: 1 };
    return allReduceRows(p, m, shape, { root: num(p, 'root'), gateway: num(p, 'root') }, 0);
  },
};
