import { neighborExchange } from './neighbor-exchange';
import { ringAllgather } from './ring-allgather';
import { STAR_ALGORITHMS } from './star';
import type { AlgorithmSpec } from './spec';

/**
 * Every algorithm the product knows. The UI, the permalink codec, the command line and the tests all
 * read this list: adding an algorithm is one module and one line here.
 */
export const ALGORITHMS: readonly AlgorithmSpec[] = [ringAllgather, neighborExchange, ...STAR_ALGORITHMS];

export const DEFAULT_ALGORITHM = ringAllgather.id;

export function findAlgorithm(id: string): AlgorithmSpec | undefined {
  return ALGORITHMS.find((a) => a.id === id);
}
