import { cardOnParams } from '../../kernel/config';
import type { AlgorithmCard } from '../../kernel/spec';
import { meshAllReduceCard } from './mesh-allreduce.card';
import { otisAllReduceCard } from './otis-allreduce.card';

/** The mesh family's cards, in the order of `algorithms.ts`. */
export const MESH_CARDS: readonly AlgorithmCard[] = [
  cardOnParams(meshAllReduceCard),
  cardOnParams(otisAllReduceCard),
];
