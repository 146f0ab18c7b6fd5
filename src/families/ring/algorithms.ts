import { specOnParams } from '../../kernel/config';
import type { AlgorithmSpec } from '../../kernel/spec';
import { neighborExchange } from './neighbor-exchange';
import { oneStage } from './one-stage';
import { optree } from './optree/optree';
import { ringAllgather } from './ring-allgather';
import { wrht } from './wrht';

/** The WDM-ring all-gathers, in the OpTree paper's order (one registry line imports them). */
export const RING_ALGORITHMS: readonly AlgorithmSpec[] = [
  specOnParams(ringAllgather),
  specOnParams(neighborExchange),
  specOnParams(oneStage),
  specOnParams(wrht),
  specOnParams(optree),
];
