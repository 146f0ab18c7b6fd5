import type { FamilyEngine } from '../../family';
import { NOC_ALGORITHMS } from './algorithms';
import { nocFig3, nocTable2 } from './noc-repro';
import { NOC_TRY_IT } from './try-it';

/** The NoC family's engine: its builders and its paper checks' computations. */
export const NOC_ENGINE: FamilyEngine = {
  tryIt: NOC_TRY_IT,
  algorithms: NOC_ALGORITHMS,
  checks: [nocTable2, nocFig3],
};
