import { cardOnParams } from '../../kernel/config';
import type { AlgorithmCard } from '../../kernel/spec';
import { bruckCard } from './bruck.card';
import { directAlltoallCard } from './direct-alltoall.card';
import { retriCard } from './retri.card';

/** The circuit-switch all-to-alls' cards, in the order of `algorithms.ts`. */
export const CIRCUIT_CARDS: readonly AlgorithmCard[] = [
  cardOnParams(retriCard),
  cardOnParams(bruckCard),
  cardOnParams(directAlltoallCard),
];
