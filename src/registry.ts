import { CIRCUIT_ALGORITHMS } from './families/circuit/algorithms';
import { RING_ALGORITHMS } from './families/ring/algorithms';
import { STAR_ALGORITHMS } from './families/star/algorithms';
import type { AlgorithmSpec } from './kernel/spec';

/**
 * Every algorithm the product knows, one line per family (`families/<family>/algorithms.ts`). The UI,
 * the permalink codec, the command line and the tests all read this list: adding an algorithm is one
 * module and one line in its family's list; adding a family is a folder and a line here (and one in
 * `interconnects.ts`).
 */
export const ALGORITHMS: readonly AlgorithmSpec[] = [
  ...RING_ALGORITHMS,
  ...STAR_ALGORITHMS,
  ...CIRCUIT_ALGORITHMS,
];

export const DEFAULT_ALGORITHM = RING_ALGORITHMS[0].id;

export function findAlgorithm(id: string): AlgorithmSpec | undefined {
  return ALGORITHMS.find((a) => a.id === id);
}
