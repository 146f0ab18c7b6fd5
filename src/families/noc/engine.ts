import type { FamilyEngine } from '../../family';
import { NOC_ALGORITHMS } from './algorithms';
import { nocFig3, nocTable2 } from './noc-repro';

/** The NoC family's engine: its builders and its paper checks' computations. */
export const NOC_ENGINE: FamilyEngine = { algorithms: NOC_ALGORITHMS, checks: [nocTable2, nocFig3] };
