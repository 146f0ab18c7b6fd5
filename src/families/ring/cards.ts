import { cardOnParams } from '../../kernel/config';
import type { AlgorithmCard } from '../../kernel/spec';
import { neighborExchangeCard } from './neighbor-exchange.card';
import { oneStageCard } from './one-stage.card';
import { optreeCard } from './optree/optree.card';
import { ringAllgatherCard } from './ring-allgather.card';
import { wrhtCard } from './wrht.card';

/** The WDM-ring all-gathers' cards, in the order of `algorithms.ts`. */
export const RING_CARDS: readonly AlgorithmCard[] = [
  cardOnParams(ringAllgatherCard),
  cardOnParams(neighborExchangeCard),
  cardOnParams(oneStageCard),
  cardOnParams(wrhtCard),
  cardOnParams(optreeCard),
];
