import { neighborExchange } from './neighbor-exchange';
import { oneStage } from './one-stage';
import { optree } from './optree';
import { wrht } from './wrht';
import { ringAllgather } from './ring-allgather';
import { bruck } from './bruck';
import { directAlltoall } from './direct-alltoall';
import { retri } from './retri';
import { STAR_ALGORITHMS } from './star';
import type { AlgorithmSpec } from './spec';

/**
 * Every algorithm the product knows. The UI, the permalink codec, the command line and the tests all
 * read this list: adding an algorithm is one module and one line here.
 */
export const ALGORITHMS: readonly AlgorithmSpec[] = [
  ringAllgather,
  neighborExchange,
  oneStage,
  wrht,
  optree,
  ...STAR_ALGORITHMS,
  retri,
  bruck,
  directAlltoall,
];

export const DEFAULT_ALGORITHM = ringAllgather.id;

export function findAlgorithm(id: string): AlgorithmSpec | undefined {
  return ALGORITHMS.find((a) => a.id === id);
}
