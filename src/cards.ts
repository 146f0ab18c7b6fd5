import { CIRCUIT_CARDS } from './families/circuit/cards';
import { RING_CARDS } from './families/ring/cards';
import { STAR_CARDS } from './families/star/cards';
import { MESH_CARDS } from './families/mesh/cards';
import { NOC_CARDS } from './families/noc/cards';
import type { AlgorithmCard } from './kernel/spec';

/**
 * Every algorithm's card (what the page's main thread knows: names, parameters, limits, narration),
 * one line per family, in the order of `registry.ts`, which adds the builders. The app's main thread
 * reads this list and never the registry, so no schedule builder lands in its bundle.
 */
export const ALGORITHM_CARDS: readonly AlgorithmCard[] = [
  ...RING_CARDS,
  ...STAR_CARDS,
  ...CIRCUIT_CARDS,
  ...MESH_CARDS,
  ...NOC_CARDS,
];

export const DEFAULT_ALGORITHM = ALGORITHM_CARDS[0].id;

export function findCard(id: string): AlgorithmCard | undefined {
  return ALGORITHM_CARDS.find((a) => a.id === id);
}
