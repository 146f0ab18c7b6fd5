import type { ParamDef } from '../../kernel/params/schema';
import { type AlgorithmCard } from '../../kernel/spec';
import {
  MESH_ALLREDUCE,
  PARTIAL_WORDS,
  METHOD_PARAM,
  PORTS_PARAM,
  TIME_PARAMS,
  parseMesh,
  rootParam,
  type MeshConfig,
} from './mesh-params';
import { narrateAllReduce } from './narration';
import { plural } from '../../kernel/util/units';

export const MESH_PARAMS: readonly ParamDef[] = [
  {
    key: 'side',
    label: 'Side √P',
    kind: 'int',
    min: 2,
    max: 1024,
    default: 4,
    group: 'network',
    help: 'Processors per row and column: a side × side mesh.',
  },
  PORTS_PARAM,
  METHOD_PARAM,
  rootParam(1048575, 'The processor that combines everything (row-major index).'),
  ...TIME_PARAMS,
];

/** All-reduce on one 2D mesh: one group of the OTIS-Mesh, the first example to show a class. */
export const meshAllReduceCard: AlgorithmCard<MeshConfig> = {
  id: 'mesh-allreduce',
  name: '2D mesh all-reduce (direct, EDN, binomial)',
  shortName: '2D mesh all-reduce',
  ...MESH_ALLREDUCE,
  summary:
    'A side × side mesh of processors, each holding a value; all must end with the combination of all ' +
    'of them. The partials meet at the root and the result goes back out. Direct: every processor sends ' +
    'straight to the root, which takes one message per input channel per step. EDN: partials climb the ' +
    'levels of extended dominating nodes (Fig. 1: nodes 1, 7, 8 and 14 of each 4 × 4 block), one step per ' +
    'level. Binomial: partials halve along each row, then along the root’s column.',
  params: MESH_PARAMS,
  parse: (p) => parseMesh(MESH_PARAMS, p, 'side'),
  estimate(c) {
    const n = c.shape.side ** 2;
    return { steps: 2 * n, transfers: 2 * n, blockRefs: 4 * n, holdingCells: PARTIAL_WORDS * n };
  },
  goal: 'every processor holds the combination of all contributions, each counted once',
  narrateStart(c, steps) {
    const n = c.shape.side ** 2;
    return `${n.toLocaleString('en-US')} processors each hold one contribution. In ${plural(steps, 'step')} every one of them will hold the combination of all.`;
  },
  narrate: (_p, f) => narrateAllReduce(f),
};
