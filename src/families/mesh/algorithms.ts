import { specOnParams } from '../../kernel/config';
import type { AlgorithmSpec } from '../../kernel/spec';
import { meshAllReduce, otisAllReduce } from './otis-allreduce';

/** The mesh family's algorithms (one registry line imports them). */
export const MESH_ALGORITHMS: readonly AlgorithmSpec[] = [
  specOnParams(meshAllReduce),
  specOnParams(otisAllReduce),
];
