import type { ParamDef, ParamIssue } from '../../kernel/params/schema';
import { type AlgorithmCard } from '../../kernel/spec';
import {
  MESH_ALLREDUCE,
  PARTIAL_WORDS,
  METHOD_PARAM,
  PORTS_PARAM,
  TIME_PARAMS,
  checkIndex,
  parseMesh,
  rootParam,
  type MeshConfig,
} from './mesh-params';
import { narrateAllReduce } from './narration';
import { plural } from '../../kernel/util/units';

export const OTIS_PARAMS: readonly ParamDef[] = [
  {
    key: 'group-size',
    label: 'Group size P',
    kind: 'int',
    min: 4,
    max: 1024,
    default: 16,
    group: 'network',
    help: 'Processors per group, a square (16 = 4 × 4); there are as many groups: P × P processors in all (the paper’s “16×16 OTIS-Mesh”).',
  },
  PORTS_PARAM,
  METHOD_PARAM,
  rootParam(
    1023,
    'The root’s index in the control group (row-major). Middle: the paper’s best case; edge: its worst.',
  ),
  {
    key: 'control-group',
    label: 'Control group',
    kind: 'int',
    min: 0,
    max: 1023,
    default: 10,
    group: 'algorithm',
    help: 'The group whose processors collect the others’ partials. Its number is also the index of every group’s gateway (the processor with the optical link to it).',
  },
  ...TIME_PARAMS,
];

/**
 * All-reduce on an OTIS-Mesh (OTIS paper, Sec. III): reduction in every group to its gateway,
 * optical step to the control group, reduction there to the root, and the result back the same way.
 */
export const otisAllReduceCard: AlgorithmCard<MeshConfig> = {
  id: 'otis-allreduce',
  name: 'OTIS-Mesh all-reduce (single-port, all-port, EDN)',
  shortName: 'OTIS-Mesh all-reduce',
  ...MESH_ALLREDUCE,
  summary:
    'P groups of P processors, each group a mesh; processor (G, N) has an optical link to (N, G). Every ' +
    'processor holds a value and all must end with the combination of all of them. Each group combines ' +
    'its values at its gateway (the processor whose optical link leads to the control group), the ' +
    'gateways send them over, the control group combines everything at the root, and the result goes ' +
    'back the same way. Direct: every processor sends straight to the target. EDN: partials climb the ' +
    'levels of extended dominating nodes, one step per level.',
  params: OTIS_PARAMS,
  parse: (p) =>
    parseMesh(OTIS_PARAMS, p, 'group-size', {
      first: squareGroups,
      more: (c) => checkIndex(c.control, 'control-group', c.shape.groups, 'control-group'),
    }),
  estimate(c) {
    const P = c.shape.groups;
    const n = P * P;
    const steps = 4 * P + 2;
    const transfers = 4 * n;
    return { steps, transfers, blockRefs: 8 * n, holdingCells: PARTIAL_WORDS * n };
  },
  goal: 'every processor holds the combination of all P² contributions, each counted once',
  narrateStart(c, steps) {
    const P = c.shape.groups;
    return `${(P * P).toLocaleString('en-US')} processors in ${P} groups each hold one contribution. In ${plural(steps, 'step')} (two of them optical) every one of them will hold the combination of all.`;
  },
  narrate: (c, f) => narrateAllReduce(f, c.shape.groups),
};

/** Groups of P processors are square meshes: P must be a square. */
function squareGroups(c: MeshConfig): ParamIssue[] {
  const { side, groups: P } = c.shape;
  return side * side === P
    ? []
    : [{ key: 'group-size', message: `group-size must be a square (4, 16, 64, 256, 1024), not ${P}` }];
}
