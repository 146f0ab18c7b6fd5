import { FAMILIES } from './family-list';
import type { AlgorithmCard } from './kernel/spec';

/**
 * Every algorithm's card (what the page's main thread knows: names, parameters, limits, narration),
 * family by family in the order of FAMILIES (src/family-list.ts); `registry.ts` adds the builders in
 * the same order. The app's main thread reads this list and never the registry, so no schedule
 * builder lands in its bundle.
 */
export const ALGORITHM_CARDS: readonly AlgorithmCard[] = FAMILIES.flatMap((f) => f.cards);

export const DEFAULT_ALGORITHM = ALGORITHM_CARDS[0].id;

export function findCard(id: string): AlgorithmCard | undefined {
  return ALGORITHM_CARDS.find((a) => a.id === id);
}
