import type { FamilyEngine } from '../../family';
import { RING_ALGORITHMS } from './algorithms';
import { OPTREE_REPRODUCTIONS } from './optree/optree-repro';
import { RING_TRY_IT } from './try-it';

/** The WDM ring's engine: its builders and its paper checks' computations (worker and command line). */
export const RING_ENGINE: FamilyEngine = {
  tryIt: RING_TRY_IT,
  algorithms: RING_ALGORITHMS,
  checks: OPTREE_REPRODUCTIONS,
};
