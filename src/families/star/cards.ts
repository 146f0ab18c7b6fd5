import { cardOnParams } from '../../kernel/config';
import type { AlgorithmCard } from '../../kernel/spec';
import { starBroadcastCard } from './broadcast.card';
import { starGatherCard } from './gather.card';
import { starGossipCard } from './gossip.card';
import { starMultiscatterCard } from './multiscatter.card';
import { starScatterCard } from './scatter.card';

/** The passive-star algorithms' cards, in the order of `algorithms.ts`. */
export const STAR_CARDS: readonly AlgorithmCard[] = [
  cardOnParams(starScatterCard),
  cardOnParams(starGatherCard),
  cardOnParams(starBroadcastCard),
  cardOnParams(starGossipCard),
  cardOnParams(starMultiscatterCard),
];
