import { cardOnParams } from '../../kernel/config';
import type { AlgorithmCard } from '../../kernel/spec';
import { nocBroadcastCard, nocScatterCard } from './noc.card';

/** The NoC family's cards, in the order of `algorithms.ts`. */
export const NOC_CARDS: readonly AlgorithmCard[] = [
  cardOnParams(nocBroadcastCard),
  cardOnParams(nocScatterCard),
];
