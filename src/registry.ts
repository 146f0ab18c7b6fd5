import { CIRCUIT_ALGORITHMS } from './families/circuit/algorithms';
import { RING_ALGORITHMS } from './families/ring/algorithms';
import { STAR_ALGORITHMS } from './families/star/algorithms';
import { MESH_ALGORITHMS } from './families/mesh/algorithms';
import { NOC_ALGORITHMS } from './families/noc/algorithms';
import type { AlgorithmSpec } from './kernel/spec';

/**
 * Every algorithm the product knows, card and builder (`cards.ts` holds the cards alone, for the
 * app's main thread), one line per family (`families/<family>/algorithms.ts`). The worker,
 * the command line and the tests read this list; the page and the permalink codec read the cards. Adding an algorithm is one
 * module and one line in its family's list; adding a family is a folder and a line here (and one in
 * `interconnects.ts`).
 */
export const ALGORITHMS: readonly AlgorithmSpec[] = [
  ...RING_ALGORITHMS,
  ...STAR_ALGORITHMS,
  ...CIRCUIT_ALGORITHMS,
  ...MESH_ALGORITHMS,
  ...NOC_ALGORITHMS,
];

export function findAlgorithm(id: string): AlgorithmSpec | undefined {
  return ALGORITHMS.find((a) => a.id === id);
}
