import { FAMILY_ENGINES } from './family-engines';
import { FAMILIES } from './family-list';
import type { FamilyTable } from './family';
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

/** The command line's commands that families add (`FamilyEngine.tables`), in the order of FAMILIES. */
export const FAMILY_TABLES: readonly FamilyTable[] = FAMILIES.flatMap(
  (f) => FAMILY_ENGINES[f.kind].tables ?? [],
);

export const findTable = (command: string) => FAMILY_TABLES.find((t) => t.command === command);
