import { FAMILY_ENGINES } from './family-engines';
import { FAMILIES } from './family-list';
import type { AlgorithmSpec } from './kernel/spec';

/**
 * Every algorithm the product knows, card and builder (`cards.ts` holds the cards alone, for the
 * app's main thread): each family's engine (`families/<family>/engine.ts`) in the order of
 * FAMILIES. The worker, the command line and the tests read this list; the page and the permalink
 * codec read the cards. Adding an algorithm is one module and one line in its family's list;
 * adding a family: docs/architecture.md, "How to add a family".
 */
export const ALGORITHMS: readonly AlgorithmSpec[] = FAMILIES.flatMap(
  (f) => FAMILY_ENGINES[f.kind].algorithms,
);

export function findAlgorithm(id: string): AlgorithmSpec | undefined {
  return ALGORITHMS.find((a) => a.id === id);
}
