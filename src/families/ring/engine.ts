import type { FamilyEngine } from '../../family';
import { RING_ALGORITHMS } from './algorithms';
import { OPTREE_REPRODUCTIONS } from './optree/optree-repro';

/** The WDM ring's engine: its builders and its paper checks' computations (worker and command line). */
export const RING_ENGINE: FamilyEngine = { algorithms: RING_ALGORITHMS, checks: OPTREE_REPRODUCTIONS };
